#pragma once
// An independent, deliberately simple reference move generator for cross-checking core.
// It is written from the normative atom descriptions of RULES.md (§0, §1.2-1.4, §2) — not from
// Betza strings or the TOML configs — using a mailbox board, copy-make and "is the king
// attackable" legality. It is slow and obvious on purpose: perft and legal-move sets from core
// must agree with it exactly.
// The rule modifiers are written from RULES.md's tables too: Contrast chess (section 5.2, the
// Strong/Weak table, the Queen's shot) and Anti-Relay chess (section 4.2, hostile direct: freezes
// recomputed from scratch on every board, check counted with them), on the orthodox units.
// The rule sets of the AlphaZero chess study (Pos::Study) are written from their definitions:
// torpedo (one or two squares forward from any rank, e.p. after any double step), semi-torpedo
// (double steps from ranks 2 and 3), pawn-one-square, pawn-back (a quiet step back, never onto
// the first rank), pawn-sideways (a quiet step left or right), self-capture (any own piece but
// the king; the king capturing too unless forbidden), castling only from full move N.

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace balance::testing::reference {

enum class Unit {
    None,
    Footman,
    Knight,
    Monk,
    Griffin,
    Angel,
    Hero,
    Sprite,
    Unicorn,
    Ranger,
    Pegasus,
    Phoenix,
    Guard,
    Werewolf,
    Harpy,
    Wyvern,
    Dragon,
    // Uneven Pieces Chess
    UPawn,
    Crab,
    Wazir,
    Man,
    Bishop,
    UPhoenix,
    Kirin,
    Rook,
    Carpenter,
    DragonHorse,
    Queen,
    UKnight
};

struct Cell {
    Unit unit = Unit::None;
    int color = 0;  // 0 white, 1 black
};

struct Army {
    std::array<Unit, 128> by_letter{};  // upper-case letter -> unit
    std::vector<Unit> promotions;
};

struct Pos {
    int files = 8, ranks = 8;
    std::vector<Cell> board;
    int stm = 0;
    std::array<bool, 4> castle{};  // WK WQ BK BQ
    int ep = -1, ep_victim = -1;
    std::array<Army, 2> army;
    int king_travel = 2;
    // Castling destinations per colour and wing ([c][0 = toward the last file]) as files, or -1:
    // the king king_travel squares toward its rook, the rook on the square next to the king's
    // start.
    std::array<std::array<int, 2>, 2> castle_king_to{{{-1, -1}, {-1, -1}}};
    std::array<std::array<int, 2>, 2> castle_rook_to{{{-1, -1}, {-1, -1}}};
    enum class Modifier { None, Contrast, AntiRelay } modifier = Modifier::None;
    struct Study {
        enum class Pawn { Classical, Torpedo, SemiTorpedo, OneSquare, Back, Sideways };
        Pawn pawn = Pawn::Classical;
        bool self_capture = false, king_self_capture = true;
        int castle_from_move = 1;  // castling allowed from this full move number on
    } study;
    int fullmove = 1;
};

struct RefMove {
    int from, to;
    Unit promo = Unit::None;
    bool ep = false, castle = false;
    bool shot = false;  // Contrast: the piece on `from` captures on `to` without moving
    bool operator<(const RefMove& o) const {
        return std::tie(from, to, promo, ep, castle, shot) <
               std::tie(o.from, o.to, o.promo, o.ep, o.castle, o.shot);
    }
};

inline Army make_army(std::initializer_list<std::pair<char, Unit>> letters,
                      std::vector<Unit> promotions) {
    Army a;
    a.by_letter.fill(Unit::None);
    for (auto [c, u] : letters) a.by_letter[static_cast<unsigned char>(c)] = u;
    a.promotions = std::move(promotions);
    return a;
}
inline Army humans() {
    return make_army({{'P', Unit::Footman},
                      {'N', Unit::Knight},
                      {'B', Unit::Monk},
                      {'R', Unit::Griffin},
                      {'Q', Unit::Angel},
                      {'K', Unit::Hero}},
                     {Unit::Knight, Unit::Monk, Unit::Griffin, Unit::Angel});
}
inline Army elves() {
    return make_army({{'P', Unit::Sprite},
                      {'N', Unit::Unicorn},
                      {'B', Unit::Ranger},
                      {'R', Unit::Pegasus},
                      {'Q', Unit::Phoenix},
                      {'K', Unit::Hero}},
                     {Unit::Unicorn, Unit::Ranger, Unit::Pegasus, Unit::Phoenix});
}
inline Army orcs() {
    return make_army({{'P', Unit::Guard},
                      {'N', Unit::Werewolf},
                      {'B', Unit::Harpy},
                      {'R', Unit::Wyvern},
                      {'Q', Unit::Dragon},
                      {'K', Unit::Hero}},
                     {Unit::Harpy});
}
inline Army uneven_white() {
    return make_army({{'A', Unit::UPawn},
                      {'R', Unit::Rook},
                      {'B', Unit::Bishop},
                      {'N', Unit::UKnight},
                      {'P', Unit::UPhoenix},
                      {'Q', Unit::Queen},
                      {'K', Unit::Hero},
                      {'M', Unit::Man},
                      {'I', Unit::Kirin}},
                     {Unit::UKnight, Unit::Man, Unit::Bishop, Unit::UPhoenix, Unit::Kirin,
                      Unit::Rook, Unit::Queen});
}
inline Army uneven_black() {
    return make_army({{'A', Unit::UPawn},
                      {'R', Unit::Rook},
                      {'O', Unit::Carpenter},
                      {'N', Unit::UKnight},
                      {'C', Unit::Crab},
                      {'Q', Unit::Queen},
                      {'K', Unit::Hero},
                      {'W', Unit::Wazir},
                      {'D', Unit::DragonHorse}},
                     {Unit::Crab, Unit::Wazir, Unit::Rook, Unit::Carpenter, Unit::DragonHorse,
                      Unit::UKnight, Unit::Queen});
}

// The RULES.md atoms, from White's point of view (+dy forward).
struct Atom {
    enum Kind { Leap, Slide, Lame } kind;
    int dx, dy;          // Leap/Slide: vector; Lame: first step s
    int tx = 0, ty = 0;  // Lame: second step t
    int min = 1, max = 99;
};

inline void add_sym(std::vector<Atom>& out, Atom::Kind k, int x, int y, int min = 1, int max = 99) {
    std::set<std::pair<int, int>> seen;
    for (int sx : {1, -1})
        for (int sy : {1, -1})
            for (int swap = 0; swap < 2; ++swap) {
                int dx = (swap ? y : x) * sx, dy = (swap ? x : y) * sy;
                if (seen.insert({dx, dy}).second) out.push_back(Atom{k, dx, dy, 0, 0, min, max});
            }
}

// Non-pawn units: their atoms (all move-and-capture).
inline std::vector<Atom> atoms(Unit u) {
    std::vector<Atom> a;
    auto knight = [&] { add_sym(a, Atom::Leap, 2, 1); };
    auto rook = [&](int min) { add_sym(a, Atom::Slide, 1, 0, min); };
    auto bishop = [&](int min) { add_sym(a, Atom::Slide, 1, 1, min); };
    switch (u) {
        case Unit::Knight:
        case Unit::UKnight:
            knight();
            break;
        case Unit::Monk:
        case Unit::Bishop:
            bishop(1);
            break;
        case Unit::Griffin:
        case Unit::Rook:
            rook(1);
            break;
        case Unit::Angel:
        case Unit::Queen:
            rook(1);
            bishop(1);
            break;
        case Unit::Hero:
        case Unit::Man:
            add_sym(a, Atom::Leap, 1, 0);
            add_sym(a, Atom::Leap, 1, 1);
            break;
        case Unit::Unicorn:
            add_sym(a, Atom::Leap, 1, 1);
            for (int sx : {1, -1})
                for (int sy : {1, -1}) {
                    a.push_back(Atom{Atom::Lame, sx, sy, sx, 0});
                    a.push_back(Atom{Atom::Lame, sx, sy, 0, sy});
                }
            break;
        case Unit::Ranger:
            bishop(2);
            break;
        case Unit::Pegasus:
            add_sym(a, Atom::Leap, 1, 0);
            add_sym(a, Atom::Leap, 2, 0);
            add_sym(a, Atom::Leap, 3, 0);
            break;
        case Unit::Phoenix:
            bishop(1);
            knight();
            break;
        case Unit::Werewolf:
            add_sym(a, Atom::Leap, 1, 0);
            for (int s : {1, -1})
                for (int o : {1, -1}) {
                    a.push_back(Atom{Atom::Lame, s, 0, s, o});
                    a.push_back(Atom{Atom::Lame, 0, s, o, s});
                }
            break;
        case Unit::Harpy:
            add_sym(a, Atom::Leap, 1, 1);
            add_sym(a, Atom::Leap, 2, 2);
            break;
        case Unit::Wyvern:
            rook(2);
            break;
        case Unit::Dragon:
            rook(1);
            knight();
            break;
        case Unit::Crab:
            for (int s : {1, -1}) {
                a.push_back(Atom{Atom::Leap, s, 2});
                a.push_back(Atom{Atom::Leap, 2 * s, -1});
            }
            break;
        case Unit::Wazir:
            add_sym(a, Atom::Leap, 1, 0);
            break;
        case Unit::UPhoenix:
            add_sym(a, Atom::Leap, 1, 0);
            add_sym(a, Atom::Leap, 2, 2);
            break;
        case Unit::Kirin:
            add_sym(a, Atom::Leap, 1, 1);
            add_sym(a, Atom::Leap, 2, 0);
            break;
        case Unit::Carpenter:
            knight();
            add_sym(a, Atom::Leap, 2, 0);
            break;
        case Unit::DragonHorse:
            bishop(1);
            add_sym(a, Atom::Leap, 1, 0);
            break;
        default:
            break;
    }
    return a;
}

inline bool is_pawn(Unit u) {
    return u == Unit::Footman || u == Unit::Sprite || u == Unit::Guard || u == Unit::UPawn;
}

// Contrast chess (RULES.md 5.1): Strong = White on a light square or Black on a dark one
// (a1 is dark).
inline bool strong(int files, int sq, int color) {
    const bool light = (sq % files + sq / files) % 2 == 1;
    return light == (color == 0);
}

// RULES.md 5.2 for the orthodox units (Hero = King, Angel = Queen, Griffin = Rook, Monk =
// Bishop, Knight); the Queen's shot and the pawns are handled where they are used.
inline std::vector<Atom> contrast_atoms(Unit u, bool is_strong) {
    std::vector<Atom> a;
    auto slide2 = [&](bool orth, bool diag) {
        if (orth) add_sym(a, Atom::Slide, 1, 0, 1, 2);
        if (diag) add_sym(a, Atom::Slide, 1, 1, 1, 2);
    };
    switch (u) {
        case Unit::Hero:
            if (is_strong)
                slide2(true, true);  // K + a range-2 queen
            else
                add_sym(a, Atom::Leap, 1, 0);
            break;
        case Unit::Angel:
            if (is_strong) {
                add_sym(a, Atom::Slide, 1, 0);
                add_sym(a, Atom::Slide, 1, 1);
            } else {
                slide2(true, true);
            }
            break;
        case Unit::Griffin:
            if (is_strong) {
                add_sym(a, Atom::Slide, 1, 0);
                add_sym(a, Atom::Leap, 2, 1);
            } else {
                slide2(true, false);
            }
            break;
        case Unit::Monk:
            if (is_strong) {
                add_sym(a, Atom::Slide, 1, 1);
                // Bent step: a diagonal step to an empty square, then one diagonal step at 90
                // degrees, ending two squares away orthogonally.
                for (int sx : {1, -1})
                    for (int sy : {1, -1}) {
                        a.push_back(Atom{Atom::Lame, sx, sy, sx, -sy});
                        a.push_back(Atom{Atom::Lame, sx, sy, -sx, sy});
                    }
            } else {
                slide2(false, true);
            }
            break;
        case Unit::Knight:
            if (is_strong) {
                add_sym(a, Atom::Leap, 2, 1);
                add_sym(a, Atom::Leap, 2, 2);
            } else {
                add_sym(a, Atom::Leap, 1, 0);
            }
            break;
        default:
            break;
    }
    return a;
}

// Anti-Relay chess (RULES.md 4.2): the move types R = 1, B = 2, N = 4. Natural types of the
// units; kings and pawns have none.
inline int natural_types(Unit u) {
    switch (u) {
        case Unit::Griffin:
            return 1;
        case Unit::Monk:
            return 2;
        case Unit::Angel:
            return 3;
        case Unit::Knight:
            return 4;
        // Asymmetric fairy pieces take part through their orthodox components (RULES.md 4:
        // types are Rook, Bishop and Knight moves): the Phoenix (BN) by B and N, the Dragon
        // (RN) by R and N; every other Elf and Orc moves by leaps, lame or skipping moves that
        // are none of the three.
        case Unit::Phoenix:
            return 2 | 4;
        case Unit::Dragon:
            return 1 | 4;
        default:
            return 0;
    }
}

// The atoms of one move type.
inline std::vector<Atom> type_atoms(int type) {
    std::vector<Atom> a;
    if (type == 1) add_sym(a, Atom::Slide, 1, 0);
    if (type == 2) add_sym(a, Atom::Slide, 1, 1);
    if (type == 4) add_sym(a, Atom::Leap, 2, 1);
    return a;
}

struct Board {
    const Pos& p;
    bool inside(int f, int r) const { return f >= 0 && f < p.files && r >= 0 && r < p.ranks; }
    int sq(int f, int r) const { return r * p.files + f; }
    const Cell& at(int s) const { return p.board[s]; }
};

// Target squares of the given atoms from `from` (colour c), with capture ability: each
// reachable square that is empty or enemy-occupied.
inline void atom_targets(const Pos& p, int from, int c, const std::vector<Atom>& list,
                         std::vector<int>& out, bool self_capture = false) {
    Board b{p};
    // Empty, enemy, or (self-capture) an own piece that is not the king.
    auto takes = [&](const Cell& t) {
        return t.unit == Unit::None || t.color != c || (self_capture && t.unit != Unit::Hero);
    };
    const int f0 = from % p.files, r0 = from / p.files, fw = c == 0 ? 1 : -1;
    for (const Atom& a : list) {
        if (a.kind == Atom::Leap) {
            const int f = f0 + a.dx, r = r0 + a.dy * fw;
            if (!b.inside(f, r)) continue;
            const Cell& t = b.at(b.sq(f, r));
            if (takes(t)) out.push_back(b.sq(f, r));
        } else if (a.kind == Atom::Lame) {
            const int mf = f0 + a.dx, mr = r0 + a.dy * fw;
            const int f = mf + a.tx, r = mr + a.ty * fw;
            if (!b.inside(mf, mr) || !b.inside(f, r)) continue;
            if (b.at(b.sq(mf, mr)).unit != Unit::None) continue;
            const Cell& t = b.at(b.sq(f, r));
            if (takes(t)) out.push_back(b.sq(f, r));
        } else {
            for (int k = 1; k <= a.max; ++k) {
                const int f = f0 + a.dx * k, r = r0 + a.dy * k;
                if (!b.inside(f, r)) break;
                if (k < a.min) continue;  // skipped: ignored whatever stands there
                const Cell& t = b.at(b.sq(f, r));
                if (t.unit == Unit::None) {
                    out.push_back(b.sq(f, r));
                    continue;
                }
                if (takes(t)) out.push_back(b.sq(f, r));
                break;
            }
        }
    }
}

// Anti-Relay: per square, the move types its piece has lost (RULES.md 4.2, hostile direct). A
// sees B via X when A could capture an enemy standing on B's square with its natural type X.
inline std::vector<int> lost_types(const Pos& p) {
    std::vector<int> lost(p.board.size(), 0);
    if (p.modifier != Pos::Modifier::AntiRelay) return lost;
    for (int a = 0; a < static_cast<int>(p.board.size()); ++a) {
        const Cell& seer = p.board[a];
        for (int type : {1, 2, 4}) {
            if (!(natural_types(seer.unit) & type)) continue;
            std::vector<int> seen;
            atom_targets(p, a, seer.color, type_atoms(type), seen);
            for (int s : seen) {
                const Cell& target = p.board[s];
                if (target.unit != Unit::None && target.color != seer.color &&
                    (natural_types(target.unit) & type))
                    lost[s] |= type;
            }
        }
    }
    return lost;
}

// The atoms the (non-pawn) piece on `from` moves by in this position.
inline std::vector<Atom> piece_atoms(const Pos& p, int from, const std::vector<int>& lost) {
    const Cell& cell = p.board[from];
    if (p.modifier == Pos::Modifier::Contrast)
        return contrast_atoms(cell.unit, strong(p.files, from, cell.color));
    if (p.modifier == Pos::Modifier::AntiRelay && natural_types(cell.unit)) {
        std::vector<Atom> out;
        for (int type : {1, 2, 4})
            if ((natural_types(cell.unit) & type) && !(lost[from] & type))
                for (const Atom& a : type_atoms(type)) out.push_back(a);
        return out;
    }
    return atoms(cell.unit);
}

inline void unit_targets(const Pos& p, int from, int c, const std::vector<int>& lost,
                         std::vector<int>& out) {
    atom_targets(p, from, c, piece_atoms(p, from, lost), out);
}

// Contrast: the squares a Strong Queen on `from` shoots at (the 8 neighbours).
inline std::vector<int> shot_squares(const Pos& p, int from) {
    std::vector<int> out;
    const Cell& cell = p.board[from];
    if (p.modifier != Pos::Modifier::Contrast || cell.unit != Unit::Angel ||
        !strong(p.files, from, cell.color))
        return out;
    Board b{p};
    for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) {
            const int f = from % p.files + dx, r = from / p.files + dy;
            if ((dx || dy) && b.inside(f, r)) out.push_back(b.sq(f, r));
        }
    return out;
}

