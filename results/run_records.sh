#!/usr/bin/env bash
# What a kept study's checkpoints say of how it was played, as a Markdown block for its README.
#
#   results/run_records.sh print results/<study>     the block, from the checkpoints' run records
#   results/run_records.sh write results/<study>     put it into results/<study>/README.md
#                                                    (between its markers, or appended)
#   results/run_records.sh check results/<study>     exit 1 when README.md's block differs
#   results/run_records.sh index [write|check]        the same for results/README.md's list of
#                                                    every kept checkpoint (size, games, sweeps;
#                                                    what it lets a user redo is written by hand
#                                                    and kept, and must not be left empty)
#
# A README's prose names the revision that played its games and when; this block is the same
# facts read from the games themselves (the runs table of every *.sql.xz in the folder, or for a
# study whose games were not kept the run records its kept report.md printed): each
# checkpoint's sweeps, run records, the revisions whose engines played (a "-dirty" one had
# uncommitted changes), the first start and last finish, and the games stored. The suite runs
# `check` on every kept study (tests/results/run_records_test.sh), so a README cannot claim
# another revision or other dates than its games carry without the suite saying so.
set -euo pipefail
usage() {
    echo "usage: $0 print|write|check results/<study>" >&2
    exit 2
}
# The list of every kept checkpoint in results/README.md: path, size, games and sweeps, from the
# studies' own run records blocks (so `check` of each study comes first), and what it lets a
# user redo, kept from the list as it stands (written by hand from the study's README; a new
# checkpoint gets kNoRedo, which `check` refuses).
kNoRedo='(say what it lets a user redo)'
index_block() {
    echo '<!-- checkpoints: written by results/run_records.sh index write; the suite checks them -->'
    echo "| checkpoint | size | games | sweeps | lets a user redo |"
    echo "|---|---|---|---|---|"
    local ckpt dir base line redo
    for ckpt in results/*/*.sql.xz; do
        dir=$(dirname "$ckpt")
        base=$(basename "$ckpt")
        line=$(grep -F "| $base |" "$dir/README.md" | head -1)
        [ -n "$line" ] || { echo "$0: $dir/README.md has no run records of $base" >&2; exit 1; }
        redo=$(grep -F "| ${ckpt#results/} |" results/README.md | head -1 |
            awk -F' [|] ' '{ print $5 }' | sed 's/ *|$//')
        printf '| %s | %s MB | %s | %s | %s |\n' "${ckpt#results/}" \
            "$(awk -v b="$(stat -c %s "$ckpt")" 'BEGIN { printf "%.1f", b / 1048576 }')" \
            "$(echo "$line" | awk -F' [|] ' '{ print $7 }' | tr -d ' |')" \
            "$(echo "$line" | awk -F' [|] ' '{ print $2 }')" "${redo:-$kNoRedo}"
    done
    echo '<!-- end of checkpoints -->'
}

if [ "${1:-}" = index ]; then
    [ -f results/README.md ] || { echo "$0: run from the repository root" >&2; exit 2; }
    want=$(index_block)
    have=$(awk '/^<!-- checkpoints: /{ on = 1 } on { print } /^<!-- end of checkpoints -->/{ on = 0 }' results/README.md)
    case "${2:-print}" in
    print) echo "$want" ;;
    check)
        if grep -qF "| $kNoRedo |" <<<"$want"; then
            echo "results/README.md: a checkpoint's row does not say what it lets a user redo:" >&2
            grep -F "| $kNoRedo |" <<<"$want" >&2
            exit 1
        fi
        [ "$want" = "$have" ] && exit 0
        echo "results/README.md: its list of checkpoints differs from the files (results/run_records.sh index write):" >&2
        diff <(echo "$have") <(echo "$want") >&2 || true
        exit 1
        ;;
    write)
        tmp="results/README.md.tmp.$$"
        awk -v f=<(echo "$want") '
            /^<!-- checkpoints: / { while ((getline line < f) > 0) print line; skip = 1; next }
            skip && /^<!-- end of checkpoints -->/ { skip = 0; next }
            !skip { print }' results/README.md >"$tmp"
        mv "$tmp" results/README.md
        ;;
    *) usage ;;
    esac
    exit 0
fi

[ $# -eq 2 ] || usage
mode="$1"
dir="${2%/}"
[ -d "$dir" ] || { echo "$0: no study folder $dir" >&2; exit 2; }
readme="$dir/README.md"
begin='<!-- run records: written by results/run_records.sh from the checkpoints; the suite checks them -->'
end='<!-- end of run records -->'

# One table row per checkpoint. Only the runs table is loaded (its CREATE TABLE and INSERT
# lines: the dump writes each on lines of its own); the games are counted, not loaded, so a
# 20 MB checkpoint takes seconds.
row() {
    local ckpt="$1" sql games
    sql=$(mktemp "${TMPDIR:-/tmp}/run_records.XXXXXX")
    xz -dc "$ckpt" | awk -v sql="$sql" '
        /^CREATE TABLE runs \(/ { inside = 1 }
        inside { print > sql; if ($0 ~ /^\);$/) inside = 0; next }
        /^INSERT INTO runs VALUES/ { print > sql; next }
        /^INSERT INTO games VALUES/ { games++ }
        END { print games + 0 }' >"$sql.games"
    games=$(cat "$sql.games")
    # A search's rounds are sweeps of their own (name-r0, name-r1, ...): one entry for them all.
    local sweeps facts
    sweeps=$(sqlite3 -bail :memory: ".read $sql" \
        "SELECT sweep_name FROM runs GROUP BY sweep_name ORDER BY MIN(run_id);" |
        sed -E 's/-r[0-9]+$/-rN/' | awk '!seen[$0]++' | paste -sd, - | sed 's/,/, /g')
    facts=$(sqlite3 -bail -separator ' | ' :memory: ".read $sql" "
        SELECT COUNT(*),
               (SELECT group_concat(rev, ', ') FROM
                    (SELECT git_revision AS rev FROM runs GROUP BY git_revision
                     ORDER BY MIN(run_id))),
               substr(MIN(started_at), 1, 10),
               substr(MAX(COALESCE(finished_at, started_at)), 1, 10)
        FROM runs;")
    printf '| %s | %s | %s | %s |\n' "$(basename "$ckpt")" "$sweeps" "$facts" "$games"
    rm -f "$sql" "$sql.games"
}

# A study whose games were not kept has only its kept report: the run records it printed
# ("- run N: sweep "NAME" (...), started T, finished T | not finished ..., git REV, ...") and
# its game count ("Database `...`: N games in ...").
report_row() {
    local report="$1"
    awk '
        /^Database `[^`]*`: [0-9]+ games/ { games = $3 }
        /^- run [0-9]+: sweep "/ {
            runs++
            match($0, /sweep "[^"]*"/); name = substr($0, RSTART + 7, RLENGTH - 8)
            sub(/-r[0-9]+$/, "-rN", name)
            if (!(name in seen_name)) { seen_name[name] = 1; names = names (names ? ", " : "") name }
            match($0, /git [^,]*/); rev = substr($0, RSTART + 4, RLENGTH - 4)
            if (!(rev in seen_rev)) { seen_rev[rev] = 1; revs = revs (revs ? ", " : "") rev }
            match($0, /started [0-9-]+/); start = substr($0, RSTART + 8, 10)
            if (first == "" || start < first) first = start
            last_of_run = start
            if (match($0, /finished [0-9-]+/)) last_of_run = substr($0, RSTART + 9, 10)
            if (last_of_run > last) last = last_of_run
        }
        END {
            if (!runs) exit 1
            printf "| %s (games not kept) | %s | %d | %s | %s | %s | %s |\n", FILENAME, names,
                runs, revs, first, last, games
        }' "$report" || { echo "$0: $report prints no run records" >&2; exit 1; }
}

