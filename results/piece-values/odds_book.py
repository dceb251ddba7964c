#!/usr/bin/env python3
"""Writes the designed material-odds starts of orthodox chess as TOML `positions` lines.

Each start removes material from both sides so that the expected score sits near 50%, where a
game carries the most information, and so that the values come out in pawns directly:

  pawn odds                 one pawn (files a-h)                                     x1
  knight against 3 pawns    a knight (b or g) against 3 pawns                        x2
  bishop against 3 pawns    a bishop (c or f) against 3 pawns                        x2
  rook against minor + 2P   a rook (a or h) against a knight or bishop and 2 pawns   x1
  queen against R + minor + P                                                        x1
  bishop against knight     a bishop (c or f) against a knight (b or g)              x1

Every start is written in both orientations (White gives the odds, then Black), 16 lines a
type, and the knight and bishop types twice (their values need the most games). A game i plays
line i mod 128, then a few random plies (the sweep's [openings]), so no two games repeat.

    python3 results/piece-values/odds_book.py > positions.toml
"""

BACK = "RNBQKBNR"
FILES = "abcdefgh"
THREE = ["abc", "fgh", "abh", "agh"]


def fen(white_missing, black_missing):
    """White lacks `white_missing`, Black `black_missing`: sets of squares like 'b1', 'a2'."""
    ranks = []
    for rank in range(8, 0, -1):
        row = ""
        for f, file in enumerate(FILES):
            sq = f"{file}{rank}"
            piece = None
            if rank in (1, 8):
                piece = BACK[f]
            elif rank in (2, 7):
                piece = "P"
            if piece and rank in (7, 8):
                piece = piece.lower()
            missing = white_missing if rank in (1, 2) else black_missing
            if piece is None or sq in missing:
                row += "."
            else:
                row += piece
        out, empty = "", 0
        for ch in row:
            if ch == ".":
                empty += 1
            else:
                out += (str(empty) if empty else "") + ch
                empty = 0
        ranks.append(out + (str(empty) if empty else ""))
    rights = ""
    if "h1" not in white_missing:
        rights += "K"
    if "a1" not in white_missing:
        rights += "Q"
    if "h8" not in black_missing:
        rights += "k"
    if "a8" not in black_missing:
        rights += "q"
    return "/".join(ranks) + " w " + (rights or "-") + " - 0 1"


def both(giver, taker, label):
    """giver: squares (rank-1/2 form) the odds side lacks; taker: what the other side lacks."""
    def black(squares):
        return {s[0] + {"1": "8", "2": "7"}[s[1]] for s in squares}
    return [(fen(set(giver), black(taker)), f"White -{label}"),
            (fen(set(taker), black(giver)), f"Black -{label}")]


def pawns(files):
    return [f + "2" for f in files]


def starts():
    types = []
    t = []
    for f in FILES:
        t += both([f + "2"], [], f"{f}-pawn")
    types.append((t, 1))
    t = []
    for n in "bg":
        for p in THREE:
            t += both([n + "1"], pawns(p), f"N{n} vs {p} pawns")
    types.append((t, 2))
    t = []
    for b in "cf":
        for p in THREE:
            t += both([b + "1"], pawns(p), f"B{b} vs {p} pawns")
    types.append((t, 2))
    t = []
    for r in "ah":
        for minor in ("b1", "c1"):
            for p in ("bg", "ah"):
                t += both([r + "1"], [minor] + pawns(p), f"R{r} vs {minor[0]}1 minor + {p}")
    types.append((t, 1))
    t = []
    for r in "ah":
        for minor in ("g1", "f1"):
            for p in "bg":
                t += both(["d1"], [r + "1", minor] + pawns(p), f"Q vs R{r} + {minor} + {p}")
    types.append((t, 1))
    t = []
    for b in "cf":
        for n in "bg":
            t += both([b + "1"], [n + "1"], f"B{b} vs N{n}")
    types.append((t * 2, 1))
    lines = []
    for lines_of_type, repeat in types:
        assert len(lines_of_type) == 16, len(lines_of_type)
        lines += lines_of_type * repeat
    return lines


if __name__ == "__main__":
    lines = starts()
    print("positions = [")
    for position, label in lines:
        print(f'    "{position}",  # {label}')
    print("]")
