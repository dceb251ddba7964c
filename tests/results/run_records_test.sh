#!/usr/bin/env bash
# A kept study's README carries its run records as its checkpoints (or, where the games were not
# kept, its kept report) give them: revisions that played, first start, last finish, games.
# A README whose block differs, or a study with games and no block, fails.
# Usage: run_records_test.sh <repository root> <study folder under results/>
set -uo pipefail
cd "$1" || exit 1
study="results/$2"
shopt -s nullglob
ckpts=("$study"/*.sql.xz)
if [ ${#ckpts[@]} -eq 0 ] && [ ! -f "$study/report.md" ]; then
    # Values tables or engine definitions only: no games, so no run records to check.
    echo "SKIPPED: $study keeps no games and no report"
    exit 77
fi
for ckpt in "${ckpts[@]}"; do
    # A checkpoint stored as a Git LFS pointer (or cut short) cannot be read here.
    if ! xz -t "$ckpt" 2>/dev/null; then
        echo "$ckpt is not an xz file"
        exit 1
    fi
done
results/run_records.sh check "$study"