block() {
    shopt -s nullglob
    local ckpts=("$dir"/*.sql.xz)
    echo "$begin"
    echo "| checkpoint | sweeps | run records | revisions that played | first start | last finish | games |"
    echo "|---|---|---|---|---|---|---|"
    if [ ${#ckpts[@]} -gt 0 ]; then
        for ckpt in "${ckpts[@]}"; do row "$ckpt"; done
    elif [ -f "$dir/report.md" ]; then
        (cd "$dir" && report_row report.md)
    else
        echo "$0: $dir keeps neither a checkpoint (*.sql.xz) nor a report.md" >&2
        exit 1
    fi
    echo "$end"
}

# README.md's block as it stands (empty when it has none).
current() {
    [ -f "$readme" ] || return 0
    awk -v b="$begin" -v e="$end" '$0 == b { on = 1 } on { print } $0 == e { on = 0 }' "$readme"
}

case "$mode" in
print) block ;;
check)
    [ -f "$readme" ] || { echo "$0: $readme is missing" >&2; exit 1; }
    want=$(block)
    have=$(current)
    if [ "$want" != "$have" ]; then
        echo "$readme: its run records block differs from its checkpoints' run records" >&2
        echo "(results/run_records.sh write $dir rewrites it; then read its prose again):" >&2
        diff <(echo "$have") <(echo "$want") >&2 || true
        exit 1
    fi
    ;;
write)
    [ -f "$readme" ] || { echo "$0: $readme is missing" >&2; exit 1; }
    want=$(block)
    tmp="$readme.tmp.$$"
    trap 'rm -f "$tmp"' EXIT
    if [ -n "$(current)" ]; then
        awk -v b="$begin" -v e="$end" -v f=<(echo "$want") '
            $0 == b { while ((getline line < f) > 0) print line; skip = 1; next }
            skip && $0 == e { skip = 0; next }
            !skip { print }' "$readme" >"$tmp"
    else
        {
            cat "$readme"
            printf '\n## Run records\n\nWhat the games themselves record of how they were played, read from the kept games by\n`results/run_records.sh` (the suite checks that this table still matches them):\n\n%s\n' "$want"
        } >"$tmp"
    fi
    mv "$tmp" "$readme"
    ;;
*) usage ;;
esac
