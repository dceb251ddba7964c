#!/usr/bin/env bash
# Soak test (documented in docs/reliability.md, not part of CI): runs a sweep for a long time and samples the
# harness's memory and open file handles, to show that neither grows over hours of games and
# thousands of engine interactions.
#
#   bench/soak.sh [--minutes 60] [--every 60] [--sweep FILE] [--threads 2] [--out DIR]
#
# Default sweep: the internal engine against Fairy-Max in chess at tiny limits (many short games,
# so many engine round trips and a restart after every engine failure), more games than fit in
# the time (20,000 per cell; the plan is held in memory, so not more). Every --every seconds it
# appends a line to DIR/samples.csv:
#   elapsed_s, games stored, VmRSS of balance (kB), open descriptors of balance, living
#   processes in balance's engine groups (engines + watchdogs), database size (bytes)
# At the end it stops the sweep with SIGINT (as Ctrl-C would), and prints the samples and the
# change of RSS and descriptors between the first sample after warm-up and the last one.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=60
every=60
threads=2
sweep=""
out=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    --every) every="$2"; shift 2 ;;
    --sweep) sweep="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "soak.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

balance=build/app/balance
[[ -x "$balance" ]] || { echo "soak.sh: $balance not built (run ./build.sh)" >&2; exit 2; }
out="${out:-$(mktemp -d /tmp/balance-soak.XXXXXX)}"
mkdir -p "$out"
if [[ -z "$sweep" ]]; then
  [[ -x /usr/games/fairymax ]] || { echo "soak.sh: needs /usr/games/fairymax or --sweep" >&2; exit 2; }
  sweep="$out/soak.toml"
  cat >"$sweep" <<'EOF'
name = "soak"
variant = "chess"
seed = 77
games_per_cell = 20000
matchups = [["balance", "fairymax"], ["fairymax", "balance"]]
[players.balance]
type = "engine"
nodes = 2000
hash_mb = 4
[players.fairymax]
type = "xboard"
command = "/usr/games/fairymax"
args = ["16"]
depth = 2
[openings]
type = "random-plies"
plies = 4
[adjudication]
max_plies = 200
EOF
fi
db="$out/soak.db"

"$balance" sweep "$sweep" --db "$db" --threads "$threads" --quiet >"$out/sweep.log" 2>&1 &
pid=$!
trap 'kill -INT $pid 2>/dev/null || true' EXIT

# Processes whose process group is led by a child of balance: the engines and their watchdogs.
engine_processes() {
  local groups
  groups=$(ps -o pid= --ppid "$pid" 2>/dev/null | tr -d ' ' | paste -sd, -)
  [[ -z "$groups" ]] && { echo 0; return; }
  ps -e -o pgid=,stat= | awk -v g=",$groups," 'index(g, "," $1 ",") && $2 !~ /^Z/' | wc -l
}

sample() {
  local elapsed=$1 rss fds games size
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
  fds=$(ls "/proc/$pid/fd" 2>/dev/null | wc -l)
  games=$(sqlite3 -readonly "$db" 'SELECT count(*) FROM games' 2>/dev/null || echo 0)
  size=$(stat -c %s "$db" 2>/dev/null || echo 0)
  echo "$elapsed,$games,$rss,$fds,$(engine_processes),$size" >>"$out/samples.csv"
}

echo "elapsed_s,games,rss_kb,fds,engine_processes,db_bytes" >"$out/samples.csv"
start=$(date +%s)
end=$((start + minutes * 60))
while kill -0 "$pid" 2>/dev/null && [[ $(date +%s) -lt $end ]]; do
  sleep "$every"
  kill -0 "$pid" 2>/dev/null || break
  sample $(( $(date +%s) - start ))
done
kill -INT "$pid" 2>/dev/null || true
wait "$pid" || true
trap - EXIT

column -t -s, "$out/samples.csv"
# Warm-up: the first sample (hash tables, engine processes and SQLite caches are still filling).
awk -F, 'NR == 3 {r0 = $3; f0 = $4; g0 = $2}
         NR > 2 {r1 = $3; f1 = $4; g1 = $2}
         END {if (NR < 4) {print "too few samples"; exit}
              printf "from the 2nd to the last sample: %d games, RSS %+d kB (%.1f%%), descriptors %+d\n",
                     g1 - g0, r1 - r0, r0 ? 100 * (r1 - r0) / r0 : 0, f1 - f0}' "$out/samples.csv"
echo "samples: $out/samples.csv; sweep log: $out/sweep.log"
