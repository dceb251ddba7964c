#!/usr/bin/env python3
"""Draws results/rule-study/chart.svg from report.json: each rule set's decisive rate (x) against
White's score (y), both with 95% intervals, one colour per node limit.

    python3 results/rule-study/chart.py results/rule-study/report.json results/rule-study/chart.svg

The score interval is the report's (trinomial Wilson); the decisive rate's is the Wilson
interval of a proportion, the same the report uses for rates."""
import json
import math
import sys

from tables import wilson  # the same interval as the README's tables


def main(report_path, out_path):
    cells = json.load(open(report_path))["cells"]
    points = []
    for cell in cells:
        if cell["white_player"] != cell["black_player"]:
            continue
        n = cell["games"]
        decisive = cell["white_wins"] + cell["black_wins"]
        lo, hi = wilson(decisive, n)
        points.append({
            "rules": cell["rules"] or "classical",
            "player": cell["white_player"],
            "x": decisive / n, "x_lo": lo, "x_hi": hi,
            "y": cell["score"], "y_lo": cell["score_low"], "y_hi": cell["score_high"],
            "games": n,
        })
    players = sorted({p["player"] for p in points}, key=lambda s: int(s.split("=")[-1]))
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]
    x_min = min(p["x_lo"] for p in points) - 0.02
    x_max = max(p["x_hi"] for p in points) + 0.02
    y_min = min(min(p["y_lo"] for p in points), 0.5) - 0.01
    y_max = max(max(p["y_hi"] for p in points), 0.5) + 0.01
    width, height, left, right, top, bottom = 1060, 620, 70, 330, 40, 60
    plot_w, plot_h = width - left - right, height - top - bottom

    def sx(x):
        return left + (x - x_min) / (x_max - x_min) * plot_w

    def sy(y):
        return top + (y_max - y) / (y_max - y_min) * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="22" font-size="15">The ten rule sets of the AlphaZero study: '
           f'decisive games against White\'s score (95% intervals)</text>']
    # Axes with ticks every 5 points (x) and 1 point (y).
    out.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
               f'stroke="#999"/>')
    tick = math.ceil(x_min * 20) / 20
    while tick <= x_max:
        out.append(f'<line x1="{sx(tick):.1f}" y1="{top}" x2="{sx(tick):.1f}" '
                   f'y2="{top + plot_h}" stroke="#eee"/>')
        out.append(f'<text x="{sx(tick):.1f}" y="{top + plot_h + 16}" '
                   f'text-anchor="middle">{tick * 100:.0f}%</text>')
        tick += 0.05
    tick = math.ceil(y_min * 100) / 100
    while tick <= y_max:
        out.append(f'<line x1="{left}" y1="{sy(tick):.1f}" x2="{left + plot_w}" '
                   f'y2="{sy(tick):.1f}" stroke="{"#888" if abs(tick - 0.5) < 1e-9 else "#eee"}"/>')
        out.append(f'<text x="{left - 6}" y="{sy(tick) + 4:.1f}" '
                   f'text-anchor="end">{tick * 100:.0f}%</text>')
        tick += 0.01
    out.append(f'<text x="{left + plot_w / 2}" y="{height - 18}" text-anchor="middle">'
               f'decisive games (1 - draw rate)</text>')
    out.append(f'<text transform="translate(18 {top + plot_h / 2}) rotate(-90)" '
               f'text-anchor="middle">White\'s score (draws count half)</text>')
    for i, player in enumerate(players):
        colour = colours[i % len(colours)]
        for p in (q for q in points if q["player"] == player):
            x, y = sx(p["x"]), sy(p["y"])
            out.append(f'<line x1="{sx(p["x_lo"]):.1f}" y1="{y:.1f}" x2="{sx(p["x_hi"]):.1f}" '
                       f'y2="{y:.1f}" stroke="{colour}" stroke-width="1.2"/>')
            out.append(f'<line x1="{x:.1f}" y1="{sy(p["y_lo"]):.1f}" x2="{x:.1f}" '
                       f'y2="{sy(p["y_hi"]):.1f}" stroke="{colour}" stroke-width="1.2"/>')
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{colour}"/>')
            out.append(f'<text x="{x + 5:.1f}" y="{y - 5:.1f}" fill="{colour}" '
                       f'font-size="11">{p["rules"]}</text>')
        ly = top + 20 + 22 * i
        games = sorted({p["games"] for p in points if p["player"] == player})
        out.append(f'<circle cx="{left + plot_w + 18}" cy="{ly}" r="4" fill="{colour}"/>')
        nodes = int(player.split("=")[-1])
        out.append(f'<text x="{left + plot_w + 28}" y="{ly + 4}">{nodes:,} nodes a move '
                   f'({games[0]:,} games each)</text>')
    out.append("</svg>")
    with open(out_path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
