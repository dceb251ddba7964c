#!/bin/sh
# Regenerates results/asymmetric-rules/ (report.md, report.html, games.sql.xz) from the
# asymmetric-rules study's database. Run from the repository root, with `balance` built:
#
#   results/studies.sh run          # plays it (with the other studies), resuming from games.sql.xz
#   results/asymmetric-rules/make.sh results/asymmetric-rules.db
#
# A partial run's report is valid for the games it holds: games are planned index by index
# across the 45 cells, so every cell is an even sample of its full plan. The README is written by
# hand from report.md.
set -eu
DB="$1"
OUT=results/asymmetric-rules
BALANCE="${BALANCE:-build/app/balance}"
"$BALANCE" report --portable --db "$DB" --out "$OUT/report.md"
"$BALANCE" report --portable --db "$DB" --format html --out "$OUT/report.html"
results/checkpoint.sh save "$DB" "$OUT/games.sql.xz"
