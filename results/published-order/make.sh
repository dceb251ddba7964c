#!/usr/bin/env bash
# results/published-order/make.sh DIR: prints the numbers of README.md that come from kept games
# through `balance report` rather than from another study's README: restores three checkpoints
# into DIR (a scratch directory outside the repository; created if missing, databases already
# there are reused) and reports them. Run from the repository root; BALANCE names the binary
# (default: balance on PATH).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
dir="$1"
balance="${BALANCE:-balance}"
mkdir -p "$dir"
while read -r checkpoint name; do
    [ -f "$dir/$name.db" ] || results/checkpoint.sh restore "$checkpoint" "$dir/$name.db"
done <<'LIST'
results/balancer/orcs.sql.xz fairymax-race
results/balancer/elves.sql.xz ours-race
results/asymmetric-strength/taste.sql.xz taste
LIST
for name in fairymax-race ours-race; do
    "$balance" report --db "$dir/$name.db" --format csv --table summary --side orcs > "$dir/$name.csv"
done
python3 results/published-order/order.py readings "$dir/fairymax-race.csv" "$dir/ours-race.csv"
echo "# taste (material-only evaluation, 25k nodes)"
"$balance" report --db "$dir/taste.db" --no-values | grep -m1 'Army strength'
echo "# the published table, fitted jointly"
python3 results/published-order/order.py published
