#!/usr/bin/env bash
# Installs Balance's dependencies from Debian packages. Idempotent: does nothing when all the
# packages asked for are already installed.
#   ./setup.sh          everything ./test.sh needs: build, libraries, test frameworks, peer
#                       engines, a browser and a one-node Slurm cluster
#   ./setup.sh --main   only what ./main.sh needs: the compiler, CMake, Ninja and the libraries
#                       the `balance` binary links (the quick sweep plays the internal engine)
# Without --main it also installs Node and, from the npm registry at a pinned version,
# Fairy-Stockfish built for WebAssembly (fairy-stockfish-nnue.wasm) into .deps/ of this checkout:
# the `type = "fairy-stockfish"` player runs it (players/external/fairy_stockfish_player.hpp).
set -euo pipefail
# Building and running `balance`.
main_packages=(
  build-essential cmake ninja-build pkg-config git ccache
  libtbb-dev libeigen3-dev libtomlplusplus-dev libcli11-dev libfmt-dev libsqlite3-dev
  libboost-math-dev nlohmann-json3-dev
  libcpp-httplib-dev  # balance serve
)
# The test suite, the benchmarks and the tools around the studies.
test_packages=(
  libgtest-dev libgmock-dev libbenchmark-dev
  sqlite3 xz-utils clang-format  # sqlite3 + xz: results/checkpoint.sh
  clang libclang-rt-dev  # libFuzzer targets (tests/fuzz, -DBALANCE_FUZZ=ON)
  fairymax fairy-stockfish stockfish sjaakii
  chromium  # tests/cli ReportHtml.LoadsInHeadlessChromium: the HTML report in a real browser
  # tests/slurm/cluster_test.sh: a one-node Slurm cluster, daemons started by the test itself
  munge slurmctld slurmd slurm-client
  nodejs  # the fairy-stockfish player's launcher
)
# Fairy-Stockfish for WebAssembly, pinned: a new version is a new player (its identity in a
# results database names the version) and must pass the suite's perft cross-checks first.
fsf_package="fairy-stockfish-nnue.wasm@1.1.12"
fsf_dir="$(cd "$(dirname "$0")" && pwd)/.deps"
fsf_module="$fsf_dir/node_modules/fairy-stockfish-nnue.wasm"

install_fairy_stockfish() {
  if [ -f "$fsf_module/stockfish.wasm" ] &&
     grep -q '"version": "1.1.12"' "$fsf_module/package.json" 2>/dev/null; then
    return 0
  fi
  echo "setup: installing $fsf_package into .deps/"
  mkdir -p "$fsf_dir"
  npm install --prefix "$fsf_dir" --no-save --no-audit --no-fund "$fsf_package"
}

packages=("${main_packages[@]}")
case "${1:-}" in
  --main) ;;
  "") packages+=("${test_packages[@]}") ;;
  *) echo "usage: ./setup.sh [--main]" >&2; exit 2 ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Debian's npm only where no npm is installed: beside another build of nodejs (nodesource's,
# which brings its own npm) Debian's npm package would conflict.
if [ -z "${1:-}" ] && ! command -v npm >/dev/null 2>&1; then
  missing+=(npm)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ -z "${1:-}" ]; then
  install_fairy_stockfish
fi
