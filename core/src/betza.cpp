// XBetza parser: see betza.hpp for the supported subset.

#include "balance/core/betza.hpp"

#include <cctype>
#include <cstdlib>
#include <optional>
#include <string>

namespace balance::core {
namespace {

struct AtomShape {
    int x = 0, y = 0;    // canonical leap (x >= y >= 0)
    bool rider = false;  // slides along the unit step
    int max_range = 1;   // for riders: 0 = unlimited
};

// The eight images of a leap (x, y) under the board's symmetries, without duplicates.
std::vector<std::pair<int, int>> images(int x, int y) {
    std::vector<std::pair<int, int>> out;
    const int base[2][2] = {{x, y}, {y, x}};
    for (const auto& b : base)
        for (int sx : {1, -1})
            for (int sy : {1, -1}) {
                std::pair<int, int> v{b[0] * sx, b[1] * sy};
                bool seen = false;
                for (const auto& o : out) seen = seen || o == v;
                if (!seen) out.push_back(v);
            }
    return out;
}

enum class Geometry { Orthogonal, Diagonal, Oblique };

Geometry geometry_of(int dx, int dy) {
    if (dx == 0 || dy == 0) return Geometry::Orthogonal;
    if (std::abs(dx) == std::abs(dy)) return Geometry::Diagonal;
    return Geometry::Oblique;
}

// Does vector (dx, dy) belong to the direction group written `g` (one or two letters)?
std::optional<bool> in_group(std::string_view g, int dx, int dy, Geometry geo) {
    const int ax = std::abs(dx), ay = std::abs(dy);
    auto single = [&](char c) -> bool {
        switch (c) {
            case 'f':
                return dy > 0;
            case 'b':
                return dy < 0;
            case 'l':
                return dx < 0;
            case 'r':
                return dx > 0;
            case 'v':
                return geo == Geometry::Oblique ? ay > ax
                                                : (geo == Geometry::Orthogonal ? dx == 0 : true);
            case 's':
                return geo == Geometry::Oblique ? ax > ay
                                                : (geo == Geometry::Orthogonal ? dy == 0 : true);
        }
        return false;
    };
    if (g.size() == 1) return single(g[0]);
    // Pairs: for oblique atoms ff/bb/ll/rr name the two moves most in that direction, and
    // fs/bs/lv/rv the two moves of that half lying closest to the other axis.
    const char a = g[0], b = g[1];
    if (geo == Geometry::Oblique) {
        // XBetza's half-planes: 'h' widens a direction to all four moves with a component that
        // way. A single f, b, l, r reads so here too (XBetza reads it as the narrow pair).
        if (b == 'h' && (a == 'f' || a == 'b' || a == 'l' || a == 'r')) return single(a);
        // The chiral halves: hr turns right (hrN on e4: f6, g3, d2, c5, each the last turned
        // clockwise by 90 degrees), hl turns left; together they are the whole atom.
        if (a == 'h' && (b == 'r' || b == 'l')) {
            const bool right = (dx > 0) == (dy > 0) ? ay > ax : ax > ay;
            return b == 'r' ? right : !right;
        }
        if (a == b) {
            if (a == 'f') return dy > 0 && ay > ax;
            if (a == 'b') return dy < 0 && ay > ax;
            if (a == 'l') return dx < 0 && ax > ay;
            if (a == 'r') return dx > 0 && ax > ay;
        }
        if ((a == 'f' || a == 'b') && b == 's') return single(a) && ax > ay;
        if ((a == 'l' || a == 'r') && b == 'v') return single(a) && ay > ax;
    }
    const bool vertical = a == 'f' || a == 'b', horizontal = a == 'l' || a == 'r';
    const bool vertical2 = b == 'f' || b == 'b', horizontal2 = b == 'l' || b == 'r';
    if ((vertical && horizontal2) || (horizontal && vertical2)) return single(a) && single(b);
    return std::nullopt;
}

// Splits a run of direction letters into groups: pairs where the atom's geometry gives the pair a
// meaning, single letters otherwise.
std::vector<std::string> direction_groups(std::string_view run, Geometry geo) {
    std::vector<std::string> groups;
    for (size_t i = 0; i < run.size();) {
        if (geo != Geometry::Orthogonal && i + 1 < run.size() &&
            in_group(run.substr(i, 2), 1, 2, geo).has_value()) {
            groups.emplace_back(run.substr(i, 2));
            i += 2;
        } else {
            groups.emplace_back(run.substr(i, 1));
            i += 1;
        }
    }
    return groups;
}

bool direction_allowed(std::string_view run, int dx, int dy) {
    if (run.empty()) return true;
    const Geometry geo = geometry_of(dx, dy);
    for (const auto& g : direction_groups(run, geo))
        if (in_group(g, dx, dy, geo).value_or(false)) return true;
    return false;
}

std::optional<std::pair<int, int>> leap_of(char atom) {
    switch (atom) {
        case 'W':
            return std::pair{1, 0};
        case 'F':
            return std::pair{1, 1};
        case 'D':
            return std::pair{2, 0};
        case 'N':
            return std::pair{2, 1};
        case 'A':
            return std::pair{2, 2};
        case 'H':
            return std::pair{3, 0};
        case 'C':
        case 'L':
            return std::pair{3, 1};
        case 'Z':
        case 'J':
            return std::pair{3, 2};
        case 'G':
            return std::pair{3, 3};
    }
    return std::nullopt;
}

struct Modifiers {
    std::string directions;
    bool m = false, c = false, e = false, i = false, n = false, j = false;
};

std::string describe(std::string_view text, size_t pos, std::string_view what) {
    return std::string(what) + " at position " + std::to_string(pos + 1) + " in '" +
           std::string(text) + "'";
}

// Rotates a king step (dx, dy) by sign * 45 degrees.
std::pair<int, int> rotate45(int dx, int dy, int sign) {
    static constexpr std::pair<int, int> ring[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                                    {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    for (int k = 0; k < 8; ++k)
        if (ring[k] == std::pair{dx, dy}) return ring[(k + 8 + sign) % 8];
    return {dx, dy};
}

void set_modality(BetzaAtom& atom, const Modifiers& mod) {
    if (mod.m || mod.c || mod.e) {
        atom.move = mod.m;
        atom.capture = mod.c;
        atom.en_passant = mod.e;
    }
    atom.initial = mod.i;
}

// Does an atom's direction run name a chiral half (hr, hl)? check_half makes sure it is the
// run's only group.
bool chiral(const Modifiers& mod) {
    return mod.directions == "hr" || mod.directions == "hl";
}

// One atom as written, passed from the stages that read it to the stage that expands it.
struct WrittenAtom {
    size_t start = 0;       // its first character: errors about the whole atom point here
    Modifiers leg[2];       // leg[1] holds what follows an 'a'
    bool two_legs = false;  // an 'a' was read
    char letter = 0;        // the atom letter, as written
    std::vector<AtomShape> shapes;
    size_t half_at = std::string_view::npos;  // the first 'h' (half directions), if any
};

// Reads the lower-case modifiers before the atom letter: into leg 1, and after an 'a' into leg 2.
Result<void> read_modifiers(std::string_view text, size_t& pos, WrittenAtom& atom) {
    for (; pos < text.size() && std::islower(static_cast<unsigned char>(text[pos])); ++pos) {
        const char ch = text[pos];
        Modifiers& mod = atom.leg[atom.two_legs ? 1 : 0];
        switch (ch) {
            case 'f':
            case 'b':
            case 'l':
            case 'r':
            case 'v':
            case 's':
                mod.directions += ch;
                break;
            case 'm':
                mod.m = true;
                break;
            case 'c':
                mod.c = true;
                break;
            case 'e':
                mod.e = true;
                break;
            case 'i':
                mod.i = true;
                break;
            case 'n':
                mod.n = true;
                break;
            case 'j':
                mod.j = true;
                break;
            case 'a':
                if (atom.two_legs)
                    return make_error(
                        describe(text, pos, "unsupported: more than two legs ('a' twice)"));
                atom.two_legs = true;
                break;
            case 'h':
                mod.directions += ch;
                if (atom.half_at == std::string_view::npos) atom.half_at = pos;
                break;
            case 'p':
            case 'g':
                return make_error(describe(
                    text, pos, std::string("unsupported Betza modifier '") + ch + "' (hoppers)"));
            default:
                return make_error(
                    describe(text, pos, std::string("unsupported Betza modifier '") + ch + "'"));
        }
    }
    return {};
}

// Reads the atom letter (doubled for a W or F rider) and resolves it into one or two base shapes.
Result<void> read_shapes(std::string_view text, size_t& pos, WrittenAtom& atom) {
    if (pos >= text.size())
        return make_error(describe(text, atom.start, "modifiers without an atom"));
    const size_t letter_at = pos;
    const char letter = text[pos];
    if (!std::isupper(static_cast<unsigned char>(letter)))
        return make_error(
            describe(text, pos, std::string("unexpected character '") + letter + "'"));
    atom.letter = letter;
    ++pos;
    auto push_slider = [&](char unit) {
        const auto leap = leap_of(unit);
        atom.shapes.push_back(AtomShape{leap->first, leap->second, true, 0});
    };
    switch (letter) {
        case 'K':
            atom.shapes = {{1, 0, false, 1}, {1, 1, false, 1}};
            break;
        case 'R':
            push_slider('W');
            break;
        case 'B':
            push_slider('F');
            break;
        case 'Q':
            push_slider('W');
            push_slider('F');
            break;
        default: {
            const auto leap = leap_of(letter);
            if (!leap)
                return make_error(
                    describe(text, letter_at, std::string("unknown Betza atom '") + letter + "'"));
            atom.shapes.push_back(AtomShape{leap->first, leap->second, false, 1});
            if (pos < text.size() && text[pos] == letter) {  // doubled letter = rider
                if (letter != 'W' && letter != 'F')
                    return make_error(describe(text, letter_at,
                                               std::string("unsupported rider '") + letter +
                                                   letter + "' (only W and F lines slide)"));
                atom.shapes.back().rider = true;
                atom.shapes.back().max_range = 0;
                ++pos;
            }
        }
    }
    return {};
}

// Reads the optional range digits after the atom letter(s) into its shapes.
Result<void> read_range(std::string_view text, size_t& pos, std::vector<AtomShape>& shapes) {
    if (pos >= text.size() || !std::isdigit(static_cast<unsigned char>(text[pos]))) return {};
    // Ranges beyond any board are refused before they could overflow an int.
    constexpr int kMaxRange = 99;
    int range = 0;
    const size_t digits_at = pos;
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
        range = range * 10 + (text[pos++] - '0');
        if (range > kMaxRange)
            return make_error(
                describe(text, digits_at,
                         "range too large (at most " + std::to_string(kMaxRange) + " squares)"));
    }
    for (auto& s : shapes) {
        if (s.x > 1 || s.y > 1)
            return make_error(
                describe(text, digits_at, "unsupported range on a leaper that is not W or F"));
        s.rider = range != 1;
        s.max_range = range;
    }
    return {};
}

// `cab`: capture and return. The piece shoots the enemy on the first leg's square.
Result<void> expand_shot(std::string_view text, const WrittenAtom& atom,
                         std::vector<BetzaAtom>& out) {
    const Modifiers& first = atom.leg[0];
    const Modifiers& back = atom.leg[1];
    if (first.m || first.e || first.i || first.n || first.j || back.m || back.c || back.e ||
        back.i || back.n || back.j)
        return make_error(describe(text, atom.start, "unsupported modifiers on a 'cab' shot"));
    for (const auto& shape : atom.shapes) {
        if (shape.rider)
            return make_error(describe(text, atom.start, "unsupported: a 'cab' shot on a slider"));
        for (const auto& [dx, dy] : images(shape.x, shape.y)) {
            if (!direction_allowed(first.directions, dx, dy)) continue;
            BetzaAtom a;
            a.kind = BetzaAtom::Kind::Shoot;
            a.dx = dx;
            a.dy = dy;
            a.move = false;
            out.push_back(a);
        }
    }
    return {};
}

// Two-leg lame step: leg 1 is one W/F step to an empty square, leg 2 turns.
Result<void> expand_two_leg(std::string_view text, const WrittenAtom& atom,
                            std::vector<BetzaAtom>& out) {
    const std::vector<AtomShape>& shapes = atom.shapes;
    const Modifiers& first = atom.leg[0];
    const Modifiers& second = atom.leg[1];
    if (shapes.size() != 1 || shapes[0].rider || shapes[0].x != 1)
        return make_error(
            describe(text, atom.start,
                     "unsupported multi-leg move: only [mods]afsW, afsF, afW, afF, asF, cabK"));
    if (first.c || first.e || first.j || first.n || second.n || second.j || second.i)
        return make_error(describe(text, atom.start,
                                   "unsupported leg modifiers in a multi-leg move (leg 1 "
                                   "must move to an empty square)"));
    const std::string& turn = second.directions;
    if (turn != "fs" && turn != "f" && !(turn == "s" && shapes[0].y == 1))
        return make_error(
            describe(text, atom.start,
                     "unsupported continuation direction '" + turn + "' (use fs or f, or s on F)"));
    for (const auto& [sx, sy] : images(shapes[0].x, shapes[0].y)) {
        if (!direction_allowed(first.directions, sx, sy)) continue;
        std::vector<std::pair<int, int>> seconds;
        if (turn == "f")
            seconds = {{sx, sy}};
        else if (turn == "s")  // a diagonal step turned by 90 degrees
            seconds = {rotate45(sx, sy, +2), rotate45(sx, sy, -2)};
        else
            seconds = {rotate45(sx, sy, +1), rotate45(sx, sy, -1)};
        for (const auto& [tx, ty] : seconds) {
            BetzaAtom a;
            a.kind = BetzaAtom::Kind::Lame;
            a.dx = sx + tx;
            a.dy = sy + ty;
            a.path = {{sx, sy}};
            set_modality(a, second);
            a.initial = first.i;
            out.push_back(a);
        }
    }
    return {};
}

// A one-leg atom: leaps, slides (j: skipping the first square) and n-lame straight leaps, one
// BetzaAtom per direction the modifiers allow.
Result<void> expand_simple(std::string_view text, const WrittenAtom& atom,
                           std::vector<BetzaAtom>& out) {
    const Modifiers& mod = atom.leg[0];
    for (const auto& shape : atom.shapes) {
        if (mod.j && !shape.rider)
            return make_error(describe(
                text, atom.start, "unsupported: 'j' on a leaper (only skip-sliders jR, jB, jQ)"));
        if (mod.n && (shape.rider || (shape.y != 0 && shape.x != shape.y) || shape.x < 2)) {
            if (shape.y != 0 && shape.x != shape.y)
                return make_error(
                    describe(text, atom.start,
                             "'n' on an oblique leaper is ambiguous: write the path, e.g. afsW "
                             "(orthogonal first) or afsF (diagonal first)"));
            return make_error(describe(text, atom.start,
                                       "'n' (lame) applies only to straight leapers D, A, H, G"));
        }
        bool any = false;
        for (const auto& [dx, dy] : images(shape.x, shape.y)) {
            if (!direction_allowed(mod.directions, dx, dy)) continue;
            any = true;
            BetzaAtom a;
            if (shape.rider) {
                a.kind = BetzaAtom::Kind::Slide;
                a.min_range = mod.j ? 2 : 1;
                a.max_range = shape.max_range;
                if (a.max_range != 0 && a.max_range < a.min_range)
                    return make_error(
                        describe(text, atom.start, "skip-slider range shorter than its skip"));
            } else if (mod.n) {
                a.kind = BetzaAtom::Kind::Lame;
                const int steps = std::max(shape.x, shape.y);
                for (int k = 1; k < steps; ++k) a.path.emplace_back(dx / steps * k, dy / steps * k);
            }
            a.dx = dx;
            a.dy = dy;
            a.chiral = chiral(mod);
            set_modality(a, mod);
            out.push_back(a);
        }
        if (!any)
            return make_error(describe(text, atom.start,
                                       "direction modifiers '" + mod.directions +
                                           "' select no move of '" + std::string(1, atom.letter) +
                                           "'"));
    }
    return {};
}

// XBetza's 'h' (half), on one oblique leaper (N, C/L, Z/J), whose eight moves have halves: fh,
// bh, lh, rh (the four moves with a component that way), and the chiral halves hr, hl (the four
// moves turning right or left). A chiral half stands alone in its atom's directions: with
// another group the piece would be partly chiral, and which of its moves Black turns would be
// a guess.
Result<void> check_half(std::string_view text, const WrittenAtom& atom) {
    const size_t at = atom.half_at;
    if (atom.two_legs)
        return make_error(
            describe(text, at, "unsupported: half directions ('h') in a multi-leg move"));
    const bool oblique = atom.shapes.size() == 1 && !atom.shapes[0].rider &&
                         atom.shapes[0].y != 0 && atom.shapes[0].x != atom.shapes[0].y;
    if (!oblique)
        return make_error(describe(text, at,
                                   std::string("unsupported: half directions ('h') on '") +
                                       atom.letter +
                                       "': only the oblique leapers N, C/L, Z/J have halves "
                                       "(fh, bh, lh, rh, hr, hl)"));
    const std::vector<std::string> groups =
        direction_groups(atom.leg[0].directions, Geometry::Oblique);
    for (const auto& g : groups) {
        if (g == "h")
            return make_error(
                describe(text, at,
                         "'h' (half) must follow f, b, l or r or precede r or l: fh, bh, lh, rh, "
                         "hr, hl"));
        if ((g == "hr" || g == "hl") && groups.size() > 1)
            return make_error(describe(text, at,
                                       "the chiral half '" + g +
                                           "' must be the atom's only direction (write other "
                                           "moves as an atom of their own, e.g. hrNfN)"));
    }
    return {};
}

// Turns a written atom into concrete BetzaAtoms. `cab` is told from other two-leg moves by its
// capturing first leg and its second leg going straight back.
Result<void> expand_atom(std::string_view text, const WrittenAtom& atom,
                         std::vector<BetzaAtom>& out) {
    if (atom.half_at != std::string_view::npos)
        if (auto ok = check_half(text, atom); !ok) return ok;
    if (atom.two_legs && atom.leg[0].c && atom.leg[1].directions == "b")
        return expand_shot(text, atom, out);
    if (atom.two_legs) return expand_two_leg(text, atom, out);
    return expand_simple(text, atom, out);
}

}  // namespace

Result<std::vector<BetzaAtom>> parse_betza(std::string_view text) {
    if (text.empty()) return make_error("empty Betza string");
    if (text.size() > kMaxBetzaLength)
        return make_error("longer than " + std::to_string(kMaxBetzaLength) +
                          " characters (it has " + std::to_string(text.size()) +
                          "); no piece needs that many");
    std::vector<BetzaAtom> atoms;
    // One atom per round: [modifiers] letter(s) [range], each stage reading on from `pos`.
    for (size_t pos = 0; pos < text.size();) {
        WrittenAtom atom;
        atom.start = pos;
        if (auto ok = read_modifiers(text, pos, atom); !ok) return ok.error();
        if (auto ok = read_shapes(text, pos, atom); !ok) return ok.error();
        if (auto ok = read_range(text, pos, atom.shapes); !ok) return ok.error();
        if (auto ok = expand_atom(text, atom, atoms); !ok) return ok.error();
    }
    return atoms;
}

}  // namespace balance::core
