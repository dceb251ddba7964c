#!/usr/bin/env bash
# Configures and builds into build/ (Release unless BUILD_TYPE says otherwise).
# ccache, when installed (setup.sh installs it), makes rebuilds after a pull or in a second
# checkout cheap; it never changes what is built.
set -euo pipefail
cd "$(dirname "$0")"
build_type="${BUILD_TYPE:-Release}"
launcher=()
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="$build_type" "${launcher[@]}" "$@" >/dev/null
cmake --build build -j "$(nproc)"
