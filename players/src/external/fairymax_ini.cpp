#include "balance/players/external/fairymax_ini.hpp"
#include "balance/core/value_unit.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>

#include "balance/core/betza.hpp"
#include "balance/core/castling.hpp"
#include "external/xboard_protocol.hpp"

namespace balance::players::external {

namespace {

using core::BetzaAtom;
using core::PieceRole;
using core::PieceSpec;
using core::VariantSpec;

constexpr int kMaxTypes = 15;  // Fairy-Max's piece types per game
constexpr int kWidth = 16;     // its board's row stride
// The largest board it plays: 5.0b refuses a wider one when it loads the game ("unsupported
// board size") and exits, so every game would fail to start.
constexpr int kMaxFiles = 12;
constexpr int kMaxRanks = 16;

const PieceSpec* find_piece(const VariantSpec& spec, const std::string& name) {
    for (const auto& p : spec.pieces)
        if (p.name == name) return &p;
    return nullptr;
}

const core::ArmySpec* find_army(const VariantSpec& spec, const std::string& name) {
    for (const auto& a : spec.armies)
        if (a.name == name) return &a;
    return nullptr;
}

Error piece_error(const PieceSpec& piece, const std::string& what) {
    return make_error(
        "Fairy-Max cannot play piece '" + piece.name + "' (" + piece.betza + "): " + what,
        piece.where);
}

// A step (dx, dy) from the mover's side on Fairy-Max's board: +1 towards the h file, -16 one
// rank towards the 8th; `forward` is +1 for White, -1 for Black (its pieces are mirrored
// vertically, as core mirrors Betza atoms).
int vector_of(int dx, int dy, int forward) {
    return dx - kWidth * dy * forward;
}

std::string hex(int mode) {
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string out;
    do {
        out.insert(out.begin(), digits[mode % 16]);
        mode /= 16;
    } while (mode > 0);
    return out;
}

// The low digit of a move mode: 1 may capture, 2 may move to an empty square.
int modality(const BetzaAtom& atom) {
    return (atom.capture ? 1 : 0) | (atom.move ? 2 : 0);
}

struct PieceContext {
    const PieceSpec& piece;
    int forward = 1;
    int longest_board_side = 8;
    bool ep_exists = false;  // some pawn of the pairing makes e.p. squares
};

// One atom as a "step,mode[,step2]" ray, or an error naming what Fairy-Max lacks.
Result<std::string> ray(const BetzaAtom& a, const PieceContext& c) {
    const bool pawn = c.piece.role == PieceRole::Pawn;
    const int mod = modality(a);
    if (a.kind == BetzaAtom::Kind::Shoot)
        return piece_error(c.piece, "a capture without moving (cab): Fairy-Max has no shots");
    if (a.en_passant && !pawn)
        return piece_error(c.piece, "en passant by a piece that is not a pawn");
    if (pawn && a.en_passant && !a.capture)
        return piece_error(c.piece,
                           "an e.p. capture by a move-only step: Fairy-Max's pawns capture e.p. "
                           "exactly with their capturing steps");
    if (pawn && c.ep_exists && a.capture && !a.en_passant && a.kind != BetzaAtom::Kind::Slide)
        return piece_error(c.piece,
                           "a pawn capture without e.p.: Fairy-Max's pawns capture e.p. with "
                           "every capturing step");
    // A chiral atom (hrN) is turned half a circle for Black, not mirrored (core's BetzaAtom).
    const int turn = a.chiral ? c.forward : 1;
    const auto v = [&](int dx, int dy) {
        return std::to_string(vector_of(dx * turn, dy, c.forward));
    };
    switch (a.kind) {
        case BetzaAtom::Kind::Leap: {
            if (a.initial) {
                // A pawn's unblockable, e.p.-immune double jump (fmax.ini: E4 move only, F4
                // move or capture), from the first of its two equal steps.
                const bool jump = a.dx % 2 == 0 && a.dy % 2 == 0 &&
                                  (a.dx == 0 || a.dy == 0 || std::abs(a.dx) == std::abs(a.dy));
                if (!pawn || !jump || !a.move)
                    return piece_error(c.piece,
                                       "an initial-only leap (i without n) other than a pawn's "
                                       "double jump");
                return v(a.dx / 2, a.dy / 2) + "," + (a.capture ? "F4" : "E4");
            }
            return v(a.dx, a.dy) + "," + hex(4 | mod);
        }
        case BetzaAtom::Kind::Slide: {
            if (a.initial) return piece_error(c.piece, "an initial-only slide");
            const bool unlimited = a.max_range == 0 || a.max_range >= c.longest_board_side - 1;
            if (a.min_range == 2) {
                if (!unlimited)
                    return piece_error(c.piece, "a range-limited skip-slider (j with a range)");
                return v(2 * a.dx, 2 * a.dy) + "," + hex(mod) + "," + v(a.dx, a.dy);
            }
            if (a.min_range != 1) return piece_error(c.piece, "a slide that skips several squares");
            if (unlimited) return v(a.dx, a.dy) + "," + hex(mod);
            if (a.max_range == 1) return v(a.dx, a.dy) + "," + hex(4 | mod);
            // Range r: the leaper bit toggles after r-1 steps (fmax.ini: 43 = R2, 443 = R3,
            // 843 = R4, C43 = R5).
            if (a.max_range > 5)
                return piece_error(c.piece, "a slide limited to " + std::to_string(a.max_range) +
                                                " squares (Fairy-Max limits ranges to 2-5)");
            return v(a.dx, a.dy) + "," + hex(((a.max_range - 2) * 4) << 8 | 0x40 | mod);
        }
        case BetzaAtom::Kind::Lame: {
            if (a.path.size() != 1) {
                // A straight lame leap over 2 or 3 squares (nH, nG): pass through empty squares,
                // the toggle to a leap postponed by 1 or 2 steps (fmax.ini's 4xx / 8xx digit).
                const int steps = static_cast<int>(a.path.size()) + 1;
                const bool straight = a.dx % steps == 0 && a.dy % steps == 0;
                if (a.initial || !straight || steps > 3)
                    return piece_error(c.piece, "a lame leap over " +
                                                    std::to_string(a.path.size()) +
                                                    " squares other than a straight nH or nG");
                return v(a.dx / steps, a.dy / steps) + "," +
                       hex((steps - 2) * 4 << 8 | (4 | mod) << 4);
            }
            const auto [px, py] = a.path[0];
            const bool double_step = a.dx == 2 * px && a.dy == 2 * py;
            if (a.initial) {
                if (!pawn || !double_step || a.capture || !a.move)
                    return piece_error(c.piece,
                                       "an initial-only lame move other than a pawn's "
                                       "non-capturing double step");
                return v(px, py) + ",24";  // blockable, e.p.-capturable, unmoved pawns only
            }
            if (pawn && a.move && !a.capture)
                return piece_error(c.piece,
                                   "a pawn's lame move that is not an initial double step (it "
                                   "would make an e.p. square Fairy-Max does not)");
            // Pass through the (empty) first square, then toggle to a leap with the atom's
            // modality: 70 (fmax.ini's Xiangqi horse and elephant), 60 move only, 50 capture only.
            return v(px, py) + "," + hex((4 | mod) << 4) + "," + v(a.dx - px, a.dy - py);
        }
        case BetzaAtom::Kind::Shoot:
            break;
    }
    return piece_error(c.piece, "an unknown kind of move");
}

// Fairy-Max's castling rays for a king on `file` of a board `files` wide moving `travel`
// squares. Its castling swings the corner piece to the square beside the king's destination;
// core puts the rook beside the king's start square (Uneven: O-O-O is Kf1-c1 + Ra1-e1). The two
// agree only for a 2-square king move, and fmax.ini leaves castling from a file that is not
// central undefined.
std::optional<std::string> castling_rays(int files, int file, int travel) {
    const bool central = file == files / 2 || file == (files - 1) / 2;
    if (travel == 2 && central) return "1,34 -1,34";
    return std::nullopt;
}

// A piece type of the game: its Fairy-Max line and what it stands for.
struct Type {
    std::string piece;
    int sides = 0;  // 1 White, 2 Black, 3 both (a shared type)
    char letter = 'X';
    std::string line;
    std::vector<std::string> sorted_rays;  // for telling whether both colours move alike
};

struct Side {
    const core::ArmySpec* army = nullptr;
    std::string pawn, king, promotion;
    std::vector<std::string> ordered;               // other pieces: definition order, king last
    std::map<std::string, char> letter_of;          // piece -> its army letter
    std::vector<std::pair<int, std::string>> back;  // file -> piece on the first rank
};

Result<Side> read_side(const VariantSpec& spec, const std::string& army_name, bool white,
                       const Placement& start) {
    Side s;
    s.army = find_army(spec, army_name);
    if (!s.army) return make_error("unknown army '" + army_name + "'", spec.file);
    for (const auto& [letter, piece] : s.army->letters) s.letter_of[piece] = letter;
    for (const auto& p : spec.pieces) {
        if (!s.letter_of.contains(p.name)) continue;
        if (p.role == PieceRole::Pawn) {
            if (!s.pawn.empty())
                return make_error("Fairy-Max has one pawn type per side; army '" + army_name +
                                      "' has two ('" + s.pawn + "', '" + p.name + "')",
                                  s.army->where);
            s.pawn = p.name;
        } else if (p.role == PieceRole::King) {
            if (!s.king.empty())
                return make_error("army '" + army_name + "' has two kings", s.army->where);
            s.king = p.name;
        }
    }
    if (s.pawn.empty())
        return make_error("Fairy-Max needs a pawn type; army '" + army_name + "' has none",
                          s.army->where);
    // Fairy-Max promotes to one type itself: the army's most valuable promotion choice.
    double best = -1.0;
    for (const auto& name : s.army->promotions) {
        const PieceSpec* p = find_piece(spec, name);
        if (p && p->value > best) best = p->value, s.promotion = name;
    }
    if (s.promotion.empty())
        return make_error(
            "Fairy-Max's pawns always promote; army '" + army_name + "' has no promotion choice",
            s.army->where);
    for (const auto& p : spec.pieces)
        if (s.letter_of.contains(p.name) && p.role == PieceRole::Normal && p.name != s.promotion)
            s.ordered.push_back(p.name);
    if (!s.king.empty() && s.king != s.promotion) s.ordered.push_back(s.king);
    // The start position: back rank, then a full rank of pawns; nothing else.
    const int back_rank = white ? 0 : start.ranks - 1, pawn_rank = white ? 1 : start.ranks - 2;
    int pawns = 0;
    for (const auto& placed : start.pieces) {
        if (placed.white() != white) continue;
        const char upper =
            static_cast<char>(std::toupper(static_cast<unsigned char>(placed.letter)));
        const auto it = s.army->letters.find(upper);
        const std::string piece = it == s.army->letters.end() ? "" : it->second;
        if (placed.rank == pawn_rank && piece == s.pawn) {
            ++pawns;
        } else if (placed.rank == back_rank && !piece.empty() && piece != s.pawn) {
            s.back.emplace_back(placed.file, piece);
        } else {
            return make_error(std::string("Fairy-Max sets up back ranks behind full pawn ranks; "
                                          "the start position has ") +
                                  placed.letter + " on " + square_name(placed.file, placed.rank),
                              spec.start_fen_where.empty() ? spec.file : spec.start_fen_where);
        }
    }
    if (pawns != start.files)
        return make_error(std::string("Fairy-Max fills ") + (white ? "White" : "Black") +
                              "'s pawn rank: the start position has " + std::to_string(pawns) +
                              " pawns there, not " + std::to_string(start.files),
                          spec.start_fen_where.empty() ? spec.file : spec.start_fen_where);
    return s;
}

bool ep_possible(const VariantSpec& spec, const Side& side) {
    const PieceSpec* pawn = find_piece(spec, side.pawn);
    auto atoms = core::parse_betza(pawn->betza);
    if (!atoms) return false;
    return std::any_of(atoms->begin(), atoms->end(), [](const BetzaAtom& a) {
        return a.kind == BetzaAtom::Kind::Lame && a.move && !a.capture && a.path.size() == 1;
    });
}

class GameWriter {
  public:
    GameWriter(const VariantSpec& spec, int files, int ranks) : spec_(spec), files_(files) {
        longest_ = std::max(files, ranks);
        unit_ = core::centipawns_per_unit(spec);
    }