// Squares colour c's pawn on `from` could capture on (attack squares), per unit.
inline std::vector<std::pair<int, int>> pawn_capture_vectors(Unit u) {
    switch (u) {
        case Unit::Footman:
        case Unit::UPawn:
        case Unit::Sprite:
            return {{1, 1}, {-1, 1}};
        case Unit::Guard:
            return {{0, 1}, {1, 0}, {-1, 0}};
        default:
            return {};
    }
}

inline bool attacked(const Pos& p, int s, int by) {
    Board b{p};
    const std::vector<int> lost = lost_types(p);  // of this board, not of the copy below
    for (int from = 0; from < p.files * p.ranks; ++from) {
        const Cell& c = p.board[from];
        if (c.unit == Unit::None || c.color != by) continue;
        for (int x : shot_squares(p, from))
            if (x == s) return true;
        if (is_pawn(c.unit)) {
            const int fw = by == 0 ? 1 : -1;
            auto vectors = pawn_capture_vectors(c.unit);
            if (p.modifier == Pos::Modifier::Contrast) {  // Strong: also (0,+1); Weak: none
                if (strong(p.files, from, by))
                    vectors.push_back({0, 1});
                else
                    vectors.clear();
            }
            for (auto [dx, dy] : vectors) {
                const int f = from % p.files + dx, r = from / p.files + dy * fw;
                if (b.inside(f, r) && b.sq(f, r) == s) return true;
            }
            continue;
        }
        // Attacks do not depend on what stands on s: pretend an enemy is there.
        Pos copy = p;
        copy.board[s] = Cell{Unit::Hero, 1 - by};
        std::vector<int> t;
        unit_targets(copy, from, by, lost, t);
        for (int x : t)
            if (x == s) return true;
    }
    return false;
}

