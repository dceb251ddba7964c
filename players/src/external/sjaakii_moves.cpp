#include "external/sjaakii_moves.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "balance/core/betza.hpp"
#include "external/sjaakii_leaps.hpp"

namespace balance::players::external {

namespace {

using core::BetzaAtom;
using core::PieceRole;
using core::PieceSpec;

// SjaakII's compass, White's view: N is forward, E towards the h file.
constexpr std::array<const char*, 8> kCompass = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
constexpr std::array<std::pair<int, int>, 8> kUnit = {
    {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}};
// The compass point mirrored left-right: N, NW, W, SW, S, SE, E, NE.
constexpr std::array<int, 8> kMirror = {0, 7, 6, 5, 4, 3, 2, 1};
// SjaakII's step counts are one digit.
constexpr int kMaxStep = 9;

int compass_of(int dx, int dy) {
    for (int d = 0; d < 8; ++d)
        if (kUnit[d] == std::pair{dx, dy}) return d;
    return -1;
}

Error piece_error(const PieceSpec& piece, const std::string& what) {
    return make_error(
        "SjaakII cannot play piece '" + piece.name + "' (" + piece.betza + "): " + what,
        piece.where);
}

// The piece's atoms with the ranks they may start and end on (0-based from the mover's side;
// parse_betza leaves them open, ranked moves narrow them).
Result<std::vector<BetzaAtom>> atoms_of(const PieceSpec& piece, int ranks) {
    auto atoms = core::parse_betza(piece.betza);
    if (!atoms)
        return make_error("piece '" + piece.name + "': " + atoms.error().message, piece.where);
    for (const auto& ranked : piece.ranked) {
        auto extra = core::parse_betza(ranked.betza);
        if (!extra)
            return make_error("piece '" + piece.name + "': " + extra.error().message, ranked.where);
        for (auto a : *extra) {
            a.from_first = ranked.from_first - 1;
            a.from_last = ranked.from_last == 0 ? ranks - 1 : ranked.from_last - 1;
            a.to_first = ranked.to_first - 1;
            a.to_last = ranked.to_last == 0 ? ranks - 1 : ranked.to_last - 1;
            atoms->push_back(a);
        }
    }
    return atoms;
}

bool whole_window(int first, int last, int ranks) {
    return first <= 0 && last >= ranks - 1;
}

// A lame step of two squares in one of the 8 directions.
bool lame_double_step(const BetzaAtom& a) {
    if (a.kind != BetzaAtom::Kind::Lame || a.path.size() != 1) return false;
    const auto [px, py] = a.path.front();
    return a.dx == 2 * px && a.dy == 2 * py && std::abs(px) <= 1 && std::abs(py) <= 1;
}

// SjaakII's special moves: a pawn's lame double step (core makes its passed square the e.p.
// square, as only SjaakII's special steps do), and any move whose ranks are limited or initial.
bool is_special(const BetzaAtom& a, const PieceSpec& piece, int ranks) {
    const bool pawn_double = piece.role == PieceRole::Pawn && lame_double_step(a) && a.move;
    return pawn_double || a.initial || !whole_window(a.from_first, a.from_last, ranks);
}

// One Move (or Capture) set: unlimited slides along whole lines, steps, and one leap.
class LineSet {
  public:
    LineSet(const PieceSpec& piece, int files, int ranks)
        : piece_(piece), longest_(std::max(files, ranks) - 1) {}

    Result<void> add(const BetzaAtom& a) {
        const bool pawn = piece_.role == PieceRole::Pawn;
        if (a.kind == BetzaAtom::Kind::Slide) {
            if (a.min_range == 2)
                return piece_error(piece_,
                                   "a ski-slide (j: it skips the adjacent square, then slides "
                                   "on): SjaakII has no ski-sliders");
            if (a.min_range != 1) return piece_error(piece_, "a slide that skips squares");
            const int d = compass_of(a.dx, a.dy);
            const bool unlimited = a.max_range == 0 || a.max_range >= longest_;
            if (unlimited)
                slides_[d] = true;
            else
                steps_[d] = std::max(steps_[d], a.max_range);
            return {};
        }
        if (a.kind == BetzaAtom::Kind::Leap && pawn && compass_of(a.dx, a.dy) >= 0) {
            // A pawn's one-square steps are SjaakII steps, as its own pawns' are: its pawn
            // evaluation reads steppers.
            steps_[compass_of(a.dx, a.dy)] = std::max(steps_[compass_of(a.dx, a.dy)], 1);
            return {};
        }
        if (a.kind == BetzaAtom::Kind::Lame && a.path.size() != 1)
            return piece_error(piece_, "a lame leap over " + std::to_string(a.path.size()) +
                                           " squares (n on H or G): SjaakII's lame leaps have "
                                           "two legs");
        leaps_.push_back(a);
        return {};
    }

