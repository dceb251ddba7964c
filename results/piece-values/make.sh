#!/bin/sh
# Regenerates the tables of results/piece-values/ from the studies' checkpoints (no games are
# played). Run from the repository root with `balance` built:
#
#   results/piece-values/make.sh [WORK]
#
# WORK (default results/studies/piece-values, which git ignores) receives the restored
# databases. The tables:
#   chess-calibration.md  `balance calibrate` of configs/sweeps/calibrate-chess.toml (chess.sql.xz)
#   chess-methods.md      round 0 of it (the engine at the documented values) fitted both ways
#   chess-20k-methods.md  the same at 20k nodes (chess-20k.sql.xz: `--nodes 20000`)
#   asymmetric-<n>.md     Asymmetric Chess, all 15 units, from the strength study's self-play at
#                         n = 4k, 10k, 25k, 64k nodes (results/asymmetric-strength/ours.sql.xz)
#   uneven-<n>.md         Uneven Pieces at 10k and 40k nodes (results/uneven/games.sql.xz)
#   asymmetric-calibrated[-r2]-report.md, asymmetric-calibrated[-r2]-values.md
#                         the Asymmetric table played by asymmetric-10k.toml's values
#                         (asymmetric-calibrated.sql.xz), then by asymmetric-10k-r2.toml's
#                         (asymmetric-calibrated-r2.sql.xz), then halfway (-r3), and the values
#                         their games give back
#   asymmetric-values-openings-report.md
#                         documented against calibrated values, every game from random openings
#   stockfish-odds-starts.md, stockfish-odds-starts-report.md
#                         Stockfish 15.1 from designed odds starts (chess-odds-starts-stockfish:
#                         stockfish-odds-starts.sql.xz), fitted by odds-starts; the report puts
#                         texel and the regression on the same games beside it
#   stockfish-in-game.md  Stockfish's own games from random openings (chess-values-stockfish:
#                         stockfish-in-game.sql.xz), fitted by texel and the regression
#   engine-odds-starts.md the internal engine at 5k nodes from the same starts (round 0 of
#                         calibrate-chess-odds: engine-odds-starts.sql.xz), fitted by odds-starts
#   asymmetric-calibration-<n>.md, asymmetric-calibrate-<n>-report.md, asymmetric-fixed-<n>.toml
#                         `balance calibrate` of configs/sweeps/calibrate-asymmetric.toml at
#                         n = 2500 and 10000 nodes (asymmetric-calibrate-<n>.sql.xz): the rounds,
#                         the report of every round's games, the values the next round would play
#   asymmetric-fixed-vs-documented-report.md
#                         the engine by those values against by the documented ones, head to
#                         head at both node limits (asymmetric-fixed-vs-documented.sql.xz)
set -eu
WORK="${1:-results/studies/piece-values}"
OUT=results/piece-values
BALANCE="${BALANCE:-build/app/balance}"
mkdir -p "$WORK"
restore() {  # checkpoint database
    [ -f "$2" ] || results/checkpoint.sh restore "$1" "$2"
}
restore "$OUT/chess.sql.xz" "$WORK/chess.db"
restore "$OUT/chess-20k.sql.xz" "$WORK/chess-20k.db"
restore results/asymmetric-strength/ours.sql.xz "$WORK/asymmetric.db"
restore results/uneven/games.sql.xz "$WORK/uneven.db"
restore "$OUT/asymmetric-calibrated.sql.xz" "$WORK/asymmetric-calibrated.db"
restore "$OUT/asymmetric-calibrated-r2.sql.xz" "$WORK/asymmetric-calibrated-r2.db"
restore "$OUT/asymmetric-calibrated-r3.sql.xz" "$WORK/asymmetric-calibrated-r3.db"
restore "$OUT/asymmetric-values-openings.sql.xz" "$WORK/asymmetric-values-openings.db"
restore "$OUT/stockfish-odds-starts.sql.xz" "$WORK/stockfish-odds-starts.db"
restore "$OUT/stockfish-in-game.sql.xz" "$WORK/stockfish-in-game.db"
restore "$OUT/engine-odds-starts.sql.xz" "$WORK/engine-odds-starts.db"
for nodes in 2500 10000; do
    restore "$OUT/asymmetric-calibrate-$nodes.sql.xz" "$WORK/asymmetric-calibrate-$nodes.db"
done
restore "$OUT/asymmetric-fixed-vs-documented.sql.xz" "$WORK/asymmetric-fixed-vs-documented.db"

