#!/usr/bin/env bash
# Quick-start command 1: install what the main job needs, build the `balance` binary, run the main
# job: a small real sweep (all 9 Asymmetric pairings, configs/sweeps/quick.toml) that ends with a
# balance table. Only the binary is built (no tests, no benchmarks: ./test.sh builds those), so a
# fresh clone prints its first table within minutes.
# Games go to results/quick.db; running it again resumes (stored games are not replayed).
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh --main
# A unity build (CMake joins each library's sources into a few translation units) compiles the
# same code in half the CPU time: the headers, CLI11's above all, are parsed once per bundle
# instead of once per file. The binary plays the same games at the same speed.
TARGET=balance ./build.sh -DBALANCE_BUILD_TESTS=OFF -DBALANCE_BUILD_BENCH=OFF -DCMAKE_UNITY_BUILD=ON
./build/app/balance sweep configs/sweeps/quick.toml --threads "$(nproc)"
./build/app/balance report --db results/quick.db
# The guides write `balance`; say how to make their commands paste as written.
echo
echo "The binary is build/app/balance. To run the guides' \`balance ...\` commands as written, in"
echo "this shell:  export PATH=\"$PWD/build/app:\$PATH\""