    // The rays of `piece` for one colour; the king's castling rays first.
    Result<std::vector<std::string>> rays(const PieceSpec& piece, const core::ArmySpec& army,
                                          int forward, bool ep_exists, int king_file) const {
        if (!piece.betza_own_colour.empty() || !piece.betza_other_colour.empty())
            return piece_error(piece, "moves that depend on the colour of its square");
        auto atoms = core::parse_betza(piece.betza);
        if (!atoms)
            return make_error("piece '" + piece.name + "': " + atoms.error().message, piece.where);
        std::vector<std::string> out;
        if (piece.role == PieceRole::King) {
            auto castling = king_castling(army, king_file);
            if (!castling) return castling.error();
            if (!castling->empty()) out.push_back(*castling);
        }
        PieceContext context{piece, forward, longest_, ep_exists};
        for (const auto& atom : *atoms) {
            if (std::abs(atom.dx) *
                        (atom.kind == BetzaAtom::Kind::Slide && atom.min_range == 2 ? 2 : 1) +
                    files_ >
                kWidth)
                return piece_error(piece, "a sideways leap too long for a board " +
                                              std::to_string(files_) +
                                              " files wide (Fairy-Max: width + leap <= 16)");
            auto r = ray(atom, context);
            if (!r) return r.error();
            out.push_back(*r);
        }
        return out;
    }

