#!/bin/sh
# Regenerates results/uneven/ (report.md, report.html, values.md, games.sql.xz) from the
# uneven-balance study's database. Run from the repository root, with `balance` built:
#
#   nice -n 19 build/app/balance sweep configs/sweeps/uneven-balance.toml --threads 2 --db U.db
#   results/uneven/make.sh U.db
#
# The sweep resumes where it stopped (and from the checkpoint on another machine:
# results/checkpoint.sh restore results/uneven/games.sql.xz U.db). The README is written by hand
# from these files.
set -eu
DB="$1"
OUT=results/uneven
BALANCE="${BALANCE:-build/app/balance}"
"$BALANCE" report --portable --db "$DB" --out "$OUT/report.md"
"$BALANCE" report --portable --db "$DB" --format html --out "$OUT/report.html"
# Both rungs pooled (the fit has no player filter); pawn = 4 quarter-pawns, the page's unit.
"$BALANCE" values --db "$DB" --out "$OUT/values.md"
results/checkpoint.sh save "$DB" "$OUT/games.sql.xz"
