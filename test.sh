#!/usr/bin/env bash
# Quick-start command 2: install dependencies, build, run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
./build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
