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

}  // namespace

Result<std::vector<BetzaAtom>> parse_betza(std::string_view text) {
    std::vector<BetzaAtom> atoms;
    if (text.empty()) return make_error("empty Betza string");
    if (text.size() > kMaxBetzaLength)
        return make_error("longer than " + std::to_string(kMaxBetzaLength) +
                          " characters (it has " + std::to_string(text.size()) +
                          "); no piece needs that many");
    size_t pos = 0;
    while (pos < text.size()) {
        const size_t start = pos;
        // Modifiers for leg 1 and (after 'a') leg 2.
        Modifiers leg[2];
        int current = 0;
        while (pos < text.size() && std::islower(static_cast<unsigned char>(text[pos]))) {
            const char ch = text[pos];
            Modifiers& mod = leg[current];
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
                    if (current == 1)
                        return make_error(
                            describe(text, pos, "unsupported: more than two legs ('a' twice)"));
                    current = 1;
                    break;
                case 'h':
                    return make_error(
                        describe(text, pos, "unsupported Betza modifier 'h' (half directions)"));
                case 'p':
                case 'g':
                    return make_error(
                        describe(text, pos,
                                 std::string("unsupported Betza modifier '") + ch + "' (hoppers)"));
                default:
                    return make_error(describe(
                        text, pos, std::string("unsupported Betza modifier '") + ch + "'"));
            }
            ++pos;
        }
        if (pos >= text.size())
            return make_error(describe(text, start, "modifiers without an atom"));
        const char atom_char = text[pos];
        if (!std::isupper(static_cast<unsigned char>(atom_char)))
            return make_error(
                describe(text, pos, std::string("unexpected character '") + atom_char + "'"));
        ++pos;

        // Resolve the atom letter(s) into one or two base shapes.
        std::vector<AtomShape> shapes;
        auto push_slider = [&](char unit) {
            const auto leap = leap_of(unit);
            shapes.push_back(AtomShape{leap->first, leap->second, true, 0});
        };
        switch (atom_char) {
            case 'K':
                shapes = {{1, 0, false, 1}, {1, 1, false, 1}};
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
                const auto leap = leap_of(atom_char);
                if (!leap)
                    return make_error(describe(
                        text, pos - 1, std::string("unknown Betza atom '") + atom_char + "'"));
                shapes.push_back(AtomShape{leap->first, leap->second, false, 1});
                if (pos < text.size() && text[pos] == atom_char) {  // doubled letter = rider
                    if (atom_char != 'W' && atom_char != 'F')
                        return make_error(describe(text, pos - 1,
                                                   std::string("unsupported rider '") + atom_char +
                                                       atom_char + "' (only W and F lines slide)"));
                    shapes.back().rider = true;
                    shapes.back().max_range = 0;
                    ++pos;
                }
            }
        }
        // Optional range digits.
        if (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
            // Ranges beyond any board are refused before they could overflow an int.
            constexpr int kMaxRange = 99;
            int range = 0;
            const size_t digits_at = pos;
            while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
                range = range * 10 + (text[pos++] - '0');
                if (range > kMaxRange)
                    return make_error(describe(
                        text, digits_at,
                        "range too large (at most " + std::to_string(kMaxRange) + " squares)"));
            }
            for (auto& s : shapes) {
                if (s.x > 1 || s.y > 1)
                    return make_error(describe(text, digits_at,
                                               "unsupported range on a leaper that is not W or F"));
                s.rider = range != 1;
                s.max_range = range;
            }
        }

        if (current == 1 && leg[0].c && leg[1].directions == "b") {
            // Capture and return: the piece shoots the enemy on the first leg's square.
            if (leg[0].m || leg[0].e || leg[0].i || leg[0].n || leg[0].j || leg[1].m || leg[1].c ||
                leg[1].e || leg[1].i || leg[1].n || leg[1].j)
                return make_error(describe(text, start, "unsupported modifiers on a 'cab' shot"));
            for (const auto& shape : shapes) {
                if (shape.rider)
                    return make_error(
                        describe(text, start, "unsupported: a 'cab' shot on a slider"));
                for (const auto& [dx, dy] : images(shape.x, shape.y)) {
                    if (!direction_allowed(leg[0].directions, dx, dy)) continue;
                    BetzaAtom a;
                    a.kind = BetzaAtom::Kind::Shoot;
                    a.dx = dx;
                    a.dy = dy;
                    a.move = false;
                    atoms.push_back(a);
                }
            }
            continue;
        }
        if (current == 1) {
            // Two-leg lame step: leg 1 is one W/F step to an empty square, leg 2 turns.
            if (shapes.size() != 1 || shapes[0].rider || shapes[0].x != 1)
                return make_error(describe(
                    text, start,
                    "unsupported multi-leg move: only [mods]afsW, afsF, afW, afF, asF, cabK"));
            if (leg[0].c || leg[0].e || leg[0].j || leg[0].n || leg[1].n || leg[1].j || leg[1].i)
                return make_error(describe(text, start,
                                           "unsupported leg modifiers in a multi-leg move (leg 1 "
                                           "must move to an empty square)"));
            const std::string& turn = leg[1].directions;
            if (turn != "fs" && turn != "f" && !(turn == "s" && shapes[0].y == 1))
                return make_error(describe(
                    text, start,
                    "unsupported continuation direction '" + turn + "' (use fs or f, or s on F)"));
            for (const auto& [sx, sy] : images(shapes[0].x, shapes[0].y)) {
                if (!direction_allowed(leg[0].directions, sx, sy)) continue;
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
                    set_modality(a, leg[1]);
                    a.initial = leg[0].i;
                    atoms.push_back(a);
                }
            }
            continue;
        }

        const Modifiers& mod = leg[0];
        for (const auto& shape : shapes) {
            if (mod.j && !shape.rider)
                return make_error(describe(
                    text, start, "unsupported: 'j' on a leaper (only skip-sliders jR, jB, jQ)"));
            if (mod.n && (shape.rider || (shape.y != 0 && shape.x != shape.y) || shape.x < 2)) {
                if (shape.y != 0 && shape.x != shape.y)
                    return make_error(
                        describe(text, start,
                                 "'n' on an oblique leaper is ambiguous: write the path, e.g. afsW "
                                 "(orthogonal first) or afsF (diagonal first)"));
                return make_error(describe(
                    text, start, "'n' (lame) applies only to straight leapers D, A, H, G"));
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
                            describe(text, start, "skip-slider range shorter than its skip"));
                } else if (mod.n) {
                    a.kind = BetzaAtom::Kind::Lame;
                    const int steps = std::max(shape.x, shape.y);
                    for (int k = 1; k < steps; ++k)
                        a.path.emplace_back(dx / steps * k, dy / steps * k);
                }
                a.dx = dx;
                a.dy = dy;
                set_modality(a, mod);
                atoms.push_back(a);
            }
            if (!any)
                return make_error(describe(text, start,
                                           "direction modifiers '" + mod.directions +
                                               "' select no move of '" + std::string(1, atom_char) +
                                               "'"));
        }
    }
    return atoms;
}

}  // namespace balance::core