# Re-running the calibration on its complete database plays nothing and prints the rounds.
{
    echo '```'
    "$BALANCE" calibrate configs/sweeps/calibrate-chess.toml --db "$WORK/chess.db" --quiet \
        --write-values "$OUT/chess-5k.toml" | sed "s|$WORK/|WORK/|"
    echo '```'
} > "$OUT/chess-calibration.md"
sed -i "s|$WORK/chess.db|results/piece-values/chess.sql.xz|" "$OUT/chess-5k.toml"
for method in texel regression; do
    "$BALANCE" values --db "$WORK/chess.db" --player balance-r0 --method "$method"
done > "$OUT/chess-methods.md"
# The 20k-node calibration (finished: a fixed point after 2 rounds): its round 0 fitted both ways.
for method in texel regression; do
    "$BALANCE" values --db "$WORK/chess-20k.db" --player balance-r0 --method "$method"
done > "$OUT/chess-20k-methods.md"
for nodes in 4000 10000 25000 64000; do
    "$BALANCE" values --db "$WORK/asymmetric.db" --player "balance:nodes=$nodes" \
        --normalize footman > "$OUT/asymmetric-$nodes.md"
done
for nodes in 10000 40000; do
    "$BALANCE" values --db "$WORK/uneven.db" --player "balance:nodes=$nodes" \
        > "$OUT/uneven-$nodes.md"
done
for round in asymmetric-calibrated asymmetric-calibrated-r2 asymmetric-calibrated-r3; do
    "$BALANCE" report --portable --db "$WORK/$round.db" |
        sed "s|$WORK/$round.db|results/piece-values/$round.sql.xz|" > "$OUT/$round-report.md"
    "$BALANCE" values --db "$WORK/$round.db" --player balance:nodes=10000 --normalize footman |
        sed "s|$WORK/||" > "$OUT/$round-values.md"
done
"$BALANCE" report --portable --db "$WORK/asymmetric-values-openings.db" |
    sed "s|$WORK/asymmetric-values-openings.db|results/piece-values/asymmetric-values-openings.sql.xz|" \
        > "$OUT/asymmetric-values-openings-report.md"
"$BALANCE" values --db "$WORK/stockfish-odds-starts.db" | sed "s|$WORK/||" \
    > "$OUT/stockfish-odds-starts.md"
"$BALANCE" report --portable --db "$WORK/stockfish-odds-starts.db" --values |
    sed "s|$WORK/stockfish-odds-starts.db|results/piece-values/stockfish-odds-starts.sql.xz|" \
        > "$OUT/stockfish-odds-starts-report.md"
for method in texel regression; do
    "$BALANCE" values --db "$WORK/stockfish-in-game.db" --method "$method"
done > "$OUT/stockfish-in-game.md"
"$BALANCE" values --db "$WORK/engine-odds-starts.db" --player balance-r0 > "$OUT/engine-odds-starts.md"
# The Asymmetric calibrations (damped, step 0.5) at two strengths; --status reads the rounds and
# never plays. 10k is the file's own node limit (played without --nodes, so its rounds carry no
# -n suffix).
for nodes in 2500 10000; do
    db="$WORK/asymmetric-calibrate-$nodes.db"
    limit=""
    [ "$nodes" = 10000 ] || limit="--nodes $nodes"
    {
        echo '```'
        # shellcheck disable=SC2086
        "$BALANCE" calibrate configs/sweeps/calibrate-asymmetric.toml $limit --db "$db" \
            --status --write-values "$OUT/asymmetric-fixed-$nodes.toml" | sed "s|$WORK/|WORK/|"
        echo '```'
    } > "$OUT/asymmetric-calibration-$nodes.md"
    sed -i "s|$db|results/piece-values/asymmetric-calibrate-$nodes.sql.xz|" \
        "$OUT/asymmetric-fixed-$nodes.toml"
    "$BALANCE" report --portable --db "$db" |
        sed "s|$db|results/piece-values/asymmetric-calibrate-$nodes.sql.xz|" \
            > "$OUT/asymmetric-calibrate-$nodes-report.md"
done
"$BALANCE" report --portable --db "$WORK/asymmetric-fixed-vs-documented.db" |
    sed "s|$WORK/asymmetric-fixed-vs-documented.db|results/piece-values/asymmetric-fixed-vs-documented.sql.xz|" \
        > "$OUT/asymmetric-fixed-vs-documented-report.md"
echo "wrote $OUT/*.md"
