#!/usr/bin/env bash
# Quick-start command 1: install dependencies, build, run the main job.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
./build.sh
./build/app/balance demo
