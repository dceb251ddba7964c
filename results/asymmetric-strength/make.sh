#!/bin/sh
# Regenerates results/asymmetric-strength/ (report.md, report.html, README.md skeleton) from the
# two strength studies' databases. Run from the repository root, with `balance` built:
#
#   results/asymmetric-strength/make.sh results/asymmetric-strength.db \
#       results/asymmetric-strength-fairymax.db [results/asymmetric-taste.db \
#       [results/asymmetric-strength-link.db]]
#
# The databases come from:
#   nice -n 19 balance sweep configs/sweeps/asymmetric-strength.toml --threads 2 --db A.db
#   nice -n 19 balance sweep configs/sweeps/asymmetric-strength-fairymax.toml --threads 2 --db F.db
#   nice -n 19 balance sweep configs/sweeps/asymmetric-taste.toml --threads 2 --db T.db   (optional)
#   nice -n 19 balance sweep configs/sweeps/asymmetric-strength-link.toml --threads 2 --db L.db
#                                                  (optional: our rungs against Fairy-Max's depths)
# Both resume where they stopped; the report of a partial run is valid for the games it holds
# (every cell fills evenly, game index by game index).
#
# It also writes a README skeleton (README.skeleton.md, git-ignored beside the README, which it
# never overwrites): the numbers, commands, revisions and sizes filled in, from which the README's
# tables are copied; the reading of the table (the explanation of the difference with the seed's
# table that the data supports, and what it rules out) is written by a person from report.md.
set -eu
OURS="$1"
FAIRY="$2"
TASTE="${3:-}"
LINK="${4:-}"
OUT=results/asymmetric-strength
BALANCE="${BALANCE:-build/app/balance}"
# Merged beside the reports (git-ignored: *.db), so the report names a path a reader can use,
# not a temporary directory's.
COMBINED=results/asymmetric-strength-all.db
rm -f "$COMBINED" "$COMBINED-wal" "$COMBINED-shm"
"$BALANCE" merge --force "$COMBINED" "$OURS" "$FAIRY" $TASTE $LINK
"$BALANCE" report --portable --db "$COMBINED" --out "$OUT/report.md"
"$BALANCE" report --portable --db "$COMBINED" --format html --out "$OUT/report.html"
"$BALANCE" report --portable --db "$COMBINED" --format json --out "$OUT/report.json"
GAMES=$(python3 -c "import json;print(json.load(open('$OUT/report.json'))['meta']['games'])")
REVS=$(python3 -c "import json;print(', '.join(sorted({r.get('git_revision','?') for r in json.load(open('$OUT/report.json'))['meta']['runs']})))")
{
    echo "# Asymmetric Chess: balance against player strength"
    echo
    echo "The seed's table (all 9 pairings) played by two players, each on a ladder of search"
    echo "limits: the internal engine at 4k-64k nodes per move and Fairy-Max 5.0b at depths 4-6."
    echo "Full report: \`report.md\`, \`report.html\` (charts)."
    echo
    echo "## How it was made"
    echo
    echo '```sh'
    echo "nice -n 19 balance sweep configs/sweeps/asymmetric-strength.toml --threads 2 --db $OURS"
    echo "nice -n 19 balance sweep configs/sweeps/asymmetric-strength-fairymax.toml --threads 2 --db $FAIRY"
    [ -n "$TASTE" ] && echo "nice -n 19 balance sweep configs/sweeps/asymmetric-taste.toml --threads 2 --db $TASTE"
    [ -n "$LINK" ] && echo "nice -n 19 balance sweep configs/sweeps/asymmetric-strength-link.toml --threads 2 --db $LINK"
    echo "balance merge --force all.db $OURS $FAIRY $TASTE $LINK"
    echo "balance report --portable --db all.db --out $OUT/report.md"
    echo "balance report --portable --db all.db --format html --out $OUT/report.html"
    echo '```'
    echo
    echo "- Revisions (from the run records): $REVS. Games: $GAMES."
    echo "- Runs:"
    python3 -c "
import json
for r in json.load(open('$OUT/report.json'))['meta']['runs']:
    print('  - run', r.get('run_id'), r.get('sweep_name'), 'started', r.get('started_at'), 'finished', r.get('finished_at'), 'threads', r.get('threads'))"
    echo
    echo "## The table per rung, beside the seed's"
    echo
    python3 - "$OUT/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
def pct(x): return 'n/a' if x is None else f'{100*x:.1f}%'
for line in r.get('strength', []):
    if line['view'] != 'X = Y':
        continue
    cells = []
    for rung in line['rungs']:
        if rung.get('games'):
            cells.append(f"{rung['limit']}: {pct(rung['score'])} [{pct(rung['score_low'])}, {pct(rung['score_high'])}] ({rung['games']})")
        else:
            cells.append(f"{rung['limit']}: n/a")
    t = line['trend']
    trend = 'n/a' if not t else f"{100*t['slope_per_doubling']:+.1f} pp/doubling [{100*t['low']:+.1f}, {100*t['high']:+.1f}]"
    print(f"- {line['player']}, {line['x']} = {line['y']}: " + '; '.join(cells) +
          f"; trend {trend}; seed {pct(line['reference'])}; verdict: {line['verdict']}")
print()
print('Rung gaps (stronger rung\'s Elo):')
for g in r.get('strength_gaps', []):
    s = g['stronger']
    if s:
        print(f"- {g['player']} {g['limit']} {g['from']} -> {g['to']}: {s['elo'] if s['elo'] is None else round(s['elo'])} Elo [{s['elo_low'] if s['elo_low'] is None else round(s['elo_low'])}, {s['elo_high'] if s['elo_high'] is None else round(s['elo_high'])}] by {s['games']} games")
print()
print('Every player and rung, pooled X = Y (both colour orders), X\'s score:')
print()
print('| player | Human = Elf | Human = Orc | Elf = Orc |')
print('|---|---|---|---|')
rows = {}
for p in r['pairs']:
    if p['x_player'] != p['y_player'] or not p.get('pooled'):
        continue
    q = p['pooled']
    rows.setdefault(p['x_player'], {})[(p['x'], p['y'])] = f"{pct(q['score'])} [{pct(q['score_low'])}, {pct(q['score_high'])}] ({q['games']})"
seed = {(p['x'], p['y']): p['reference']['pooled_score'] for p in r['pairs'] if p.get('reference')}
order = [('humans', 'elves'), ('humans', 'orcs'), ('elves', 'orcs')]
def rung_key(name):
    head, _, limit = name.partition('=')
    return (head, int(limit) if limit.isdigit() else 0)
for player in sorted(rows, key=rung_key):
    print(f"| {player} | " + ' | '.join(rows[player].get(k, 'n/a') for k in order) + ' |')
print('| seed (Fairy-Max, 2016) | ' + ' | '.join(pct(seed.get(k)) for k in order) + ' |')
print()
print('Players agree? (X = Y lines):')
for a in r.get('strength_agree', []):
    if a['view'] == 'X = Y':
        print(f"- {a['x']} = {a['y']}: {a['a']}: {a['verdict_a']}; {a['b']}: {a['verdict_b']}; agree: {'yes' if a['agree'] else 'no'}")
PY
    echo
    echo "## What the data says"
    echo
    echo "TO WRITE from report.md: the verdicts with their intervals; whether the Elves' edge in"
    echo "results/asymmetric/ follows the player's strength (a trend up our ladder), the player"
    echo "(Fairy-Max's ladder flat near the seed), or neither; what the data rules out."
} > "$OUT/README.skeleton.md"
echo "wrote $OUT/README.skeleton.md, report.md, report.html, report.json"
