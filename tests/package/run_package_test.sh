#!/usr/bin/env bash
# Installs a configured and built mazesearch tree into a temporary prefix, then builds and runs
# a separate project that uses it through find_package(mazesearch).
#
# usage: run_package_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail

fail() {
    echo "package test FAILED: $*" >&2
    exit 1
}

[[ $# -eq 2 ]] || { echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2; exit 2; }
build_dir=$(cd "$1" 2>/dev/null && pwd) || fail "build directory '$1' does not exist"
source_dir=$(cd "$2" 2>/dev/null && pwd) || fail "source directory '$2' does not exist"
[[ -f "$build_dir/CMakeCache.txt" ]] || fail "'$build_dir' is not a configured CMake build directory"
consumer_src="$source_dir/tests/package"
[[ -f "$consumer_src/CMakeLists.txt" ]] || fail "no consumer project at '$consumer_src'"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mazesearch-package.XXXXXX") || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT

# A build started from make (make test -> ctest -> here) must not inherit the outer make's
# jobserver settings.
unset MAKEFLAGS MFLAGS MAKELEVEL

# Build the consumer with the compiler the libraries were built with.
compiler_arg=()
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build_dir/CMakeCache.txt" | head -n 1)
[[ -n "$cxx" ]] && compiler_arg=("-DCMAKE_CXX_COMPILER=$cxx")

echo "== cmake --install $build_dir --prefix $tmp/prefix"
cmake --install "$build_dir" --prefix "$tmp/prefix" || fail "cmake --install of '$build_dir' failed"

echo "== configuring the consumer project"
cmake -S "$consumer_src" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$tmp/prefix" "${compiler_arg[@]}" \
    || fail "configuring the consumer (find_package(mazesearch)) failed"

echo "== building the consumer"
cmake --build "$tmp/build" -j2 || fail "building the consumer against the installed package failed"

echo "== running the consumer"
status=0
output=$("$tmp/build/consumer") || status=$?
echo "consumer printed: $output"
[[ $status -eq 0 ]] || fail "consumer exited with status $status (expected a feasible walk of 180 moves)"
[[ "$output" == "180" ]] || fail "consumer printed '$output', expected 180"

echo "package test passed"
