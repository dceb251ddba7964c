#!/usr/bin/env bash
# results/checkpoint.sh end to end: a study stopped part-way is saved, restored on "another
# machine" (a new path) and resumed there; the resumed database must hold exactly the games of
# an uninterrupted run (per game: key, moves, result), and the resume must not replay the
# restored games. Also the refusals: restoring over an existing database, saving a missing one,
# a checkpoint with a wrong name, and a damaged checkpoint (which must leave no database behind).
#
# Usage: checkpoint_test.sh <balance binary> <repository root>
set -uo pipefail
balance=$(realpath "$1")
repo=$(realpath "$2")
ckpt="$repo/results/checkpoint.sh"
sweep="$repo/tests/results/checkpoint-small.toml"
fail() {
    echo "FAILED: $*"
    exit 1
}
for tool in sqlite3 xz; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (./setup.sh installs it)"
done
root=$(mktemp -d "${TMPDIR:-/tmp}/balance-checkpoint-test.XXXXXX")
trap 'rm -rf "$root"' EXIT
cd "$root" || fail "no temp directory"
games() { sqlite3 "$1" "SELECT game_key, moves, result FROM games ORDER BY game_key"; }

"$balance" sweep "$sweep" --db whole.db --threads 2 --quiet || fail "uninterrupted sweep"
[ "$(sqlite3 whole.db 'SELECT count(*) FROM games')" = 6 ] || fail "the uninterrupted run should hold 6 games"

"$balance" sweep "$sweep" --db part.db --threads 1 --max-games 2 --quiet || fail "partial sweep"
[ "$(sqlite3 part.db 'SELECT count(*) FROM games')" = 2 ] || fail "the partial run should hold 2 games"
out=$("$ckpt" save part.db saved/part.sql.xz) || fail "save"
# The count it prints is the checkpoint's own (counted in the dump, not read afterwards).
grep -q "^saved 2 games of part.db" <<<"$out" || fail "save should say it saved 2 games: $out"
[ -s saved/part.sql.xz ] || fail "save wrote no checkpoint"
ls saved | grep -q tmp && fail "save left a temporary file"

"$ckpt" restore saved/part.sql.xz moved.db || fail "restore"
# The kept run record names no machine (the sweep ran from an absolute path on this host).
[ "$(sqlite3 moved.db 'SELECT host FROM runs')" = "host 1" ] ||
    fail "the checkpoint keeps the host's name: $(sqlite3 moved.db 'SELECT host FROM runs')"
sqlite3 moved.db 'SELECT sweep_file FROM runs' | grep -q '^/' &&
    fail "the checkpoint keeps an absolute sweep file: $(sqlite3 moved.db 'SELECT sweep_file FROM runs')"
[ "$(sqlite3 part.db 'SELECT host FROM runs')" = "$(hostname)" ] ||
    fail "save changed the saved database's own run record"
[ "$(games part.db)" = "$(games moved.db)" ] || fail "the restored games differ from the saved ones"
"$balance" sweep "$sweep" --db moved.db --threads 2 --quiet || fail "resumed sweep"
[ "$(games moved.db)" = "$(games whole.db)" ] || fail "the resumed database differs from the uninterrupted run"
for key in $(sqlite3 part.db "SELECT game_key FROM games"); do
    [ "$(sqlite3 part.db "SELECT finished_at FROM games WHERE game_key='$key'")" = \
      "$(sqlite3 moved.db "SELECT finished_at FROM games WHERE game_key='$key'")" ] ||
        fail "the resume replayed restored game $key"
done
[ "$(sqlite3 moved.db 'SELECT count(*) FROM runs')" = 2 ] ||
    fail "the resumed database should keep the first run's record beside its own"

# Refusals.
out=$("$ckpt" restore saved/part.sql.xz moved.db 2>&1) && fail "restore over an existing database succeeded"
grep -q "moved.db exists" <<<"$out" || fail "restore over an existing database: unclear error: $out"
[ "$(games moved.db)" = "$(games whole.db)" ] || fail "a refused restore changed the existing database"
out=$("$ckpt" save missing.db saved/x.sql.xz 2>&1) && fail "save of a missing database succeeded"
grep -q "no database at missing.db" <<<"$out" || fail "save of a missing database: unclear error: $out"
out=$("$ckpt" save part.db saved/x.sql 2>&1) && fail "save under a wrong name succeeded"
grep -q "must end in .sql.xz" <<<"$out" || fail "save under a wrong name: unclear error: $out"
head -c 2000 saved/part.sql.xz > saved/damaged.sql.xz
"$ckpt" restore saved/damaged.sql.xz damaged.db >/dev/null 2>&1 && fail "restore of a damaged checkpoint succeeded"
ls | grep -q damaged && fail "a failed restore left a database behind: $(ls)"
echo "checkpoint round trip: saved, restored, resumed identically; refusals clear"
