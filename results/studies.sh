#!/usr/bin/env bash
# The long studies behind results/, played in the background over days and across
# machines: each resumes from its database, and the databases travel in the repository as
# checkpoints (results/checkpoint.sh).
#
#   results/studies.sh run  [WORK]   build the pinned revisions into WORK/snapshot-<rev> (once,
#                                    after ./setup.sh: a new machine needs nothing else),
#                                    restore every study's checkpoint whose database is missing
#                                    from WORK, then play the studies one after another at
#                                    nice 19 on all cores, logging to WORK/studies.log
#   results/studies.sh save [WORK]   checkpoint every study's database into results/ (commit them)
#   results/studies.sh status [WORK] games stored per study
#   results/studies.sh build [WORK]  only build the pinned revisions (prints their directories)
#
# WORK defaults to results/studies (git ignores it). Run from the repository root.
#
# Every study is played by one revision's engine from its first game to its last: a resumed
# study must not mix two engines' games. Each line pins that revision; change it only together
# with starting the study afresh (delete its checkpoint). 316f741 sizes the hash table to the
# node limit (10% faster); uneven-balance had started before it. rule-study-fsf's first games
# were played by 33e858f, the rest by ec6662c, whose Fairy-Stockfish player plays every rule set
# from one process instead of restarting engines between games: the players' moves and the
# openings are the same (Fairy-Stockfish 1.1.12 either way; the sweep file says centre = "zero",
# the window 33e858f used; the openings' scoring search has the same bench signature, 406,061
# nodes at depth 8, in both).
set -euo pipefail
WORK="${2:-results/studies}"
REPO="$(pwd)"
# study (sweep or fix file name), pinned revision, checkpoint, then for a search of `balance
# fix` the word fix and its flags; in the order they are played. A search's confirmation games
# (--confirm) go to a database and a checkpoint of their own, named with -confirm
# (orcs.sql.xz, orcs-confirm.sql.xz). A finished study moves to FINISHED: save and status still
# see it, run neither builds nor plays it (a no-op resume would still add a run record and so
# change its checkpoint).
FINISHED=(
    "uneven-balance 010a773 results/uneven/games.sql.xz"
    "asymmetric-rules 316f741 results/asymmetric-rules/games.sql.xz"
    "asymmetric-taste 316f741 results/asymmetric-strength/taste.sql.xz"
    "asymmetric-strength 316f741 results/asymmetric-strength/ours.sql.xz"
    "asymmetric-strength-fairymax 316f741 results/asymmetric-strength/fairymax.sql.xz"
    "fix-asymmetric-orcs-fairymax 03be0b3 results/balancer/orcs.sql.xz fix --confirm 3000 --confirm-top 2 --confirm-open"
)
STUDIES=(
    "rule-study-fsf ec6662c results/rule-study-fsf/games.sql.xz"
    "elo-scale-chess cc5d545 results/elo-scale/chess.sql.xz"
    "uneven-ambiguities cc5d545 results/uneven-ambiguities/games.sql.xz"
    "asymmetric-humans-fsf ec6662c results/asymmetric-humans-fsf/games.sql.xz"
    "elo-scale-uneven cc5d545 results/elo-scale/uneven.sql.xz"
    "asymmetric-ambiguities cc5d545 results/asymmetric-ambiguities/ours.sql.xz"
    "asymmetric-ambiguities-fairymax cc5d545 results/asymmetric-ambiguities/fairymax.sql.xz"
)
[ -f "$REPO/results/checkpoint.sh" ] || { echo "$0: run from the repository root" >&2; exit 2; }
log() { echo "$(date -u +%FT%TZ) $*" | tee -a "$WORK/studies.log"; }
# The databases of a study and their checkpoints, one "DB CHECKPOINT" line each: the study's own
# and, for a search, its confirmation's.
databases() {
    local study="$1" ckpt="$2" kind="${3:-sweep}"
    echo "$WORK/$study.db $ckpt"
    if [ "$kind" = fix ]; then echo "$WORK/$study-confirm.db ${ckpt%.sql.xz}-confirm.sql.xz"; fi
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
    for entry in "${STUDIES[@]}"; do
        read -r study rev ckpt kind flags <<<"$entry"
        snapshot "$rev" >/dev/null
        while read -r db saved; do
            if [ ! -e "$db" ] && [ -f "$REPO/$saved" ]; then
                "$REPO/results/checkpoint.sh" restore "$REPO/$saved" "$db" | tee -a "$WORK/studies.log"
            fi
        done < <(databases "$study" "$ckpt" "$kind")
    done
    for entry in "${STUDIES[@]}"; do
        read -r study rev ckpt kind flags <<<"$entry"
        dir="$WORK/snapshot-$rev"
        log "start $study ($rev)"
        rc=0
        # shellcheck disable=SC2086  # the flags are words
        (cd "$dir" && nice -n 19 build/app/balance "${kind:-sweep}" "configs/sweeps/$study.toml" \
            --quiet --threads "$(nproc)" --db "$WORK/$study.db" $flags) >>"$WORK/$study.log" 2>&1 ||
            rc=$?
        log "end $study rc $rc"
    done
    ;;
save)
    for entry in "${STUDIES[@]}" "${FINISHED[@]}"; do
        read -r study rev ckpt kind flags <<<"$entry"
        while read -r db saved; do
            if [ -f "$db" ]; then "$REPO/results/checkpoint.sh" save "$db" "$REPO/$saved"; fi
        done < <(databases "$study" "$ckpt" "$kind")
    done
    ;;
build)
    for entry in "${STUDIES[@]}"; do
        read -r study rev ckpt kind flags <<<"$entry"
        snapshot "$rev"
    done | sort -u
    ;;
status)
    for entry in "${STUDIES[@]}" "${FINISHED[@]}"; do
        read -r study rev ckpt kind flags <<<"$entry"
        while read -r db saved; do
            n=$([ -f "$db" ] && sqlite3 "$db" "SELECT count(*) FROM games" || echo "-")
            echo "$(basename "$db" .db): $n games stored"
        done < <(databases "$study" "$ckpt" "$kind")
    done
    ;;
*)
    echo "usage: $0 run|save|status|build [WORK]" >&2
    exit 2
    ;;
esac
