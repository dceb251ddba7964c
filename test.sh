#!/usr/bin/env bash
# Quick-start command 2: install dependencies, build, run the whole test suite.
#   ./test.sh              the whole suite built with AddressSanitizer + UndefinedBehaviorSanitizer
#                          (build-asan/); this is what CI (.ci/run) runs
#   ./test.sh --release    the whole suite on the Release build (build/), the one users run
# The sanitizer build is a unity build (CMake joins each target's sources into a few
# translation units): the same code and tests, compiled in about a third of the CPU time, which is
# what lets build and suite fit CI's 2 cores (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
if [ "${1:-}" = "--release" ]; then
  # build/ may have been configured by ./main.sh: without tests and benchmarks, as a unity build.
  ./build.sh -DBALANCE_BUILD_TESTS=ON -DBALANCE_BUILD_BENCH=ON -DCMAKE_UNITY_BUILD=OFF
  ctest --test-dir build --output-on-failure -j "$(nproc)"
else
  # -O1 with assertions on (Debug, light debug info): the sanitizers' usual setting; it compiles
  # in about half the time of -O2 and still runs the suite's games at a usable speed.
  BUILD_TYPE=Debug BUILD_DIR=build-asan ./build.sh -DBALANCE_SANITIZE=ON -DBALANCE_BUILD_BENCH=OFF \
    -DCMAKE_UNITY_BUILD=ON -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
fi
