#!/usr/bin/env python3
"""Numbers behind results/published-order/README.md that no `balance report` prints directly.

  order.py published        the published Fairy-Max table's three pooled scores fitted jointly
                            (army Elo differences, assuming the page's +-2.5% are independent
                            95% margins of 1,000 games each; weighted least squares on the Elo
                            scale)
  order.py readings CSV...  from `balance report --format csv --table summary --side orcs`
                            of a fix search's database: the Orcs' score in each pairing and the
                            army fit, for the unchanged rules and for each option (reading) on
                            its own; candidates that edit a piece (rules named @hash) are left out
"""
import csv
import math
import sys

PUBLISHED = [  # (stronger-side army, other, that army's score in %), from the seed's pooled rows
    ("Orc", "Human", 100 - 47.95),
    ("Elf", "Human", 100 - 48.65),
    ("Orc", "Elf", 100 - 49.20),
]
MARGIN_95 = 2.5  # percentage points, as the page gives it for 1,000 games


def elo(score):
    return -400 * math.log10(1 / score - 1)


def published():
    k = math.log(10) / 400
    vec = {"Orc": (1, 0), "Elf": (0, 1), "Human": (0, 0)}  # parameters: Orc-Human, Elf-Human
    a = [[0.0, 0.0], [0.0, 0.0]]
    b = [0.0, 0.0]
    print("pairing | published score | Elo | SE (Elo)")
    for x, y, pct in PUBLISHED:
        s = pct / 100
        slope = k * s * (1 - s) * 100  # score points per Elo near s
        se = (MARGIN_95 / 1.96) / slope
        w = 1 / se ** 2
        d = (vec[x][0] - vec[y][0], vec[x][1] - vec[y][1])
        for r in range(2):
            b[r] += w * d[r] * elo(s)
            for c in range(2):
                a[r][c] += w * d[r] * d[c]
        print(f"{x} vs {y} | {pct:.2f}% | {elo(s):+.1f} | {se:.1f}")
    det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    cov = [[a[1][1] / det, -a[0][1] / det], [-a[1][0] / det, a[0][0] / det]]
    beta = [cov[0][0] * b[0] + cov[0][1] * b[1], cov[1][0] * b[0] + cov[1][1] * b[1]]

    def show(name, l):
        m = l[0] * beta[0] + l[1] * beta[1]
        v = sum(l[r] * cov[r][c] * l[c] for r in range(2) for c in range(2))
        h = 1.96 * math.sqrt(v)
        print(f"{name}: {m:+.0f} Elo [{m - h:+.0f}, {m + h:+.0f}]")

    print("joint fit (95%):")
    show("Orc - Human", (1, 0))
    show("Elf - Human", (0, 1))
    show("Orc - Elf", (1, -1))
    show("Human against the average army", (-1 / 3, -1 / 3))
    show("Elf against the average army", (-1 / 3, 2 / 3))
    show("Orc against the average army", (2 / 3, -1 / 3))


def readings(paths):
    for path in paths:
        print(f"# {path}")
        for r in csv.DictReader(open(path)):
            rules = r["rules"] or "unchanged (default readings)"
            if "@" in rules:
                continue
            if r["kind"] == "pairing":
                s, lo, hi = (100 * float(r[f]) for f in ("result.score", "result.score_low", "result.score_high"))
                print(f"{rules} | {r['subject']} vs {r['other']} | {r['result.games']} games | "
                      f"{s:.1f}% [{lo:.1f}, {hi:.1f}] | draws {100 * float(r['result.draw_rate']):.1f}%")
            elif r["kind"] == "armies":
                print(f"{rules} | {r['headline']}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["published"]:
        published()
    elif sys.argv[1:2] == ["readings"] and len(sys.argv) > 2:
        readings(sys.argv[2:])
    else:
        sys.exit(__doc__)
