#!/usr/bin/env bash
# Installs Balance's dependencies from Debian packages. Idempotent: does nothing when all the
# packages asked for are already installed.
#   ./setup.sh          everything ./test.sh needs: build, libraries, test frameworks, peer
#                       engines, a browser and a one-node Slurm cluster
#   ./setup.sh --main   only what ./main.sh needs: the compiler, CMake, Ninja and the libraries
#                       the `balance` binary links (the quick sweep plays the internal engine)
set -euo pipefail
# Building and running `balance`.
main_packages=(
  build-essential cmake ninja-build pkg-config git ccache
  libtbb-dev libeigen3-dev libtomlplusplus-dev libcli11-dev libfmt-dev libsqlite3-dev
  libboost-math-dev nlohmann-json3-dev
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
)
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
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "setup: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
