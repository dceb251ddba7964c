#!/usr/bin/env bash
# Fairy-Max's node rate counted two ways (documented in docs/performance.md, not part of CI), beside this
# build's, from the chess start position:
#  - "counter": what Fairy-Max prints (its N). N is incremented inside the iterative-deepening
#    loop that Fairy-Max runs at every node, so a node searched in k internal passes counts k
#    times.
#  - "visits": calls of its search function D(), one per position searched (the root, every
#    move made, every null move), which is how `balance` counts nodes (calls of search and
#    quiescence). Also printed: how many of those visits ended at once by capturing a king (the
#    positions an illegal move led to; Fairy-Max generates pseudo-legal moves).
# The counts come from a copy of Debian's Fairy-Max source with two counters added, built in a
# temporary directory (nothing of it is kept); the times come from Debian's /usr/games/fairymax
# (the counting copy searches the same tree: the script checks that both print the same N).
#
#   bench/fairymax_nodes.sh [--runs 9] [--depth 9] [--nodes 8000000] [--balance build/app/balance]
#
# Needs: Debian's fairymax and its source package (`apt-get source fairymax`; the script adds a
# deb-src entry for bookworm while it fetches when run as root and none is configured), gcc.
# Runs alternate (Fairy-Max, then ours) so that machine noise falls on both; medians printed.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=9
depth=9
nodes=8000000
balance=build/app/balance
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --depth) depth="$2"; shift 2 ;;
    --nodes) nodes="$2"; shift 2 ;;
    --balance) balance="$2"; shift 2 ;;
    *) echo "fairymax_nodes.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
fairymax=/usr/games/fairymax
[[ -x "$fairymax" ]] || { echo "fairymax_nodes.sh: $fairymax not found (apt-get install fairymax)" >&2; exit 1; }
[[ -x "$balance" ]] || { echo "fairymax_nodes.sh: $balance not found (build first)" >&2; exit 1; }

work=$(mktemp -d /tmp/fairymax-nodes.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The source: apt-get source, with a temporary deb-src entry if there is none.
added=""
if ! grep -rqs "deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  [[ $(id -u) -eq 0 ]] || { echo "fairymax_nodes.sh: no deb-src entry, and not root to add one" >&2; exit 1; }
  added=/etc/apt/sources.list.d/balance-fairymax-src.sources
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' >"$added"
  apt-get update -qq >/dev/null
fi
(cd "$work" && apt-get source -qq fairymax >/dev/null 2>&1) || true
if [[ -n "$added" ]]; then rm -f "$added"; apt-get update -qq >/dev/null || true; fi
src=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name "fairymax-*" | head -1)
[[ -n "$src" && -f "$src/fairymax.c" ]] || { echo "fairymax_nodes.sh: apt-get source fairymax failed" >&2; exit 1; }

# Two counters: D() entries, and king captures (the line that ends a search on capturing a king).
c="$src/fairymax.c"
grep -q '^D(k,q,l,e,E,z,n)' "$c" || { echo "fairymax_nodes.sh: D() not found: another Fairy-Max version?" >&2; exit 1; }
sed -i 's|^D(k,q,l,e,E,z,n)|long long Visits, KingCaptures;\nD(k,q,l,e,E,z,n)|' "$c"
sed -i 's|^\( struct _\*a=A+(J+(k+S)\*E&U);.*\)$|\1 Visits++;|' "$c"
sed -i 's|(kk=H,i=-i,0)))m=I,d=98;|(kk=H,i=-i,0)))m=I,d=98,KingCaptures++;|' "$c"
sed -i 's|printf("%8d %10d",(GetTickCount()-Ticks)/10,N);|printf("%8d %10d visits %lld kingcaptures %lld",(GetTickCount()-Ticks)/10,N,Visits,KingCaptures);|' "$c"
[[ $(grep -c 'Visits++\|KingCaptures++\|visits %lld' "$c") -eq 3 ]] ||
  { echo "fairymax_nodes.sh: could not add the counters: another Fairy-Max version?" >&2; exit 1; }
gcc -O2 -w -DFAIRYDIR=\"/usr/share/games/fairymax\" "$c" -o "$work/fairymax-count"

# The input side waits for the engine's answer in the engine's own output file before it says
# quit (so the engine is never cut off mid-search); bounded at 10 minutes.
# shellcheck disable=SC2094
fm_last_line() {  # the last iteration's line: depth score centiseconds N [visits V kingcaptures K] pv
  (echo xboard; echo "protover 2"; echo new; echo post; echo "sd $depth"; echo "st 100000"; echo go
   for ((w = 0; w < 3000; w++)); do grep -qs "^move" "$work/fm.out" && break; sleep 0.2; done
   echo quit) |
    timeout 600 "$1" >"$work/fm.out" 2>&1 || true
  grep -E '^ *[0-9]+ ' "$work/fm.out" | tail -1
  rm -f "$work/fm.out"
}
counted=$(fm_last_line "$work/fairymax-count")
read -r _ _ _ n_count _ visits _ kings _ <<<"$counted"

# shellcheck disable=SC2094
ours_nps() {
  (echo uci; echo isready; echo "position startpos"; echo "go nodes $nodes"
   for ((w = 0; w < 3000; w++)); do grep -qs "^bestmove" "$work/ours.out" && break; sleep 0.2; done
   echo quit) |
    "$balance" uci >"$work/ours.out" 2>&1 || true
  grep -E '^info .*nps' "$work/ours.out" | tail -1 | sed -E 's/.* nps ([0-9]+).*/\1/'
  rm -f "$work/ours.out"
}

fm_cs=()
ours=()
for ((i = 0; i < runs; i++)); do
  line=$(fm_last_line "$fairymax")
  read -r _ _ cs n _ <<<"$line"
  [[ "$n" == "$n_count" ]] || { echo "fairymax_nodes.sh: Debian's Fairy-Max printed N=$n, the counting copy N=$n_count: not the same search" >&2; exit 1; }
  fm_cs+=("$cs")
  ours+=("$(ours_nps)")
done

python3 - "$n_count" "$visits" "$kings" "${fm_cs[*]}" "${ours[*]}" <<'EOF'
import statistics, sys
n, visits, kings = (int(x) for x in sys.argv[1:4])
secs = statistics.median(int(x) for x in sys.argv[4].split()) / 100
ours = statistics.median(int(x) for x in sys.argv[5].split())
print(f"Fairy-Max: N {n:,}, visits {visits:,} (N / visits {n / visits:.2f}), king captures {kings:,}")
print(f"Fairy-Max median time {secs:.2f} s: counter {n / secs / 1e6:.3f} M/s, "
      f"visits {visits / secs / 1e6:.3f} M/s, visits less king captures {(visits - kings) / secs / 1e6:.3f} M/s")
print(f"balance median {ours / 1e6:.3f} M nodes/s: {ours / (n / secs):.2f}x the counter, "
      f"{ours / (visits / secs):.2f}x the visits, {ours / ((visits - kings) / secs):.2f}x the legal visits")
EOF
