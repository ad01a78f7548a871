# Profile-guided optimisation (GCC), in two passes over one build tree:
#
#   NOTERA_PGO=generate  every object counts its branches and calls; running
#                        the command (tools/pgo-train) writes *.gcda files
#                        next to the objects
#   NOTERA_PGO=use       the objects are rebuilt, laid out and inlined for
#                        what those runs did most
#
# `make build` (and so `make demo` and `make test`) does both; see the
# Makefile. Trained on the project's own samples, the one-job batch
# conversion takes about 13% less CPU (README, "Batch conversion"). The code
# means the same either way: only the speed differs.
#
# Functions edited since the training lose their profile (GCC then warns of
# a "coverage mismatch", which is silenced here) and are optimised as in a
# plain Release build; `make pgo-retrain` trains again. Functions the
# training never ran are optimised as usual too (-fprofile-partial-training),
# not for size.
set(NOTERA_PGO OFF CACHE STRING "Profile-guided optimisation pass: OFF, generate or use (GCC only)")
set_property(CACHE NOTERA_PGO PROPERTY STRINGS OFF generate use)

if(NOT NOTERA_PGO STREQUAL "OFF" AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(WARNING "NOTERA_PGO=${NOTERA_PGO} needs GCC; building without profile")
elseif(NOTERA_PGO STREQUAL "generate")
  # Atomic counters: the batch pipeline counts from several threads.
  add_compile_options(-fprofile-generate -fprofile-update=atomic)
  add_link_options(-fprofile-generate)
elseif(NOTERA_PGO STREQUAL "use")
  add_compile_options(-fprofile-use -fprofile-partial-training -Wno-missing-profile
                      -Wno-coverage-mismatch)
elseif(NOT NOTERA_PGO STREQUAL "OFF")
  message(FATAL_ERROR "NOTERA_PGO must be OFF, generate or use, not '${NOTERA_PGO}'")
endif()
