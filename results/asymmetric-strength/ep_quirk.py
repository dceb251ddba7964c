#!/usr/bin/env python3
"""Lists the Fairy-Max games that met its e.p. quirk (README, "A Fairy-Max rules quirk"): a
double step that passes a square and makes it an e.p. square (an Elf Sprite's diagonal one),
answered at once by Fairy-Max's own straight pawn-like step (no capture) onto the passed
square, which Fairy-Max applies as an e.p. capture on its own board.

    balance export --db fairymax.db --pgn fairymax.pgn
    python3 results/asymmetric-strength/ep_quirk.py fairymax.db fairymax.pgn

The stored moves give the squares, the PGN's SAN the kind of move (a pawn-like move without a
capture is written as its square alone). When the double step is the last opening ply (not in
the PGN) the start position's e.p. square stands for it.
"""
import re
import sqlite3
import sys


def square(text):
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


def pgn_games(path):
    games, key, fen, body = {}, None, None, []
    for line in open(path):
        if line.startswith("[GameKey "):
            key = line.split('"')[1]
        elif line.startswith("[FEN "):
            fen = line.split('"')[1]
        elif line.startswith("[Event ") and key:
            games[key] = (fen, " ".join(body))
            key, fen, body = None, None, []
        elif not line.startswith("["):
            body.append(line.strip())
    if key:
        games[key] = (fen, " ".join(body))
    return games


def san_moves(body):
    tokens = re.sub(r"\{[^}]*\}", " ", body).split()
    return [t for t in tokens if not re.match(r"^(\d+\.+|1-0|0-1|1/2-1/2|\*)$", t)]


def main(db_path, pgn_path):
    pgn = pgn_games(pgn_path)
    db = sqlite3.connect(db_path)
    games = with_elves = 0
    listed = []
    for key, index, moves, termination in db.execute(
            "select cell_key, game_index, moves, termination from games"):
        games += 1
        if "elves" not in key:
            continue
        with_elves += 1
        fen, body = pgn[f"{key}#{index}"]
        sans = san_moves(body)
        ucis = moves.split()
        assert len(sans) == len(ucis), (key, index, len(sans), len(ucis))
        ep = fen.split()[3]
        passed = None if ep == "-" else square(ep.split("/")[0])
        for i, (uci, san) in enumerate(zip(ucis, sans)):
            to = square(uci[2:4])
            frm = square(uci[:2])
            if passed and to == passed and frm[0] == to[0] and abs(to[1] - frm[1]) == 1 \
                    and re.fullmatch(r"[a-h][1-8][+#]?", san):
                listed.append((key, index, ucis[i - 1] if i else "(opening)", uci, termination))
                break
            # Does this move pass a square (a pawn-like double step)?
            passed = None
            if re.fullmatch(r"[a-h]?[a-h][1-8][+#]?", san) and abs(to[1] - frm[1]) == 2 \
                    and abs(to[0] - frm[0]) in (0, 2):
                passed = ((frm[0] + to[0]) // 2, (frm[1] + to[1]) // 2)
    for row in listed:
        print(*row)
    print(f"{len(listed)} of {with_elves} games with Elves ({games} games in all)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
