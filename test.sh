#!/usr/bin/env bash
# Quick-start command 2: install dependencies, build, run the whole test suite.
#   ./test.sh              Release build (build/) and the whole suite
#   ./test.sh --sanitize   the whole suite built with ASan + UBSan instead (build-asan/)
# CI (.ci/run) runs the Release build; BALANCE_CI_SANITIZE=true makes it take the sanitizer
# build instead (a Release pass on top would not fit CI's time on 2 cores; README, Tests).
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
if [ "${1:-}" = "--sanitize" ] || [ "${BALANCE_CI_SANITIZE:-}" = "true" ]; then
  # -O1 with assertions on (Debug, light debug info): the sanitizers' usual setting; it compiles
  # in about half the time of -O2 and still runs the suite's games at a usable speed.
  BUILD_TYPE=Debug BUILD_DIR=build-asan ./build.sh -DBALANCE_SANITIZE=ON -DBALANCE_BUILD_BENCH=OFF \
    -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
else
  ./build.sh
  ctest --test-dir build --output-on-failure -j "$(nproc)"
fi
