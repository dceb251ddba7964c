#!/usr/bin/env bash
# Writes one search's files in this directory from its database, confirming every balanced change
# with independent games (which plays them if the confirmation database lacks them), and keeps
# both databases as checkpoints:
#
#   results/balancer/make.sh NAME DB [CONFIRM_GAMES]
#       NAME: a fix file in configs/sweeps/ (fix-asymmetric-elves, fix-uneven-white, ...)
#       DB: the search's database; its confirmation goes to DB's name with -confirm
#       CONFIRM_GAMES: games each balanced change replays from another seed (default 1000)
#
# Writes NAME.txt (the table), NAME.json, NAME.html (the intervals against the band) and the
# checkpoints NAME.sql.xz and NAME-confirm.sql.xz. Run from anywhere; uses build/app/balance.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 NAME DB [CONFIRM_GAMES]" >&2; exit 2; }
name="$1"
db="$(realpath "$2")"
confirm="${3:-1000}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
balance="$root/build/app/balance"
file="$root/configs/sweeps/$name.toml"
[ -f "$file" ] || { echo "$0: no fix file $file" >&2; exit 1; }
[ -f "$db" ] || { echo "$0: no database $db" >&2; exit 1; }
cd "$root"
run() { nice -n 19 "$balance" fix "$file" --db "$db" --confirm "$confirm" --threads "$(nproc)" "$@"; }
# The first call plays what is missing (the confirmation's games); the others only read.
run --quiet --html "$here/$name.html" > "$here/$name.txt"
run --json > "$here/$name.json"
results/checkpoint.sh save "$db" "$here/$name.sql.xz"
confirm_db="${db%.db}-confirm.db"
if [ -f "$confirm_db" ]; then
    results/checkpoint.sh save "$confirm_db" "$here/$name-confirm.sql.xz"
fi
echo "wrote $here/$name.{txt,json,html} and the checkpoints"
