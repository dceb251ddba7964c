#!/usr/bin/env bash
# Writes one search's files in this directory from its database, confirming every balanced change
# with independent games (which plays them if the confirmation database lacks them):
#
#   results/balancer/make.sh NAME DB [CONFIRM_GAMES [FIX_FLAGS...]]
#       NAME: a fix file in configs/sweeps/ (fix-asymmetric-elves, fix-uneven-white, ...)
#       DB: the search's database; its confirmation goes to DB's name with -confirm
#       CONFIRM_GAMES: games each balanced change replays from another seed (default 3000)
#       FIX_FLAGS: more flags for balance fix, as the search was confirmed (--confirm-top 2
#       --confirm-open)
#
# Writes NAME.txt (the table), NAME.json and NAME.html (the intervals against the band). Run from
# anywhere (DB as the caller names it: the table prints that name); uses build/app/balance, or
# the binary $BALANCE names (the revision that played the search, so that a missing game is
# never played by another engine). The
# databases are kept with results/checkpoint.sh save (two searches may share one database: their
# games depend on the rules, not on the search).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 NAME DB [CONFIRM_GAMES]" >&2; exit 2; }
name="$1"
db="$2"
confirm="${3:-3000}"
extra=("${@:4}")
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
balance="${BALANCE:-$root/build/app/balance}"
file="$root/configs/sweeps/$name.toml"
[ -f "$file" ] || { echo "$0: no fix file $file" >&2; exit 1; }
[ -f "$db" ] || { echo "$0: no database $db" >&2; exit 1; }
run() { nice -n 19 "$balance" fix "$file" --db "$db" --confirm "$confirm" "${extra[@]}" --threads "$(nproc)" "$@"; }
# The first call plays what is missing (the confirmation's games); the others only read.
run --quiet --html "$here/$name.html" > "$here/$name.txt"
run --json > "$here/$name.json"
echo "wrote $here/$name.{txt,json,html}"