inline int king_of(const Pos& p, int c) {
    for (int s = 0; s < p.files * p.ranks; ++s)
        if (p.board[s].unit == Unit::Hero && p.board[s].color == c) return s;
    return -1;
}

inline Pos play(const Pos& p, const RefMove& m) {
    Pos n = p;
    const int c = p.stm, files = p.files;
    Cell piece = n.board[m.from];
    n.ep = n.ep_victim = -1;
    if (m.shot) {
        n.board[m.to] = Cell{};
    } else if (m.castle) {
        const bool king_side = m.to > m.from;
        const int rank = m.from / files;
        const int corner = rank * files + (king_side ? files - 1 : 0);
        const int rook_file = p.castle_rook_to[c][king_side ? 0 : 1];
        const Cell rook = n.board[corner];
        n.board[m.from] = Cell{};
        n.board[corner] = Cell{};
        n.board[m.to] = piece;
        n.board[rook_file < 0 ? m.from + (king_side ? 1 : -1) : rank * files + rook_file] = rook;
    } else {
        if (m.ep) n.board[p.ep_victim] = Cell{};
        n.board[m.to] = piece;
        n.board[m.from] = Cell{};
        if (m.promo != Unit::None) n.board[m.to].unit = m.promo;
        if (is_pawn(piece.unit) && m.promo == Unit::None) {  // a promoted piece is no pawn
            const int df = m.to % files - m.from % files, dr = m.to / files - m.from / files;
            if (std::abs(dr) == 2) {  // a double step: e.p. square on the passed square
                n.ep = (m.from / files + dr / 2) * files + m.from % files + df / 2;
                n.ep_victim = m.to;
            }
        }
    }
    // Castling rights: lost when the king moves or a corner is left or captured on.
    const int last = p.ranks - 1;
    const int corners[4] = {files - 1, 0, last * files + files - 1, last * files};
    for (int i = 0; i < 4; ++i)
        if ((m.from == corners[i] && !m.shot) || m.to == corners[i]) n.castle[i] = false;
    if (piece.unit == Unit::Hero && !m.shot) n.castle[c * 2] = n.castle[c * 2 + 1] = false;
    n.stm = 1 - c;
    if (c == 1) ++n.fullmove;
    return n;
}

