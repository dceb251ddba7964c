#!/usr/bin/env bash
# Installs every build, test and peer-engine dependency from Debian packages.
# Idempotent: does nothing when all packages are already installed.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config git
  libtbb-dev libeigen3-dev libgtest-dev libgmock-dev libbenchmark-dev
  libtomlplusplus-dev libcli11-dev libfmt-dev libsqlite3-dev libboost-math-dev nlohmann-json3-dev
  sqlite3 xz-utils clang-format ccache  # sqlite3 + xz: results/checkpoint.sh
  clang libclang-rt-dev  # libFuzzer targets (tests/fuzz, -DBALANCE_FUZZ=ON)
  fairymax fairy-stockfish stockfish sjaakii
  chromium  # tests/app ReportHtml.LoadsInHeadlessChromium: the HTML report in a real browser
  # tests/slurm/cluster_test.sh: a one-node Slurm cluster, daemons started by the test itself
  munge slurmctld slurmd slurm-client
)
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