    // The bodies of its lines: "slide (D,A,H,V)", the leap, "step N,2NE".
    Result<std::vector<std::string>> lines() const {
        std::array<int, 8> steps = steps_;
        std::string slide;
        const auto line = [&](int a, int b, const char* name) {
            if (!slides_[a] || !slides_[b]) return;
            slide += std::string(slide.empty() ? "" : ",") + name;
        };
        const bool diagonals = slides_[1] && slides_[3] && slides_[5] && slides_[7];
        if (diagonals) slide = "D,A";
        line(2, 6, "H");
        line(0, 4, "V");
        for (int d = 0; d < 8; ++d) {
            const bool on_line = d % 2 == 0 ? slides_[(d + 4) % 8] : diagonals;
            // A one-way unlimited slide: steps to the far edge.
            if (slides_[d]) steps[d] = on_line ? 0 : longest_;
            if (steps[d] > kMaxStep)
                return piece_error(piece_, "a slide of " + std::to_string(steps[d]) +
                                               " squares in one direction: SjaakII's steps go "
                                               "at most 9");
        }
        for (int d = 0; d < 8; ++d)
            if (steps[d] != steps[kMirror[d]])
                return piece_error(piece_,
                                   "steps that are not left-right symmetric: SjaakII turns "
                                   "Black's steps by 180 degrees where ours mirror the ranks");
        std::vector<std::string> out;
        if (!slide.empty()) out.push_back("slide (" + slide + ")");
        if (!leaps_.empty()) {
            if (auto bent = two_paths(); !bent.empty()) return piece_error(piece_, bent);
            auto leap = sjaakii_leap(leaps_);
            if (!leap)
                return piece_error(piece_,
                                   "leaps SjaakII cannot express together: its leaps are "
                                   "either every image of their vectors, or given vectors "
                                   "without legs, or one lame two-leg leap in every image");
            out.push_back(*leap);
        }
        std::string step;
        for (int d = 0; d < 8; ++d) {
            if (steps[d] == 0) continue;
            step += (step.empty() ? "" : ",") + (steps[d] > 1 ? std::to_string(steps[d]) : "") +
                    kCompass[d];
        }
        if (!step.empty()) out.push_back("step " + step);
        return out;
    }

    // A double step in direction d (SjaakII's step of 2 also steps one square).
    void add_double_step(int d) { steps_[d] = std::max(steps_[d], 2); }

    // Its longest step of a limited count.
    [[nodiscard]] int longest_step() const {
        return *std::max_element(steps_.begin(), steps_.end());
    }

    // Whether it reaches a square by a one-square step in direction d.
    [[nodiscard]] bool steps_to(int d) const {
        if (slides_[d] || steps_[d] > 0) return true;
        return std::any_of(leaps_.begin(), leaps_.end(), [&](const BetzaAtom& a) {
            return a.kind == BetzaAtom::Kind::Leap && compass_of(a.dx, a.dy) == d;
        });
    }

  private:
    // SjaakII finds no move that blocks a check by a lame leap whose square can be reached
    // through either of two first legs (asF, the bent step: e7 blocks Bf8-d8 at the edge), and
    // would call a check mate that a block answers.
    [[nodiscard]] std::string two_paths() const {
        for (const auto& a : leaps_)
            for (const auto& b : leaps_)
                if (a.kind == BetzaAtom::Kind::Lame && b.kind == BetzaAtom::Kind::Lame &&
                    a.dx == b.dx && a.dy == b.dy && a.path != b.path)
                    return "a lame leap that reaches a square through either of two first "
                           "squares (asF): SjaakII never blocks its checks";
        return {};
    }