inline std::vector<RefMove> pseudo_moves(const Pos& p) {
    std::vector<RefMove> out;
    Board b{p};
    const int c = p.stm, fw = c == 0 ? 1 : -1;
    const int second_rank = c == 0 ? 1 : p.ranks - 2, last_rank = c == 0 ? p.ranks - 1 : 0;
    auto add = [&](int from, int to, bool pawn, bool ep = false) {
        if (pawn && to / p.files == last_rank) {
            for (Unit u : p.army[c].promotions) out.push_back(RefMove{from, to, u, false, false});
        } else {
            out.push_back(RefMove{from, to, Unit::None, ep, false});
        }
    };
    const std::vector<int> lost = lost_types(p);
    for (int from = 0; from < p.files * p.ranks; ++from) {
        const Cell& cell = p.board[from];
        if (cell.unit == Unit::None || cell.color != c) continue;
        for (int victim : shot_squares(p, from))
            if (p.board[victim].unit != Unit::None && p.board[victim].color != c)
                out.push_back(RefMove{from, victim, Unit::None, false, false, true});
        const int f0 = from % p.files, r0 = from / p.files;
        auto empty = [&](int f, int r) {
            return b.inside(f, r) && b.at(b.sq(f, r)).unit == Unit::None;
        };
        auto enemy = [&](int f, int r) {
            return b.inside(f, r) && b.at(b.sq(f, r)).unit != Unit::None &&
                   b.at(b.sq(f, r)).color != c;
        };
        auto is_ep = [&](int f, int r) { return b.inside(f, r) && b.sq(f, r) == p.ep; };
        if (p.modifier == Pos::Modifier::Contrast && cell.unit == Unit::Footman) {
            if (!strong(p.files, from, c)) {  // Weak: one step forward, move only
                if (empty(f0, r0 + fw)) add(from, b.sq(f0, r0 + fw), true);
                continue;
            }
            // Strong: orthodox, plus a diagonal forward move and a straight forward capture. The
            // diagonal step onto the e.p. square is always the e.p. capture (5.3 default).
            if (empty(f0, r0 + fw) || enemy(f0, r0 + fw)) {
                add(from, b.sq(f0, r0 + fw), true);
                if (empty(f0, r0 + fw) && r0 == second_rank && empty(f0, r0 + 2 * fw))
                    add(from, b.sq(f0, r0 + 2 * fw), true);
            }
            for (int dx : {1, -1}) {
                if (is_ep(f0 + dx, r0 + fw))
                    add(from, p.ep, true, true);
                else if (empty(f0 + dx, r0 + fw) || enemy(f0 + dx, r0 + fw))
                    add(from, b.sq(f0 + dx, r0 + fw), true);
            }
            continue;
        }
        if (cell.unit == Unit::Footman && p.study.pawn != Pos::Study::Pawn::Classical) {
            using P = Pos::Study::Pawn;
            const int rel = c == 0 ? r0 : p.ranks - 1 - r0;  // 0 = own first rank
            if (empty(f0, r0 + fw)) {
                add(from, b.sq(f0, r0 + fw), true);
                const bool two =
                    p.study.pawn == P::Torpedo ||
                    (p.study.pawn == P::SemiTorpedo && (rel == 1 || rel == 2)) ||
                    ((p.study.pawn == P::Back || p.study.pawn == P::Sideways) && rel == 1);
                if (two && empty(f0, r0 + 2 * fw)) add(from, b.sq(f0, r0 + 2 * fw), true);
            }
            if (p.study.pawn == P::Back && rel >= 2 && empty(f0, r0 - fw))
                add(from, b.sq(f0, r0 - fw), true);  // back, never onto the first rank
            if (p.study.pawn == P::Sideways)
                for (int dx : {1, -1})
                    if (empty(f0 + dx, r0)) add(from, b.sq(f0 + dx, r0), true);
            for (int dx : {1, -1}) {
                if (enemy(f0 + dx, r0 + fw) ||
                    (p.study.self_capture && b.inside(f0 + dx, r0 + fw) &&
                     b.at(b.sq(f0 + dx, r0 + fw)).unit != Unit::None &&
                     b.at(b.sq(f0 + dx, r0 + fw)).unit != Unit::Hero))
                    add(from, b.sq(f0 + dx, r0 + fw), true);
                else if (is_ep(f0 + dx, r0 + fw))
                    add(from, p.ep, true, true);
            }
            continue;
        }
        if (cell.unit == Unit::Footman && p.study.self_capture) {  // classical pawn + self-capture
            if (empty(f0, r0 + fw)) {
                add(from, b.sq(f0, r0 + fw), true);
                if (r0 == second_rank && empty(f0, r0 + 2 * fw))
                    add(from, b.sq(f0, r0 + 2 * fw), true);
            }
            for (int dx : {1, -1}) {
                const bool occupied =
                    b.inside(f0 + dx, r0 + fw) && b.at(b.sq(f0 + dx, r0 + fw)).unit != Unit::None;
                if (occupied && b.at(b.sq(f0 + dx, r0 + fw)).unit != Unit::Hero)
                    add(from, b.sq(f0 + dx, r0 + fw), true);
                else if (occupied && b.at(b.sq(f0 + dx, r0 + fw)).color != c)
                    add(from, b.sq(f0 + dx, r0 + fw), true);  // the enemy king (never legal)
                else if (is_ep(f0 + dx, r0 + fw))
                    add(from, p.ep, true, true);
            }
            continue;
        }
        switch (cell.unit) {
            case Unit::Footman:
            case Unit::UPawn:
                if (empty(f0, r0 + fw)) {
                    add(from, b.sq(f0, r0 + fw), true);  // a plain move even onto the e.p. square
                    if (r0 == second_rank && empty(f0, r0 + 2 * fw))
                        add(from, b.sq(f0, r0 + 2 * fw), true);
                }
                for (int dx : {1, -1}) {
                    if (enemy(f0 + dx, r0 + fw))
                        add(from, b.sq(f0 + dx, r0 + fw), true);
                    else if (is_ep(f0 + dx, r0 + fw))
                        add(from, p.ep, true, true);
                }
                break;
            case Unit::Sprite:
                for (int dx : {1, -1}) {
                    if (is_ep(f0 + dx, r0 + fw))
                        add(from, p.ep, true, true);  // rule 8
                    else if (empty(f0 + dx, r0 + fw) || enemy(f0 + dx, r0 + fw))
                        add(from, b.sq(f0 + dx, r0 + fw), true);
                    if (r0 == second_rank && empty(f0 + dx, r0 + fw) &&
                        empty(f0 + 2 * dx, r0 + 2 * fw))
                        add(from, b.sq(f0 + 2 * dx, r0 + 2 * fw), true);
                }
                break;
            case Unit::Guard:
                if (is_ep(f0, r0 + fw))
                    add(from, p.ep, true, true);  // rule 8
                else if (empty(f0, r0 + fw) || enemy(f0, r0 + fw))
                    add(from, b.sq(f0, r0 + fw), true);
                if (r0 == second_rank && empty(f0, r0 + fw) && empty(f0, r0 + 2 * fw))
                    add(from, b.sq(f0, r0 + 2 * fw), true);
                for (int dx : {1, -1}) {
                    if (is_ep(f0 + dx, r0))
                        add(from, p.ep, true, true);
                    else if (enemy(f0 + dx, r0))
                        add(from, b.sq(f0 + dx, r0), true);
                }
                break;
            default: {
                std::vector<int> targets;
                const bool self =
                    p.study.self_capture && (cell.unit != Unit::Hero || p.study.king_self_capture);
                atom_targets(p, from, c, piece_atoms(p, from, lost), targets, self);
                for (int t : targets) add(from, t, false);
            }
        }
    }
    // Castling: the king travels toward the corner (king_travel squares or to its file); the
    // rook lands next to the king's start or on its file. Every square from the leftmost to the
    // rightmost of the four squares involved is empty but for the king and the rook, and the
    // king's start and every square it crosses are not attacked.
    const int k = king_of(p, c);
    for (int side = 0; side < 2 && k >= 0; ++side) {
        if (!p.castle[c * 2 + side]) continue;
        if (p.fullmove < p.study.castle_from_move) continue;
        const int dir = side == 0 ? 1 : -1, rank = k / p.files, kf = k % p.files;
        const int cf = side == 0 ? p.files - 1 : 0, corner = rank * p.files + cf;
        const int kt =
            p.castle_king_to[c][side] >= 0 ? p.castle_king_to[c][side] : kf + p.king_travel * dir;
        const int rt = p.castle_rook_to[c][side] >= 0 ? p.castle_rook_to[c][side] : kf + dir;
        bool ok = true;
        for (int f = std::min({kf, cf, kt, rt}); f <= std::max({kf, cf, kt, rt}); ++f) {
            const int s = rank * p.files + f;
            ok = ok && (s == k || s == corner || p.board[s].unit == Unit::None);
        }
        for (int f = kf; f != kt && ok; f += dir) ok = !attacked(p, rank * p.files + f, 1 - c);
        if (ok) out.push_back(RefMove{k, rank * p.files + kt, Unit::None, false, true});
    }
    return out;
}

