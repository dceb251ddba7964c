#!/usr/bin/env bash
# The long studies behind results/, played in the background over days and across
# machines: each resumes from its database, and the databases travel in the repository as
# checkpoints (results/checkpoint.sh). The studies, their order, pinned revisions and
# checkpoints are the queue file results/studies.toml; `balance queue` plays it.
#
#   results/studies.sh run  [WORK]   build the pinned revisions into WORK/snapshot-<rev> (once,
#                                    after ./setup.sh: a new machine needs nothing else),
#                                    restore every study's checkpoint whose database is missing
#                                    from WORK, then play the queue (`balance queue
#                                    results/studies.toml --dir WORK`): the studies one after
#                                    another at nice 19 on all cores, logging to WORK/studies.log
#                                    and each study's output to WORK/<study>.log
#   results/studies.sh save [WORK]   checkpoint every study's database into results/ (commit them)
#   results/studies.sh status [WORK] where each study stands (`balance queue ... --status`)
#   results/studies.sh build [WORK]  only build the pinned revisions (prints their directories)
#
# WORK defaults to results/studies (git ignores it). Run from the repository root. The queue
# itself runs on this checkout's build/app/balance (built first when missing); each study is
# played by its pinned revision's build.
set -euo pipefail
WORK="${2:-results/studies}"
REPO="$(pwd)"
QUEUE="$REPO/results/studies.toml"
BALANCE="$REPO/build/app/balance"
[ -f "$REPO/results/checkpoint.sh" ] || { echo "$0: run from the repository root" >&2; exit 2; }
log() { echo "$(date -u +%FT%TZ) $*" | tee -a "$WORK/studies.log"; }
# The queue's entries into ENTRIES, one tab-separated "NAME KIND DB REVISION CHECKPOINT
# finished|queued" line each (- for none).
read_entries() {
    if [ ! -x "$BALANCE" ]; then (cd "$REPO" && TARGET=balance ./build.sh >&2); fi
    mapfile -t ENTRIES < <("$BALANCE" queue "$QUEUE" --dir "$WORK" --list)
    [ "${#ENTRIES[@]}" -gt 0 ] || { echo "$0: no entries in $QUEUE" >&2; exit 1; }
}
# The databases of a study and their checkpoints, one "DB CHECKPOINT" line each: the study's own
# and, for a search, its confirmation's.
databases() {
    local db="$1" ckpt="$2" kind="$3"
    [ "$ckpt" = - ] && return 0
    echo "$db $ckpt"
    if [ "$kind" = fix ]; then echo "${db%.db}-confirm.db ${ckpt%.sql.xz}-confirm.sql.xz"; fi
}

snapshot() {
    local rev="$1" dir="$WORK/snapshot-$1"
    if [ ! -x "$dir/build/app/balance" ]; then
        "$REPO/setup.sh" >&2  # a new machine: the compiler, the libraries and the peer engines
        mkdir -p "$WORK"
        [ -d "$dir" ] || git -C "$REPO" worktree add --detach "$dir" "$rev" >&2
        (cd "$dir" && ./build.sh -DBALANCE_BUILD_TESTS=OFF -DBALANCE_BUILD_BENCH=OFF >&2)
    fi
    # A fairy-stockfish player finds its npm package in .deps/ of the tree it was built from:
    # the one ./setup.sh filled.
    if [ -d "$REPO/.deps" ] && [ ! -e "$dir/.deps" ]; then
        ln -s "$(cd "$REPO" && pwd)/.deps" "$dir/.deps"
    fi
    echo "$dir"
}

case "${1:-}" in
run)
    # nice 19 alone does not yield the cores where the kernel schedules by setsid group
    # (autogroup, on by default in Debian): each group gets an equal share, so a background
    # study under setsid would take half the machine from a build. Its own group, niced as a
    # whole, yields to everything else.
    if [ -w /proc/self/autogroup ] && [ "$(ps -o sid= $$ | tr -d ' ')" != "$$" ] &&
        [ -z "${BALANCE_STUDIES_SESSION:-}" ]; then
        BALANCE_STUDIES_SESSION=1 exec setsid -w "$0" "$@"
    fi
    echo 19 >/proc/self/autogroup 2>/dev/null || true
    mkdir -p "$WORK"
    read_entries
    for entry in "${ENTRIES[@]}"; do
        IFS=$'\t' read -r name kind db rev ckpt state <<<"$entry"
        [ "$state" = finished ] && continue
        if [ "$rev" != - ]; then snapshot "$rev" >/dev/null; fi
        while read -r file saved; do
            if [ ! -e "$file" ] && [ -f "$REPO/$saved" ]; then
                "$REPO/results/checkpoint.sh" restore "$REPO/$saved" "$file" | tee -a "$WORK/studies.log"
            fi
        done < <(databases "$db" "$ckpt" "$kind")
    done
    log "start the queue $QUEUE"
    rc=0
    "$BALANCE" queue "$QUEUE" --dir "$WORK" >>"$WORK/studies.log" 2>&1 || rc=$?
    log "end the queue rc $rc"
    ;;
save)
    read_entries
    for entry in "${ENTRIES[@]}"; do
        IFS=$'\t' read -r name kind db rev ckpt state <<<"$entry"
        while read -r file saved; do
            if [ -f "$file" ]; then "$REPO/results/checkpoint.sh" save "$file" "$REPO/$saved"; fi
        done < <(databases "$db" "$ckpt" "$kind")
    done
    ;;
build)
    read_entries
    for entry in "${ENTRIES[@]}"; do
        IFS=$'\t' read -r name kind db rev ckpt state <<<"$entry"
        if [ "$state" = queued ] && [ "$rev" != - ]; then snapshot "$rev"; fi
    done | sort -u
    ;;
status)
    read_entries
    "$BALANCE" queue "$QUEUE" --dir "$WORK" --status
    # A search's confirmation games lie in a database of their own.
    for entry in "${ENTRIES[@]}"; do
        IFS=$'\t' read -r name kind db rev ckpt state <<<"$entry"
        confirm="${db%.db}-confirm.db"
        if [ "$kind" = fix ] && [ -f "$confirm" ]; then
            echo "$(basename "$confirm" .db): $(sqlite3 "$confirm" "SELECT count(*) FROM games") games stored"
        fi
    done
    ;;
*)
    echo "usage: $0 run|save|status|build [WORK]" >&2
    exit 2
    ;;
esac
