#!/usr/bin/env python3
"""Prints the README's tables from report.json: per node limit, each rule set's results and its
effect against classical chess.

    python3 results/rule-study/tables.py results/rule-study/report.json"""
import json
import math
import sys

Z = 1.959964
ORDER = ["", "torpedo", "semi-torpedo", "pawn-one-square", "pawn-back", "pawn-sideways",
         "self-capture", "no-castling", "no-castling-10", "stalemate-win"]


def wilson(k, n):
    p = k / n
    c = Z * Z / n
    centre = (p + c / 2) / (1 + c)
    half = math.sqrt(c * p * (1 - p) + c * c / 4) / (1 + c)
    return centre - half, centre + half


def pct(x):
    return f"{100 * x:.1f}"


def pp(x):
    return f"{100 * x:+.1f}"


def p_text(p):
    return "<0.001" if p < 0.001 else f"{p:.3f}" if p < 0.01 else f"{p:.2f}"


def main(path):
    report = json.load(open(path))
    players = sorted({c["white_player"] for c in report["cells"]},
                     key=lambda s: int(s.split("=")[-1]))
    effects = report["rule_effects"]
    tests = sum(1 for e in effects for m in ("score_change", "draw_rate_change")
                if e[m].get("p") is not None)
    for player in players:
        cells = {c["rules"]: c for c in report["cells"] if c["white_player"] == player}
        games = sorted({c["games"] for c in cells.values()})
        print(f"### {int(player.split('=')[-1]):,} nodes a move, "
              f"{'-'.join(f'{g:,}' for g in (games[0], games[-1]) if g) if games[0] != games[-1] else f'{games[0]:,}'}"
              " games per rule set\n")
        print("| rule set | White wins | draws | Black wins | White's score | decisive games "
              "| mean length (plies) |")
        print("| :--- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for rules in ORDER:
            c = cells.get(rules)
            if not c:
                continue
            n = c["games"]
            decisive = c["white_wins"] + c["black_wins"]
            lo, hi = wilson(decisive, n)
            print(f"| {rules or 'classical'} | {c['white_wins']:,} | {c['draws']:,} | "
                  f"{c['black_wins']:,} | {pct(c['score'])}% [{pct(c['score_low'])}, "
                  f"{pct(c['score_high'])}] | {pct(decisive / n)}% [{pct(lo)}, {pct(hi)}] | "
                  f"{c['mean_plies']:.0f} |")
        print()
        print(f"Against classical chess (percentage points, 95% Newcombe/MOVER intervals; p "
              f"Holm-adjusted over the report's {tests} tests, both node limits):\n")
        print("| rule set | White's score | p (Holm) | draw rate | p (Holm) |")
        print("| :--- | ---: | ---: | ---: | ---: |")
        for rules in ORDER[1:]:
            e = next((x for x in effects if x["rules"] == rules and x["white_player"] == player
                      and not x.get("pooled")), None)
            if not e:
                continue
            row = [rules]
            for m in ("score_change", "draw_rate_change"):
                v = e[m]
                sig = v["p_holm"] < 0.05
                text = f"{pp(v['estimate'])} [{pp(v['low'])}, {pp(v['high'])}]"
                ptxt = p_text(v["p_holm"])
                row += [f"**{text}**" if sig else text, f"**{ptxt}**" if sig else ptxt]
            print("| " + " | ".join(row) + " |")
        print()


if __name__ == "__main__":
    main(sys.argv[1])
