#!/usr/bin/env bash
# Kept results, configs and guides name no machine: no absolute paths of the machine a study ran
# on (home, work or scratch folders), no host names in the run records kept reports print.
# Reads the files git tracks (checkpoints, being data, are left out).
# Usage: no_machine_names_test.sh <repository root>
set -uo pipefail
cd "$1" || exit 1
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "SKIPPED: not a git checkout"
    exit 77
fi
found=0
# Absolute paths of a machine: /root, /home, /work, /scratch, /Users (a path like
# /usr/games/fairymax is the same on every Debian machine and stays).
paths=$(git grep -n -I -E '(^|[ ("`=<>:])/(root|home|work|scratch|Users)/' -- \
    results configs docs README.md ':!*.sql.xz')
# Kept results and configs name no scratch folder either (guides may, in commands to paste).
scratch=$(git grep -n -I -E '(^|[ ("`=<>:])/tmp/' -- results configs ':!*.sql.xz')
paths="$paths${paths:+${scratch:+
}}$scratch"
if [ -n "$paths" ]; then
    echo "absolute paths of a machine in tracked files:"
    echo "$paths"
    found=1
fi
# Run records in kept reports: "N threads on HOST" must read "on host N" (balance report --portable).
hosts=$(git grep -n -I -E '[0-9]+ threads? on [^h0-9 ]|"host": "[^h]' -- results ':!*.sql.xz')
if [ -n "$hosts" ]; then
    echo "host names in kept reports (make them with balance report --portable):"
    echo "$hosts"
    found=1
fi
if [ "$found" -ne 0 ]; then
    echo "FAILED"
    exit 1
fi
echo "ok: no machine named in results/, configs/, docs/ or README.md"