inline std::vector<RefMove> legal_moves(const Pos& p) {
    std::vector<RefMove> out;
    for (const RefMove& m : pseudo_moves(p)) {
        const Pos n = play(p, m);
        const int k = king_of(n, p.stm);
        if (!attacked(n, k, n.stm)) out.push_back(m);
    }
    return out;
}

inline std::uint64_t perft(const Pos& p, int depth) {
    if (depth == 0) return 1;
    const auto moves = legal_moves(p);
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (const auto& m : moves) n += perft(play(p, m), depth - 1);
    return n;
}

inline std::string square_text(const Pos& p, int s) {
    return std::string(1, static_cast<char>('a' + s % p.files)) + std::to_string(s / p.files + 1);
}

inline std::string move_text(const Pos& p, const RefMove& m) {
    std::string t = square_text(p, m.from) + square_text(p, m.to);
    if (m.shot) t += square_text(p, m.from);
    if (m.promo != Unit::None)
        for (int ch = 'A'; ch <= 'Z'; ++ch)
            if (p.army[p.stm].by_letter[ch] == m.promo) t += static_cast<char>(ch - 'A' + 'a');
    return t;
}

// The legal moves as UCI text.
inline std::set<std::string> legal_move_texts(const Pos& p) {
    std::set<std::string> out;
    for (const RefMove& m : legal_moves(p)) out.insert(move_text(p, m));
    return out;
}