    const PieceSpec& piece_;
    int longest_ = 7;               // the longest slide on the board
    std::array<bool, 8> slides_{};  // unlimited, per compass point
    std::array<int, 8> steps_{};    // limited slides and pawn steps: squares per compass point
    std::vector<BetzaAtom> leaps_;
};

// The special moves of a piece: move-only lame double steps, one zone for all of them. In its
// zone a piece moves by these alone, so they hold its other moves too.
Result<std::optional<SjaakiiSpecial>> special_moves(const PieceSpec& piece,
                                                    const std::vector<BetzaAtom>& atoms,
                                                    const LineSet& moves, int ranks) {
    std::optional<SjaakiiSpecial> special;
    LineSet zone_moves = moves;
    for (const auto& a : atoms) {
        if (!is_special(a, piece, ranks)) continue;
        if (!lame_double_step(a) || a.capture || !a.move)
            return piece_error(piece,
                               "an initial or rank-limited move other than a non-capturing "
                               "lame double step (SjaakII's special moves are blockable "
                               "non-capturing steps from a zone)");
        if (!whole_window(a.to_first, a.to_last, ranks))
            return piece_error(piece, "a move limited by the rank it ends on");
        const auto [px, py] = a.path.front();
        const int d = compass_of(px, py);
        if (!moves.steps_to(d))
            return piece_error(piece, std::string("a double step without the single step (") +
                                          kCompass[d] +
                                          "): SjaakII's double step also steps one square");
        SjaakiiSpecial zone;
        zone.initial = a.initial;
        zone.from_first = std::max(a.from_first, 0);
        zone.from_last = std::min(a.from_last, ranks - 1);
        if (special &&
            (special->initial != zone.initial || special->from_first != zone.from_first ||
             special->from_last != zone.from_last))
            return piece_error(piece,
                               "double steps from different ranks: SjaakII gives a piece one "
                               "zone for its special moves");
        special = zone;
        zone_moves.add_double_step(d);
    }
    if (!special) return special;
    // SjaakII makes an e.p. square of every special step over two or more squares.
    if (piece.role == PieceRole::Pawn && moves.longest_step() > 1)
        return piece_error(piece,
                           "a pawn's step of several squares beside its double step: SjaakII "
                           "would make an e.p. square of both");
    auto lines = zone_moves.lines();
    if (!lines) return lines.error();
    special->lines = *lines;
    return special;
}

}  // namespace

bool makes_ep_squares(const PieceSpec& piece) {
    if (piece.role != PieceRole::Pawn) return false;
    auto atoms = atoms_of(piece, 255);
    if (!atoms) return false;
    return std::any_of(atoms->begin(), atoms->end(),
                       [](const BetzaAtom& a) { return lame_double_step(a) && a.move; });
}

// The e.p. rules SjaakII can follow: a piece with the e.p. flag takes e.p. with every capture,
// and its steps onto the e.p. square stay quiet moves as well.
Result<void> sjaakii_en_passant(const PieceSpec& piece) {
    auto parsed = atoms_of(piece, 255);
    if (!parsed) return parsed.error();
    const std::vector<BetzaAtom>& atoms = *parsed;
    const bool takes =
        std::any_of(atoms.begin(), atoms.end(), [](const BetzaAtom& a) { return a.en_passant; });
    if (!takes) return {};
    for (const auto& a : atoms) {
        if (a.en_passant && a.move)
            return piece_error(piece,
                               "a step onto the e.p. square that is only the e.p. capture (m "
                               "with e, Asymmetric rule 8): SjaakII lets it step there quietly "
                               "too");
        if (a.capture && !a.en_passant)
            return piece_error(piece,
                               "a capture without e.p. beside its e.p. captures: SjaakII's e.p. "
                               "flag lets every capture of a piece take e.p.");
    }
    return {};
}

Result<SjaakiiPieceMoves> sjaakii_piece_moves(const PieceSpec& piece, int files, int ranks) {
    if (!piece.betza_own_colour.empty() || !piece.betza_other_colour.empty())
        return piece_error(piece, "moves that depend on the colour of its square");
    auto atoms = atoms_of(piece, ranks);
    if (!atoms) return atoms.error();
    LineSet moves(piece, files, ranks), captures(piece, files, ranks);
    SjaakiiPieceMoves out;
    for (const auto& a : *atoms) {
        if (a.kind == BetzaAtom::Kind::Shoot)
            return piece_error(piece, "a capture without moving (cab): SjaakII has no shots");
        // Seen with SjaakII 1.4.1: an `aleap` of (1,2)|(2,-1)|(-1,-2)|(-2,1) turns right for
        // White and left for Black, while Balance turns Black's chiral moves half a circle.
        if (a.chiral)
            return piece_error(piece,
                               "a chiral half (hr, hl): SjaakII mirrors Black's leaps, so Black's "
                               "piece would turn the other way");
        if (is_special(a, piece, ranks)) continue;
        if (!whole_window(a.to_first, a.to_last, ranks))
            return piece_error(piece, "a move limited by the rank it ends on");
        if (a.move) {
            if (auto ok = moves.add(a); !ok) return ok.error();
            out.moves_from_last_rank |= a.dy <= 0;
        }
        if (a.capture) {
            if (auto ok = captures.add(a); !ok) return ok.error();
            out.moves_from_last_rank |= a.dy <= 0;
        }
    }
    auto special = special_moves(piece, *atoms, moves, ranks);
    if (!special) return special.error();
    out.special = *special;
    out.set_ep = out.special && piece.role == PieceRole::Pawn;
    out.take_ep =
        std::any_of(atoms->begin(), atoms->end(), [](const BetzaAtom& a) { return a.en_passant; });
    auto move_lines = moves.lines();
    if (!move_lines) return move_lines.error();
    auto capture_lines = captures.lines();
    if (!capture_lines) return capture_lines.error();
    out.move = move_lines->empty() ? std::vector<std::string>{"none"} : *move_lines;
    if (*capture_lines != *move_lines)
        out.capture = capture_lines->empty() ? std::vector<std::string>{"none"} : *capture_lines;
    return out;
}

}  // namespace balance::players::external
