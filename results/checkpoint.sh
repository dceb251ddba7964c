#!/usr/bin/env bash
# Keeps a study's games in the repository, so a long study survives the machine it ran on.
#
#   results/checkpoint.sh save DB results/<study>/<name>.sql.xz
#       a consistent SQL dump of the results database DB (safe while `balance sweep` is
#       writing to it), xz-compressed; written to a temporary file and renamed, so an
#       interrupted save never leaves a half-written checkpoint
#   results/checkpoint.sh restore results/<study>/<name>.sql.xz DB
#       rebuilds the database DB (which must not exist yet) from a checkpoint; running the
#       study's `balance sweep ... --db DB` afterwards resumes it: stored games are not replayed
#
# Why dumps and not the .db files: a dump is plain text (every table, the run records with
# their revisions and seeds, the rules kept with every game), it compresses about 10x, and it
# restores with the sqlite3 shell alone. The databases themselves stay git-ignored.
set -euo pipefail
usage() {
    echo "usage: $0 save DB CHECKPOINT.sql.xz | restore CHECKPOINT.sql.xz DB" >&2
    exit 2
}
[ $# -eq 3 ] || usage
case "$1" in
save)
    db="$2"
    out="$3"
    [ -f "$db" ] || { echo "$0: no database at $db" >&2; exit 1; }
    case "$out" in *.sql.xz) ;; *) echo "$0: checkpoint name must end in .sql.xz: $out" >&2; exit 1 ;; esac
    mkdir -p "$(dirname "$out")"
    tmp="$out.tmp.$$"
    # .backup takes a consistent snapshot even with a writer in WAL mode. The copy's run
    # records then lose the machine's names, as `balance report --portable` prints them: hosts
    # become "host 1", "host 2", ... in the order they first played, and an absolute sweep file
    # its path from configs/ on (or its file name). Kept checkpoints name no machine.
    snap=$(mktemp "${TMPDIR:-/tmp}/checkpoint.XXXXXX")
    trap 'rm -f "$tmp" "$tmp.count" "$snap"' EXIT
    sqlite3 -bail "$db" ".backup '$snap'"
    sqlite3 -bail "$snap" "
        WITH first AS (SELECT host, MIN(run_id) AS first_run FROM runs GROUP BY host),
             numbered AS (SELECT host, ROW_NUMBER() OVER (ORDER BY first_run) AS n FROM first)
        UPDATE runs SET host = 'host ' || (SELECT n FROM numbered WHERE numbered.host = runs.host);
        UPDATE runs SET sweep_file = CASE
            WHEN instr(sweep_file, '/configs/') > 0
                THEN substr(sweep_file, instr(sweep_file, '/configs/') + 1)
            ELSE replace(sweep_file, rtrim(sweep_file, replace(sweep_file, '/', '')), '') END
          WHERE sweep_file LIKE '/%';"
    db="$snap"
    # .dump leaves out the schema version (PRAGMA user_version), which `balance` checks on open.
    version=$(sqlite3 -bail "$db" "PRAGMA user_version")
    # The games are counted in the dump itself (one INSERT a row: .dump writes a newline in a
    # value as char(10)): a count read from the database afterwards would include games a
    # running study added meanwhile.
    { echo "PRAGMA user_version = $version;"; sqlite3 -bail "$db" .dump; } |
        awk -v count="$tmp.count" '/^INSERT INTO games / { n++ } { print } END { print n + 0 > count }' |
        xz -9 > "$tmp"
    games=$(cat "$tmp.count")
    rm -f "$tmp.count" "$snap"
    mv "$tmp" "$out"
    trap - EXIT
    echo "saved $games games of $2 to $out ($(wc -c < "$out") bytes)"
    ;;
restore)
    in="$2"
    db="$3"
    [ -f "$in" ] || { echo "$0: no checkpoint at $in" >&2; exit 1; }
    [ -e "$db" ] && { echo "$0: $db exists; restore into a new path (or merge with balance merge)" >&2; exit 1; }
    tmp="$db.tmp.$$"
    trap 'rm -f "$tmp"' EXIT
    # A damaged or truncated checkpoint must not become a short database: xz checks the whole
    # stream first, and pipefail catches any later failure of either side.
    xz -t "$in" || { echo "$0: $in is damaged (xz integrity check failed)" >&2; exit 1; }
    xz -dc "$in" | sqlite3 -bail "$tmp"
    mv "$tmp" "$db"
    trap - EXIT
    echo "restored $(sqlite3 "$db" "select count(*) from games") games from $in into $db"
    ;;
*) usage ;;
esac