inline Pos from_fen(const std::string& fen, const Army& white, const Army& black, int files,
                    int ranks, int king_travel) {
    Pos p;
    p.files = files;
    p.ranks = ranks;
    p.king_travel = king_travel;
    p.army = {white, black};
    p.board.assign(files * ranks, Cell{});
    int r = ranks - 1, f = 0;
    size_t i = 0;
    for (; i < fen.size() && fen[i] != ' '; ++i) {
        const char ch = fen[i];
        if (ch == '/') {
            --r;
            f = 0;
        } else if (std::isdigit(static_cast<unsigned char>(ch))) {
            int n = 0;
            while (std::isdigit(static_cast<unsigned char>(fen[i]))) n = n * 10 + (fen[i++] - '0');
            --i;
            f += n;
        } else {
            const int c = std::isupper(static_cast<unsigned char>(ch)) ? 0 : 1;
            p.board[r * files + f++] =
                Cell{p.army[c].by_letter[std::toupper(static_cast<unsigned char>(ch))], c};
        }
    }
    std::istringstream rest(fen.substr(i));
    std::string stm, castle, ep;
    int halfmove = 0, fullmove = 1;
    rest >> stm >> castle >> ep >> halfmove >> fullmove;
    p.stm = stm == "b";
    p.fullmove = fullmove;
    for (char ch : castle) {
        if (ch == 'K') p.castle[0] = true;
        if (ch == 'Q') p.castle[1] = true;
        if (ch == 'k') p.castle[2] = true;
        if (ch == 'q') p.castle[3] = true;
    }
    if (!ep.empty() && ep != "-") {
        const auto slash = ep.find('/');
        p.ep = (std::stoi(ep.substr(1, slash - 1)) - 1) * files + (ep[0] - 'a');
        if (slash != std::string::npos)  // "e6/f5": the victim is named
            p.ep_victim = (std::stoi(ep.substr(slash + 2)) - 1) * files + (ep[slash + 1] - 'a');
        const int fw = p.stm == 0 ? -1 : 1;  // else it stands beyond the e.p. square
        for (int df : {0, -1, 1}) {
            if (p.ep_victim >= 0) break;
            const int s = p.ep + fw * files + df;
            if (s >= 0 && s < files * ranks && is_pawn(p.board[s].unit) &&
                p.board[s].color != p.stm) {
                p.ep_victim = s;
                break;
            }
        }
    }
    return p;
}

}  // namespace balance::testing::reference