    // The castling rays of `army`'s king on `king_file` ("" when it never castles), or why
    // Fairy-Max cannot play its castling: it castles on both wings alike, the king 2 squares
    // from a central file and the corner piece landing beside it.
    Result<std::string> king_castling(const core::ArmySpec& army, int king_file) const {
        const std::string where = spec_.castling_where.empty() ? spec_.file : spec_.castling_where;
        const std::array<core::CastlingWing, 2> wings = {
            core::castling_wing(spec_, army, core::Kingside),
            core::castling_wing(spec_, army, core::Queenside)};
        if (!wings[0].enabled && !wings[1].enabled) return std::string();
        const bool overridden = [&] {
            for (const auto& w : wings)
                if (!w.king.key.empty() || !w.rook.key.empty() || !w.enabled) return true;
            return false;
        }();
        if (!overridden) {  // [castling]'s own keys: one geometry for both wings
            auto castling = castling_rays(files_, king_file, spec_.castling.king_travel);
            if (!castling)
                return make_error(
                    "Fairy-Max cannot castle a king from the " +
                        std::string(1, static_cast<char>('a' + king_file)) + " file " +
                        std::to_string(spec_.castling.king_travel) + " squares on a board " +
                        std::to_string(files_) +
                        " files wide: its castling moves the king 2 squares from a central "
                        "file, the rook landing beside the king (ours lands beside the king's "
                        "start square, which is the same square only for a 2-square move)",
                    where);
            return *castling;
        }
        const std::string refuse = "Fairy-Max cannot play the castling of army '" + army.name +
                                   "': it castles on both wings alike, the king 2 squares from a "
                                   "central file and the corner piece landing beside it";
        for (int side = 0; side < 2; ++side) {
            const char* wing = side == core::Kingside ? "kingside" : "queenside";
            const core::CastlingWing& w = wings[side];
            if (!w.enabled)
                return make_error(refuse + "; this army does not castle " + wing, where);
            const int dir = side == core::Kingside ? 1 : -1;
            auto files = core::castling_files(w, files_, 0, king_file,
                                              side == core::Kingside ? files_ - 1 : 0, where);
            if (!files) return files.error();
            if (files->king != king_file + 2 * dir || files->rook != king_file + dir) {
                const auto file = [](int f) { return std::string(1, static_cast<char>('a' + f)); };
                return make_error(
                    refuse + "; this army castles " + wing + " from the " + file(king_file) +
                        " file with the king to the " + file(files->king) +
                        " file and the rook to the " + file(files->rook) + " file",
                    w.king.where.empty() ? (w.rook.where.empty() ? where : w.rook.where)
                                         : w.king.where);
            }
        }
        auto castling = castling_rays(files_, king_file, 2);
        if (!castling)
            return make_error(refuse + "; this army's king starts on the " +
                                  std::string(1, static_cast<char>('a' + king_file)) + " file",
                              where);
        return *castling;
    }

