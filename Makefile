# notera - the two commands of the README, and the other chores, over CMake.
#
#   make demo   install what is missing, build (Release), run the main job on a sample
#   make test   install what is missing, build, run every test
#   make serve  build the command, and start the transcription page on a copy of the samples
#
# Other targets: build, pgo-retrain, sanitize (tests under ASan+UBSan), acceptance, bench,
# fuzz, deps, clean. Works as root or with sudo on Debian 12.

BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=
FUZZ_SECONDS ?= 60

# Debian 12 packages the build, the tests and the benchmarks need. notera serve:
# libcpp-httplib-dev; nodejs and npm install the page's board (cm-chessboard)
# and the browser tests' driver (playwright-core); chromium runs those tests.
# python3-distributed: the Dask driver (contrib/dask) and its test.
PACKAGES = cmake make g++ pkg-config python3 xz-utils \
           tao-pegtl-dev libicu-dev icu-devtools libfmt-dev doctest-dev \
           libcli11-dev libtbb-dev nlohmann-json3-dev pgn-extract \
           libcpp-httplib-dev nodejs npm chromium \
           libarchive-dev zlib1g-dev libbz2-dev liblzma-dev libzstd-dev \
           gzip bzip2 zstd zip python3-distributed
FUZZ_PACKAGES = clang libclang-rt-14-dev

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test serve build build-cli configure pgo-retrain deps sanitize acceptance bench fuzz fuzz-deps clean

# The demo needs the command only: it builds the notera target, not the
# test suite and the benchmarks (`make test` builds those).
demo: build-cli
	@echo "== notera move: the same written move in a few positions and languages"
	$(BUILD)/cli/notera move --fen "4k3/pp3ppp/8/8/8/8/PP3PPP/1K2N1N1 w - - 0 30" --lang nb Sf3 || true
	$(BUILD)/cli/notera move --fen "4k3/pp3ppp/8/8/8/8/PP3PPP/1K2N1N1 w - - 0 30" --lang nb Sgf3
	$(BUILD)/cli/notera move --fen "3r2k1/pp3pp1/8/7p/3N4/8/PP3P1N/3K4 w - - 0 30" --lang nb Se6 || true
	@echo "== notera reconstruct: a Norwegian scoresheet with slips and a gap, back to the game played"
	$(BUILD)/cli/notera reconstruct samples/nb/solberg-haugen.sheet

test: build
	cd $(BUILD) && ctest --no-tests=error --output-on-failure -j $(JOBS)

# The transcription page (notera serve) on a copy of the samples, so that
# what is typed there never changes them: http://127.0.0.1:$(SERVE_PORT)/
# The notera target builds the page's files too (web/CMakeLists.txt).
SERVE_PORT ?= 8765
SERVE_WORKSPACE ?= $(BUILD)/serve-samples
serve: build-cli
	@mkdir -p $(SERVE_WORKSPACE)
	@for f in samples/*/*.sheet; do \
	  [ -e $(SERVE_WORKSPACE)/$$(basename $$f) ] || cp $$f $(SERVE_WORKSPACE)/; \
	done
	$(BUILD)/cli/notera serve --workspace $(SERVE_WORKSPACE) --port $(SERVE_PORT)

# The Release tree is built with profile-guided optimisation (GCC; see
# cmake/pgo.cmake): the first build also builds an instrumented command,
# runs tools/pgo-train with it, then rebuilds everything using the counts.
# Later builds reuse the counts (the stamp below); `make pgo-retrain` trains
# again, PGO=0 builds without.
PGO ?= 1
PGO_STAMP = $(BUILD)/pgo-trained

build: configure
	cmake --build $(BUILD) -j $(JOBS)

build-cli: configure
	cmake --build $(BUILD) -j $(JOBS) --target notera

configure: deps
ifeq ($(PGO),1)
	@if [ ! -f $(PGO_STAMP) ]; then \
	  echo "== profile-guided build: instrumented command, training runs"; \
	  cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DNOTERA_PGO=generate $(CMAKE_ARGS) && \
	  cmake --build $(BUILD) -j $(JOBS) --target notera && \
	  tools/pgo-train $(BUILD)/cli/notera $(BUILD) && touch $(PGO_STAMP); \
	fi
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DNOTERA_PGO=use $(CMAKE_ARGS)
else
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DNOTERA_PGO=OFF $(CMAKE_ARGS)
endif

pgo-retrain:
	rm -f $(PGO_STAMP)
	$(MAKE) build

# Installs only what is missing; apt-get runs non-interactively. A package
# counts as there when an installed package provides it (NodeSource's nodejs
# provides npm, and conflicts with Debian's npm).
deps fuzz-deps:
	@provided=$$(dpkg-query -W -f='$${Status}|$${Provides}\n' 2>/dev/null | grep '^install ok installed|' \
	  | cut -d'|' -f2 | tr ',' '\n' | sed 's/ *(.*//; s/^ *//'); \
	missing=""; for p in $(if $(filter fuzz-deps,$@),$(FUZZ_PACKAGES),$(PACKAGES)); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" \
	    || printf '%s\n' "$$provided" | grep -qx "$$p" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# Not run under the sanitizers: the page in Chromium (two minutes there,
# and its server side is the JSON API, which "serve: api" runs under them).
SANITIZE_EXCLUDE ?= -E "^serve: page$$"

# Built at -O1 (what AddressSanitizer's documentation builds with) and with
# line tables only (-g1: the stack traces keep file and line). The build
# takes about half the time of -O2 -g, the tests 10% longer: on the 2-core
# machine, 2026-11-30, a fresh build 758 s against 1,456 s, the tests 321 s
# against 291 s, every test passing either way.
SANITIZE_FLAGS ?= -O1 -g1 -DNDEBUG

sanitize: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$(SANITIZE_FLAGS)" -DNOTERA_SANITIZE=ON \
	      -DNOTERA_BUILD_BENCH=OFF $(CMAKE_ARGS)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 NOTERA_CORPUS_GAMES=10000 NOTERA_SYSTEMS_GAMES=1000 \
	  ctest --no-tests=error --output-on-failure -j $(JOBS) $(SANITIZE_EXCLUDE)

acceptance: build
	../shared/acceptance/run

# libFuzzer targets for every reader (fuzz/), built with clang, ASan and
# UBSan, each run FUZZ_SECONDS with its seeds; see fuzz/run.
fuzz: deps fuzz-deps
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
	      -DCMAKE_C_COMPILER=clang -DNOTERA_BUILD_FUZZ=ON -DNOTERA_BUILD_TESTS=OFF \
	      -DNOTERA_BUILD_BENCH=OFF $(CMAKE_ARGS)
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target notera_fuzz
	fuzz/run $(FUZZ_BUILD) $(FUZZ_SECONDS)

bench: build
	$(BUILD)/bench/notera_bench_perft

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
