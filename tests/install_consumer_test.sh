#!/bin/sh
# tests/install_consumer_test.sh BUILD_DIR SOURCE_DIR
#
# Installs the library from BUILD_DIR into a fresh prefix, then configures,
# builds and runs tests/consumer against it with find_package(notera
# CONFIG REQUIRED), as another project would: only the installed headers
# and the package's own find_dependency calls are there to help.
set -eu
build=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
cmake --install "$build" --prefix "$work/prefix" >/dev/null
# Nothing private may have been installed.
if find "$work/prefix/include" -name '*.hpp' | xargs grep -l '^#include [<"]\(notera/grammar/\|tao/pegtl\)' ; then
  echo "installed headers include private headers or PEGTL" >&2
  exit 1
fi
cmake -S "$source/tests/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build" -j 2 >/dev/null
"$work/build/consumer"
