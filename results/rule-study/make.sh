#!/bin/sh
# Regenerates results/rule-study/ (report.md, report.html, report.json, values-<rules>.md and
# games.sql.xz) from the rule-study database. Run from the repository root, with `balance`
# built:
#
#   results/checkpoint.sh restore results/rule-study/games.sql.xz rule-study.db   # to resume
#   nice -n 19 build/app/balance sweep rule-study --threads 2 --db rule-study.db --force
#   results/rule-study/make.sh rule-study.db
#
# A partial run's report is valid for the games it holds: games are planned index by index
# across the cells, so every cell is an even sample of its full plan. Piece values are fitted
# (method texel) for classical chess and the rule sets whose values the study asks for, at every
# rung stored. The README is written by hand from these files.
set -eu
DB="$1"
OUT=results/rule-study
BALANCE="${BALANCE:-build/app/balance}"
"$BALANCE" report --portable --db "$DB" --out "$OUT/report.md"
"$BALANCE" report --portable --db "$DB" --no-values --format html --out "$OUT/report.html"
"$BALANCE" report --portable --db "$DB" --format json --out "$OUT/report.json"
for player in $(sqlite3 "$DB" "SELECT DISTINCT white_player FROM games ORDER BY white_player"); do
    nodes="${player#*nodes=}"
    for rules in "" torpedo no-castling; do
        name="${rules:-classical}"
        "$BALANCE" values --db "$DB" --rules "$rules" --player "$player" \
            --out "$OUT/values-$name-$nodes.md"
    done
done
results/checkpoint.sh save "$DB" "$OUT/games.sql.xz"
