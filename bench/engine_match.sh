#!/usr/bin/env bash
# Engine against engine (documented in docs/performance.md, not part of CI): the internal engine of this
# build against another build's, played through `balance sweep` (the other build as a UCI engine,
# `balance uci`), to check that a change to the search does not lose strength.
#
#   bench/engine_match.sh --baseline PATH/TO/balance [--new PATH/TO/balance] [--nodes 10000]
#                         [--movetime-ms 0] [--games 200] [--threads 2] [--out DIR]
#                         [--min-imbalance-cp 0] [--max-imbalance-cp 60]
#
# Three sweeps, both colours in each (matchups [new, baseline] and [baseline, new], each game's
# opening shared by the two colour orders): chess, and the Asymmetric pairings Humans vs Elves
# and Elves vs Orcs. --games is the number per sweep and colour order, so 3 x 2 x games in all.
# --nodes: both engines search that many nodes a move (equal nodes: the change's effect on the
# tree); --movetime-ms > 0 instead gives both that much time a move (equal time: where a faster
# search should gain). The databases and reports go to DIR (default a new directory in /tmp);
# each report's "players" section has the new engine's score and Elo with their intervals.
# --new names the new build's binary (default build/app/balance; a copy keeps a long match
# independent of rebuilds in the meantime). --min-imbalance-cp N plays openings our engine scores
# N to --max-imbalance-cp centipawns from level (default: level openings, within 60): each
# opening's two games then cancel its bias, and the report's paired interval is the narrower.
set -euo pipefail
cd "$(dirname "$0")/.."

baseline=""
balance=build/app/balance
nodes=10000
movetime=0
games=200
threads=2
out=""
min_imbalance=0
max_imbalance=60
while [[ $# -gt 0 ]]; do
  case "$1" in
    --baseline) baseline="$2"; shift 2 ;;
    --new) balance="$2"; shift 2 ;;
    --nodes) nodes="$2"; shift 2 ;;
    --movetime-ms) movetime="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --min-imbalance-cp) min_imbalance="$2"; shift 2 ;;
    --max-imbalance-cp) max_imbalance="$2"; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "engine_match.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

[[ -x "$balance" ]] || { echo "engine_match.sh: $balance not built (run ./build.sh)" >&2; exit 2; }
[[ -x "$baseline" ]] || { echo "engine_match.sh: --baseline must name a balance binary" >&2; exit 2; }
baseline="$(realpath "$baseline")"
out="${out:-$(mktemp -d /tmp/balance-match.XXXXXX)}"
mkdir -p "$out"
if [[ "$movetime" -gt 0 ]]; then limit="movetime_ms = $movetime"; else limit="nodes = $nodes"; fi
window="max_imbalance_cp = $max_imbalance"
if [[ "$min_imbalance" -gt 0 ]]; then window="$window
min_imbalance_cp = $min_imbalance"; fi

# sweep NAME VARIANT [WHITE BLACK]: writes and runs one sweep file.
sweep() {
  local name="$1" variant="$2" white="${3:-}" black="${4:-}"
  local file="$out/$name.toml" pairing="" options="UCI_Variant = \"$variant\""
  if [[ -n "$white" ]]; then
    pairing="pairings = [[\"$white\", \"$black\"]]"
    options="$options, WhiteArmy = \"$white\", BlackArmy = \"$black\""
  fi
  cat > "$file" <<EOF
# Written by bench/engine_match.sh: this build's engine against $baseline.
name = "match-$name"
variant = "$variant"
$pairing
seed = 2026
games_per_cell = $games
matchups = [["new", "baseline"], ["baseline", "new"]]

[players.new]
type = "engine"
$limit

[players.baseline]
type = "uci"
command = "$baseline"
args = ["uci"]
options = { $options }
$limit

[openings]
type = "random-plies"
plies = 4
$window

[adjudication]
max_plies = 300
EOF
  "$balance" sweep "$file" --db "$out/$name.db" --threads "$threads" --quiet
  "$balance" report --db "$out/$name.db" --format md --out "$out/$name.md" > /dev/null
  echo "$name: $out/$name.md"
}

sweep chess chess
sweep humans-elves asymmetric humans elves
sweep elves-orcs asymmetric elves orcs
echo "engine_match.sh: databases and reports in $out"
