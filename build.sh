#!/usr/bin/env bash
# Configures and builds into build/ (Release unless BUILD_TYPE says otherwise; BUILD_DIR names
# another directory, e.g. build-asan/ for ./build.sh -DBALANCE_SANITIZE=ON). Arguments go to
# the configure step; TARGET=balance builds that target alone (default: everything).
# ccache, when installed (setup.sh installs it), makes rebuilds after a pull or in a second
# checkout cheap; it never changes what is built.
set -euo pipefail
cd "$(dirname "$0")"
build_type="${BUILD_TYPE:-Release}"
build_dir="${BUILD_DIR:-build}"
launcher=()
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
target=()
if [ -n "${TARGET:-}" ]; then target=(--target "$TARGET"); fi
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" "${launcher[@]}" "$@" >/dev/null
cmake --build "$build_dir" -j "$(nproc)" "${target[@]}"
