#!/usr/bin/env bash
# Quick-start command 1: install dependencies, build, run the main job: a small real sweep
# (all 9 Asymmetric pairings, configs/sweeps/quick.toml) that ends with a balance table.
# Games go to results/quick.db; running it again resumes (stored games are not replayed).
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
./build.sh
./build/app/balance sweep configs/sweeps/quick.toml --threads "$(nproc)"
./build/app/balance report --db results/quick.db
