#!/usr/bin/env bash
# Quick-start command 2: install dependencies, build, run the whole test suite.
#   ./test.sh              Release build (build/) and the whole suite
#   ./test.sh --sanitize   then also the whole suite built with ASan + UBSan (build-asan/)
# CI (.ci/run, with CI=true) runs the sanitizer pass too: see README "Tests" for the cost.
set -euo pipefail
cd "$(dirname "$0")"
sanitize=false
if [ "${1:-}" = "--sanitize" ] || [ "${CI:-}" = "true" ]; then sanitize=true; fi
./setup.sh
./build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
if [ "$sanitize" = true ]; then
  # RelWithDebInfo: optimised like the suite's timings assume, with line numbers in reports.
  BUILD_DIR=build-asan BUILD_TYPE=RelWithDebInfo ./build.sh -DBALANCE_SANITIZE=ON \
    -DBALANCE_BUILD_BENCH=OFF
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
fi