    // Fairy-Max's value: centipawns, -1 for a royal piece; a value ending in 3 refuses the
    // piece as a promotion choice (fmax.ini), so pieces that are no promotion choice end in 3
    // and choices never do.
    int value(const PieceSpec& piece, bool promotable) const {
        if (piece.role == PieceRole::King) return -1;
        int cp = static_cast<int>(std::lround(piece.value * unit_));
        if (!promotable) return cp - cp % 10 + 3;
        return cp % 10 == 3 ? cp + 1 : cp;
    }

    // Minor pieces, kings and pawns are centralised by Fairy-Max when their letter is lower
    // case; rooks and heavier are not (fmax.ini's own choice: n b k p lower, R Q upper).
    char letter_case(const PieceSpec& piece, char letter, int value_cp) const {
        const bool lower = piece.role != PieceRole::Normal || value_cp < 450;
        const auto byte = static_cast<unsigned char>(letter);
        return static_cast<char>(lower ? std::tolower(byte) : std::toupper(byte));
    }

  private:
    const VariantSpec& spec_;
    int files_ = 8;
    int longest_ = 8;
    int unit_ = 100;
};

std::string join(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

// The piece types of one game (White's army against Black's) and their numbers.
struct GameTypes {
    const VariantSpec& spec;
    const std::array<Side, 2>& sides;
    const GameWriter& writer;
    bool ep_exists;

    // A type's line for one side (sides = 1 or 2) or both (3: White's rays).
    Result<Type> make_type(const std::string& name, int side_bits) const {
        const PieceSpec& piece = *find_piece(spec, name);
        const int s = side_bits == 2 ? 1 : 0;
        int king_file = -1;
        for (const auto& [file, p] : sides[s].back)
            if (p == name) king_file = file;
        auto rays = writer.rays(piece, *sides[s].army, s == 0 ? 1 : -1, ep_exists, king_file);
        if (!rays) return rays.error();
        std::vector<std::string> sorted = *rays;
        std::sort(sorted.begin(), sorted.end());
        if (s == 1 && piece.role != PieceRole::Pawn) {
            // A piece that moves alike for both colours gets White's line (fmax.ini's way).
            auto white_rays = writer.rays(piece, *sides[s].army, 1, ep_exists, king_file);
            if (!white_rays) return white_rays.error();
            std::vector<std::string> white_sorted = *white_rays;
            std::sort(white_sorted.begin(), white_sorted.end());
            if (white_sorted == sorted) rays = std::move(white_rays);
        }
        bool promotable = false;
        for (int k = 0; k < 2; ++k)
            if (side_bits & (1 << k))
                for (const auto& p : sides[k].army->promotions) promotable |= p == name;
        const int value = writer.value(piece, promotable);
        Type type;
        type.piece = name;
        type.sides = side_bits;
        type.letter = writer.letter_case(piece, sides[s].letter_of.at(name), value);
        type.line = std::string(1, type.letter) + ":" + std::to_string(value) + " " + join(*rays);
        type.sorted_rays = std::move(sorted);
        return type;
    }

    // Whether both armies' `name` can be one type: same letter, same moves for both colours.
    Result<bool> sharable(const std::string& name) const {
        if (!sides[0].letter_of.contains(name) || !sides[1].letter_of.contains(name)) return false;
        if (sides[0].letter_of.at(name) != sides[1].letter_of.at(name)) return false;
        if (name == sides[0].pawn) return false;
        auto w = make_type(name, 1);
        if (!w) return w.error();
        auto b = make_type(name, 2);
        if (!b) return b.error();
        return w->sorted_rays == b->sorted_rays;
    }

    // Layout: 1, 2 pawns; 7 White's promotion type; 9 Black's when it differs; the others fill
    // the remaining numbers, White's first (king last), then Black's (king first), so that a
    // letter names White's type first and Black's last. Types are shared between the colours
    // only when separate types would exceed Fairy-Max's 15.
    Result<std::vector<Type>> lay_out(const std::string& white_army,
                                      const std::string& black_army) const {
        auto separate = slots(false, white_army, black_army);
        if (!separate) return separate.error();
        if (*separate) return types_of(**separate);
        auto shared = slots(true, white_army, black_army);
        if (!shared) return shared.error();
        return types_of(**shared);
    }

    // Letters: White's piece must be the first type with its letter, Black's the last.
    Result<void> check_letters(const std::vector<Type>& types) const {
        for (int s = 0; s < 2; ++s) {
            for (const auto& [piece, letter] : sides[s].letter_of) {
                const int own = number_of(types, piece, s);
                for (std::size_t i = 0; i < types.size(); ++i) {
                    const int n = static_cast<int>(i) + 1;
                    const bool same = std::toupper(static_cast<unsigned char>(types[i].letter)) ==
                                      static_cast<unsigned char>(letter);
                    if (same && (s == 0 ? n < own : n > own))
                        return make_error(
                            std::string("Fairy-Max names pieces by letter, and letter ") + letter +
                                " of " + sides[s].army->name + " would name piece '" +
                                types[i].piece + "'",
                            spec.file);
                }
            }
        }
        return {};
    }

    // The two start arrays (White's, then Black's), one line each, by type number.
    Result<std::string> start_arrays(const std::vector<Type>& types, int files) const {
        std::string arrays;
        for (int s = 0; s < 2; ++s) {
            std::vector<std::string> row(files, "0");
            for (const auto& [file, piece] : sides[s].back)
                row[file] = std::to_string(number_of(types, piece, s));
            arrays += join(row) + "\n";
        }
        // Black promotes to 9 only when White's array has a 7 and Black's has none.
        const bool black_to_nine = !(types[6].sides & 2);
        if (black_to_nine) {
            const std::string w_row = arrays.substr(0, arrays.find('\n'));
            const std::string b_row = arrays.substr(arrays.find('\n') + 1);
            const auto has_seven = [](const std::string& row) {
                return (" " + row + " ").find(" 7 ") != std::string::npos;
            };
            if (!has_seven(w_row) || has_seven(b_row))
                return make_error(
                    "Fairy-Max promotes Black to type 9 only when White's start array "
                    "holds its promotion piece ('" +
                        sides[0].promotion + "') and Black's does not",
                    spec.file);
        }
        return arrays;
    }

  private:
    using Slots = std::map<int, std::pair<std::string, int>>;  // number -> piece, side bits

    // The numbers of the types, sharing the sharable ones or not; none when unshared types
    // would be too many (the caller then shares).
    Result<std::optional<Slots>> slots(bool share, const std::string& white_army,
                                       const std::string& black_army) const {
        std::map<std::string, bool> shared;
        if (share) {
            for (const auto& name : sides[0].ordered) {
                auto can = sharable(name);
                if (!can) return can.error();
                shared[name] = *can;
            }
            auto can = sharable(sides[0].promotion);
            if (!can) return can.error();
            shared[sides[0].promotion] = *can;
        }
        const auto is_shared = [&](const std::string& n) {
            return shared.contains(n) && shared.at(n);
        };
        Slots slots;
        slots[1] = {sides[0].pawn, 1};
        slots[2] = {sides[1].pawn, 2};
        const std::string& wp = sides[0].promotion;
        const std::string& bp = sides[1].promotion;
        const bool one_promotion = wp == bp && is_shared(wp);
        slots[7] = {wp, is_shared(wp) ? 3 : 1};
        if (!one_promotion) slots[9] = {bp, is_shared(bp) ? 3 : 2};
        std::vector<std::pair<std::string, int>> rest;
        for (const auto& n : sides[0].ordered)
            if (n != bp || !is_shared(n)) rest.emplace_back(n, is_shared(n) ? 3 : 1);
        std::vector<std::string> black = sides[1].ordered;
        if (!sides[1].king.empty()) {  // king first
            std::erase(black, sides[1].king);
            black.insert(black.begin(), sides[1].king);
        }
        for (const auto& n : black)
            if (!is_shared(n) && n != bp) rest.emplace_back(n, 2);
        int next = 3;
        for (const auto& entry : rest) {
            while (slots.contains(next)) ++next;
            slots[next] = entry;
        }
        const int count = static_cast<int>(slots.size());
        if (count > kMaxTypes) {
            if (!share) return std::optional<Slots>();
            return make_error("Fairy-Max holds at most 15 piece types; " + white_army + " vs " +
                                  black_army + " needs " + std::to_string(count),
                              spec.file);
        }
        if (slots.rbegin()->first != count)
            return make_error(
                "Fairy-Max promotes Black's pawns to type 9 only when there are 9 "
                "types; " +
                    white_army + " vs " + black_army + " has " + std::to_string(count),
                spec.file);
        return std::optional<Slots>(std::move(slots));
    }

    Result<std::vector<Type>> types_of(const Slots& slots) const {
        std::vector<Type> types;
        for (const auto& [number, entry] : slots) {
            auto type = make_type(entry.first, entry.second);
            if (!type) return type.error();
            types.push_back(std::move(*type));
        }
        return types;
    }

    static int number_of(const std::vector<Type>& types, const std::string& name, int side) {
        for (std::size_t i = 0; i < types.size(); ++i)
            if (types[i].piece == name && (types[i].sides & (1 << side)))
                return static_cast<int>(i) + 1;
        return 0;
    }
};

Result<void> check_rules(const VariantSpec& spec) {
    const auto& r = spec.rules;
    const auto refuse = [&](const std::string& what) {
        return make_error("Fairy-Max cannot play variant '" + spec.name + "': " + what, spec.file);
    };
    if (r.anti_relay.enabled) return refuse("anti-relay move rights");
    if (r.stalemate != core::StalemateResult::Draw) return refuse("stalemate wins");
    if (r.promote_to_captured) return refuse("promotion to captured units only");
    if (r.free_placement) return refuse("free placement of the back ranks");
    if (spec.castling.enabled && r.castling_rook_on_own_colour)
        return refuse("castling that needs the rook on a square of its own colour");
    // Fairy-Max castles whenever its king and rook have not moved: a rule that allows castling
    // only from a later move (chess's no-castling-10) would be broken by its first early castle.
    for (const auto& army : spec.armies) {
        const int from_move = spec.castling.enabled ? core::castling_from_move(spec, army) : 1;
        if (from_move > 1)
            return refuse("castling only from move " + std::to_string(from_move) + " (army '" +
                          army.name + "')");
    }
    return {};
}

}  // namespace

std::string fairymax_game_name(const std::string& white, const std::string& black) {
    return white + "-" + black;
}

Result<std::string> fairymax_game(const VariantSpec& spec, const std::string& white_army,
                                  const std::string& black_army) {
    if (auto ok = check_rules(spec); !ok) return ok.error();
    auto start = parse_placement(spec.start_fen);
    if (!start)
        return make_error("start position: " + start.error().message,
                          spec.start_fen_where.empty() ? spec.file : spec.start_fen_where);
    if (start->files > kMaxFiles || start->ranks > kMaxRanks)
        return make_error("Fairy-Max plays boards of at most " + std::to_string(kMaxFiles) +
                              " files and " + std::to_string(kMaxRanks) + " ranks; this one is " +
                              std::to_string(start->files) + " x " + std::to_string(start->ranks),
                          spec.board_where);
    std::array<Side, 2> sides;
    for (int s = 0; s < 2; ++s) {
        auto side = read_side(spec, s == 0 ? white_army : black_army, s == 0, *start);
        if (!side) return side.error();
        sides[s] = std::move(*side);
    }
    const GameWriter writer(spec, start->files, start->ranks);
    const GameTypes game{spec, sides, writer,
                         ep_possible(spec, sides[0]) || ep_possible(spec, sides[1])};
    auto types = game.lay_out(white_army, black_army);
    if (!types) return types.error();
    if (auto ok = game.check_letters(*types); !ok) return ok.error();
    auto arrays = game.start_arrays(*types, start->files);
    if (!arrays) return arrays.error();
    std::string text = std::to_string(start->files) + "x" + std::to_string(start->ranks) + "\n";
    text += *arrays;
    for (const auto& type : *types) text += type.line + "\n";
    return text;
}

std::vector<std::pair<std::string, std::string>> fairymax_pairings(const VariantSpec& spec) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& white : spec.armies)
        for (const auto& black : spec.armies)
            if (white.can_play_white && black.can_play_black)
                out.emplace_back(white.name, black.name);
    return out;
}

Result<std::string> fairymax_ini(const VariantSpec& spec,
                                 const std::vector<std::pair<std::string, std::string>>& pairings) {
    std::string text = "version 4.8(w)\n";
    std::string games;
    bool first = true;
    for (const auto& [white, black] : pairings) {
        auto game = fairymax_game(spec, white, black);
        if (!game) return game.error();
        if (first) text += *game + "\n";  // the default game Fairy-Max starts in
        first = false;
        games += "// " + spec.name + ": " + white + " (White) against " + black +
                 " (Black)\nGame: " + fairymax_game_name(white, black) + "\n" + *game + "\n";
    }
    text += "// Written by Balance from the variant file of '" + spec.name +
            "' (players/external/fairymax_ini.hpp); one game per army pairing.\n\n";
    text += games;
    // Fairy-Max 5.0b reads past the end of a file whose last game is not followed by a line.
    text += "// end of file\n";
    return text;
}

}  // namespace balance::players::external
