#include "balance/players/external/sjaakii_definitions.hpp"
#include "balance/core/castling.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <set>

#include "balance/core/value_unit.hpp"
#include "external/definitions_files.hpp"
#include "external/sjaakii_moves.hpp"
#include "external/sjaakii_tables.hpp"
#include "external/sjaakii_zones.hpp"
#include "external/xboard_protocol.hpp"

namespace balance::players::external {

namespace {

using core::ArmySpec;
using core::PieceRole;
using core::PieceSpec;
using core::VariantSpec;

// SjaakII's boards: fewer than 16 files and ranks, fewer than 128 squares (variants.txt).
constexpr int kMaxSide = 15;
constexpr int kMaxSquares = 127;

const PieceSpec* find_piece(const VariantSpec& spec, const std::string& name) {
    for (const auto& p : spec.pieces)
        if (p.name == name) return &p;
    return nullptr;
}

const ArmySpec* find_army(const VariantSpec& spec, const std::string& name) {
    for (const auto& a : spec.armies)
        if (a.name == name) return &a;
    return nullptr;
}

std::string where_of(const std::string& where, const VariantSpec& spec) {
    return where.empty() ? spec.file : where;
}

Result<void> check_rules(const VariantSpec& spec) {
    const auto& r = spec.rules;
    const auto refuse = [&](const std::string& what, const std::string& where = {}) {
        return make_error("SjaakII cannot play variant '" + spec.name + "': " + what,
                          where_of(where, spec));
    };
    if (r.anti_relay.enabled) return refuse("anti-relay move rights");
    if (r.self_capture) return refuse("self-capture");
    if (r.promote_to_captured) return refuse("promotion to captured units only");
    if (r.free_placement) return refuse("free placement of the back ranks");
    if (r.fifty_move_plies % 2 != 0)
        return refuse("a move-count draw after an odd number of plies (SjaakII counts moves)");
    if (spec.castling.enabled && spec.castling.from_move > 1)
        return refuse("castling only from move " + std::to_string(spec.castling.from_move),
                      spec.castling_where);
    if (spec.castling.enabled && r.castling_rook_on_own_colour)
        return refuse("castling that needs the rook on a square of its own colour",
                      spec.castling_where);
    return {};
}

// One army of the pairing: its pieces (in the variant file's order) and their letters.
struct Side {
    const ArmySpec* army = nullptr;
    std::map<std::string, char> letter_of;
    std::vector<std::string> pieces;
};

// A piece type of the SjaakII variant.
struct Type {
    const PieceSpec* piece = nullptr;
    int sides = 0;  // 1 White's, 2 Black's, 3 both armies'
    char white_symbol = 'X', black_symbol = 'x', san = 'X';
    SjaakiiPieceMoves moves;
};

std::string capitalised(const std::string& name) {
    std::string out = name;
    if (!out.empty()) out[0] = upper_letter(out[0]);
    return out;
}

class VariantWriter {
  public:
    VariantWriter(const VariantSpec& spec, const Placement& start, std::array<Side, 2> sides)
        : spec_(spec), start_(start), sides_(std::move(sides)), zones_(start.files, start.ranks) {}

    Result<SjaakiiVariant> write(const std::string& name) {
        if (auto ok = lay_out_types(); !ok) return ok.error();
        if (auto ok = choose_letters(); !ok) return ok.error();
        std::string pieces;
        for (const Type& type : types_) {
            auto text = piece_text(type);
            if (!text) return text.error();
            pieces += *text + "\n";
        }
        auto fen = start_fen();
        if (!fen) return fen.error();
        std::vector<std::string> lines;
        for (const Type& type : types_) {
            lines.insert(lines.end(), type.moves.move.begin(), type.moves.move.end());
            lines.insert(lines.end(), type.moves.capture.begin(), type.moves.capture.end());
            if (type.moves.special)
                lines.insert(lines.end(), type.moves.special->lines.begin(),
                             type.moves.special->lines.end());
        }
        if (auto ok = check_sjaakii_tables(types_.size(), lines); !ok)
            return make_error("SjaakII cannot play " + sides_[0].army->name + " vs " +
                                  sides_[1].army->name + ": " + ok.error().message,
                              spec_.file);
        const std::string size = std::to_string(start_.files) + "x" + std::to_string(start_.ranks);
        SjaakiiVariant out;
        out.name = name;
        out.text = "Variant: " + name + " (" + size + ")\nBoard: " + size + "\nFEN: \"" + *fen +
                   "\"\n" + zones_.text() + "\n" + pieces + rules_text();
        out.promotion_letters = promotion_letters();
        return out;
    }

  private:
    const PieceSpec& piece(const std::string& name) const { return *find_piece(spec_, name); }

    // A piece is one type for both armies when both have it under the same letter and, for a
    // pawn, with the same promotion choices, themselves shared.
    bool shared(const std::string& name, const std::set<std::string>& shared_pieces) const {
        const auto& w = sides_[0].letter_of;
        const auto& b = sides_[1].letter_of;
        if (!w.contains(name) || !b.contains(name) || w.at(name) != b.at(name)) return false;
        if (piece(name).role != PieceRole::Pawn) return true;
        const auto& choices = sides_[0].army->promotions;
        if (choices != sides_[1].army->promotions) return false;
        return std::all_of(choices.begin(), choices.end(),
                           [&](const std::string& c) { return shared_pieces.contains(c); });
    }

    // White's own types, Black's own types, then the shared ones, each in the file's order.
    Result<void> lay_out_types() {
        std::set<std::string> shared_pieces;
        for (const bool pawns : {false, true})
            for (const auto& name : sides_[0].pieces)
                if ((piece(name).role == PieceRole::Pawn) == pawns && shared(name, shared_pieces))
                    shared_pieces.insert(name);
        for (const int bits : {1, 2, 3}) {
            const Side& side = sides_[bits == 2 ? 1 : 0];
            for (const auto& name : side.pieces) {
                if (shared_pieces.contains(name) != (bits == 3)) continue;
                Type type;
                type.piece = &piece(name);
                type.sides = bits;
                auto moves = sjaakii_piece_moves(*type.piece, start_.files, start_.ranks);
                if (!moves) return moves.error();
                type.moves = std::move(*moves);
                types_.push_back(std::move(type));
            }
        }
        // After every piece's moves, so that a piece SjaakII cannot move at all is named first.
        const bool ep_exists = std::any_of(
            types_.begin(), types_.end(), [](const Type& t) { return makes_ep_squares(*t.piece); });
        if (ep_exists)
            for (const Type& type : types_)
                if (auto ok = sjaakii_en_passant(*type.piece); !ok) return ok.error();
        return {};
    }

    // Our letters on the board; a spare letter, never ours in this pairing, for the colour a
    // type does not have: a letter of the piece's name where one is free.
    Result<void> choose_letters() {
        std::set<char> used;
        for (const auto& side : sides_)
            for (const auto& [letter, name] : side.army->letters) used.insert(upper_letter(letter));
        for (Type& type : types_) {
            const int own = type.sides == 2 ? 1 : 0;
            const char letter = upper_letter(sides_[own].letter_of.at(type.piece->name));
            char spare = letter;
            if (type.sides != 3) {
                std::string candidates;
                for (const char c : type.piece->name)
                    if (std::isalpha(static_cast<unsigned char>(c))) candidates += upper_letter(c);
                for (char c = 'A'; c <= 'Z'; ++c) candidates += c;
                const auto free = std::find_if(candidates.begin(), candidates.end(),
                                               [&](char c) { return !used.contains(c); });
                if (free == candidates.end())
                    return make_error("SjaakII letters: no spare letter left for piece '" +
                                          type.piece->name + "' (" + sides_[0].army->name + " vs " +
                                          sides_[1].army->name + ")",
                                      spec_.file);
                spare = *free;
                used.insert(spare);
            }
            type.white_symbol = type.sides == 2 ? spare : letter;
            type.black_symbol = lower_letter(type.sides == 1 ? spare : letter);
            type.san = type.piece->role == PieceRole::Pawn ? ' ' : spare;
        }
        return {};
    }

    const Type* type_of(const std::string& name, int colour) const {
        for (const Type& t : types_)
            if (t.piece->name == name && (t.sides & (1 << colour))) return &t;
        return nullptr;
    }

    // The ranks (absolute) a colour's special moves start from.
    std::set<int> special_ranks(const Type& type, int colour) const {
        std::set<int> ranks;
        if (!(type.sides & (1 << colour)) || !type.moves.special) return ranks;
        const SjaakiiSpecial& special = *type.moves.special;
        const auto absolute = [&](int r) { return colour == 0 ? r : start_.ranks - 1 - r; };
        if (!special.initial) {
            for (int r = special.from_first; r <= special.from_last; ++r) ranks.insert(absolute(r));
            return ranks;
        }
        const Side& side = sides_[colour];
        for (const auto& placed : start_.pieces) {
            if (placed.white() != (colour == 0)) continue;
            const auto it = side.army->letters.find(upper_letter(placed.letter));
            if (it != side.army->letters.end() && it->second == type.piece->name)
                ranks.insert(placed.rank);
        }
        return ranks;
    }

    Result<std::string> promotion_line(const Type& type) {
        const Side& side = sides_[type.sides == 2 ? 1 : 0];
        const auto& choices = side.army->promotions;
        if (choices.empty()) {
            if (spec_.rules.no_promotion_available == core::NoPromotionAvailable::StaysPawn)
                return std::string();
            return make_error("SjaakII cannot play army '" + side.army->name +
                                  "': its pawns have no promotion choice and may not enter "
                                  "the last rank (SjaakII lets them enter and stay)",
                              side.army->where);
        }
        std::string letters;
        for (const auto& choice : choices) {
            const Type* target = type_of(choice, type.sides == 2 ? 1 : 0);
            if (!target)
                return make_error("promotion choice '" + choice + "' is not a piece of army '" +
                                      side.army->name + "'",
                                  side.army->where);
            letters += target->white_symbol;
        }
        std::string line = "Promotion: " + zones_.of({start_.ranks - 1}) + ", " + zones_.of({0}) +
                           ", \"" + letters + "\"\n";
        if (type.moves.moves_from_last_rank) line += "Optional promotion: empty, empty\n";
        return line;
    }

    // Each army's castling on each wing, resolved as the rules resolve it (per army and per
    // wing); SjaakII's castling moves the rook beside the king's destination, so any other rook
    // square is refused.
    Result<std::string> castling_lines(const Type& type) {
        if (!spec_.castling.enabled || type.piece->role != PieceRole::King) return std::string();
        std::string lines;
        for (int colour = 0; colour < 2; ++colour) {
            if (!(type.sides & (1 << colour))) continue;
            const core::ArmySpec& army = *sides_[colour].army;
            const auto king = placed_piece(colour, type.piece->name);
            if (!king) continue;
            for (const int dir : {1, -1}) {
                const int corner = dir > 0 ? start_.files - 1 : 0;
                const auto partner = piece_at(colour, corner, king->second);
                if (!partner || *partner == type.piece->name) continue;
                const core::CastlingWing wing =
                    core::castling_wing(spec_, army, dir > 0 ? core::Kingside : core::Queenside);
                if (!wing.enabled) continue;
                const std::string where = !wing.rook.where.empty()
                                              ? wing.rook.where
                                              : where_of(spec_.castling_where, spec_);
                if (core::castling_from_move(spec_, army) > 1)
                    return make_error(
                        "SjaakII cannot castle only from a later move (army '" + army.name + "')",
                        where);
                const auto files = core::castling_files(wing, start_.files, king->second,
                                                        king->first, corner, where);
                if (!files) return files.error();
                if (files->rook != files->king - dir) {
                    const int travel = std::abs(files->king - king->first);
                    const std::string what =
                        wing.rook_to_file < 0
                            ? "castle a king " + std::to_string(travel) +
                                  " squares with the rook landing beside the king's start square"
                            : "play the castling of army '" + army.name + "' with the king to " +
                                  square_name(files->king, king->second) + " and the rook to " +
                                  square_name(files->rook, king->second);
                    return make_error("SjaakII cannot " + what +
                                          ": its castling puts the rook beside the king's "
                                          "destination",
                                      where);
                }
                lines += std::string("Castle: ") + (colour == 0 ? "white " : "black ") +
                         square_name(king->first, king->second) + "-" +
                         square_name(files->king, king->second) + " with " +
                         square_name(corner, king->second) + "\n";
                rights_ += colour == 0 ? (dir > 0 ? 'K' : 'Q') : (dir > 0 ? 'k' : 'q');
            }
        }
        return lines;
    }

    // Where a colour's `name` stands in the start array (the first one), as (file, rank).
    std::optional<std::pair<int, int>> placed_piece(int colour, const std::string& name) const {
        for (const auto& placed : start_.pieces) {
            if (placed.white() != (colour == 0)) continue;
            const auto it = sides_[colour].army->letters.find(upper_letter(placed.letter));
            if (it != sides_[colour].army->letters.end() && it->second == name)
                return std::pair{placed.file, placed.rank};
        }
        return std::nullopt;
    }

    std::optional<std::string> piece_at(int colour, int file, int rank) const {
        for (const auto& placed : start_.pieces) {
            if (placed.white() != (colour == 0) || placed.file != file || placed.rank != rank)
                continue;
            const auto it = sides_[colour].army->letters.find(upper_letter(placed.letter));
            if (it != sides_[colour].army->letters.end()) return it->second;
        }
        return std::nullopt;
    }

    Result<std::string> piece_text(const Type& type) {
        const PieceSpec& p = *type.piece;
        std::string out = "Piece: " + capitalised(p.name) +
                          (type.sides == 1   ? " (white)"
                           : type.sides == 2 ? " (black)"
                                             : "") +
                          "\n";
        for (const auto& line : type.moves.move) out += "Move: " + line + "\n";
        for (const auto& line : type.moves.capture) out += "Capture: " + line + "\n";
        if (type.moves.special) {
            const std::string zones =
                zones_.of(special_ranks(type, 0)) + ", " + zones_.of(special_ranks(type, 1));
            for (const auto& line : type.moves.special->lines)
                out += "Special: " + zones + ", " + line + "\n";
        }
        out += std::string("Symbol: \"") + type.san + "\", \"" + type.white_symbol + "," +
               type.black_symbol + "\"\n";
        std::vector<std::string> flags;
        if (p.role == PieceRole::King) flags.push_back("royal");
        if (type.moves.set_ep) flags.push_back("set_ep");
        if (type.moves.take_ep) flags.push_back("take_ep");
        if (!flags.empty()) {
            std::string joined;
            for (const auto& f : flags) joined += (joined.empty() ? "" : ",") + f;
            out += "Flags: " + joined + "\n";
        }
        if (p.role == PieceRole::Pawn) {
            auto line = promotion_line(type);
            if (!line) return line.error();
            out += *line;
        }
        if (p.role != PieceRole::King)
            out += "Value: " +
                   std::to_string(std::lround(p.value * core::centipawns_per_unit(spec_))) + "\n";
        auto castling = castling_lines(type);
        if (!castling) return castling.error();
        return out + *castling;
    }

    // The start position in our letters (SjaakII's on the board), with the castling rights of
    // the castling written; no move counters, as SjaakII's own files.
    Result<std::string> start_fen() const {
        std::vector<std::string> fields;
        std::string word;
        for (const char c : spec_.start_fen + " ") {
            if (c != ' ') {
                word += c;
            } else if (!word.empty()) {
                fields.push_back(word);
                word.clear();
            }
        }
        if (fields.size() < 2)
            return make_error("start position without a side to move",
                              where_of(spec_.start_fen_where, spec_));
        std::string rights;
        const std::string given = fields.size() > 2 ? fields[2] : "-";
        for (const char c : given)
            if (rights_.find(c) != std::string::npos) rights += c;
        return fields[0] + " " + fields[1] + " " + (rights.empty() ? "-" : rights) + " " +
               (fields.size() > 3 ? fields[3] : "-");
    }

    std::string rules_text() const {
        const auto& r = spec_.rules;
        std::string out = "Rule: checkmate = win\n";
        out += std::string("Rule: stalemate = ") +
               (r.stalemate == core::StalemateResult::WinForStalemater ? "win" : "draw") + "\n";
        out += "Rule: repeat" + std::to_string(r.repetition_count) + " = draw\n";
        // SjaakII's default is 50 moves.
        if (r.fifty_move_plies != 100)
            out += "Rule: movecountdraw = " + std::to_string(r.fifty_move_plies / 2) + "\n";
        return out;
    }

    std::array<std::map<char, char>, 2> promotion_letters() const {
        std::array<std::map<char, char>, 2> out;
        for (int colour = 0; colour < 2; ++colour)
            for (const auto& choice : sides_[colour].army->promotions) {
                const Type* t = type_of(choice, colour);
                const auto letter = sides_[colour].letter_of.find(choice);
                if (!t || letter == sides_[colour].letter_of.end()) continue;
                const char ours = lower_letter(letter->second);
                if (lower_letter(t->san) != ours) out[colour][ours] = lower_letter(t->san);
            }
        return out;
    }

    const VariantSpec& spec_;
    const Placement& start_;
    std::array<Side, 2> sides_;
    SjaakiiZones zones_;
    std::vector<Type> types_;
    std::string rights_;  // castling rights of the castling written: KQkq
};

Result<Side> read_side(const VariantSpec& spec, const std::string& army_name) {
    Side side;
    side.army = find_army(spec, army_name);
    if (!side.army) return make_error("unknown army '" + army_name + "'", spec.file);
    for (const auto& [letter, piece] : side.army->letters) side.letter_of[piece] = letter;
    for (const auto& p : spec.pieces)
        if (side.letter_of.contains(p.name)) side.pieces.push_back(p.name);
    return side;
}

}  // namespace

std::string sjaakii_variant_name(const std::string& white, const std::string& black) {
    return white + "-" + black;
}

Result<SjaakiiVariant> sjaakii_variant(const VariantSpec& spec, const std::string& white_army,
                                       const std::string& black_army) {
    if (auto ok = check_rules(spec); !ok) return ok.error();
    auto start = parse_placement(spec.start_fen);
    if (!start)
        return make_error("start position: " + start.error().message,
                          where_of(spec.start_fen_where, spec));
    if (start->files > kMaxSide || start->ranks > kMaxSide ||
        start->files * start->ranks > kMaxSquares)
        return make_error("SjaakII's boards have at most 15 files and ranks and 127 squares",
                          where_of(spec.board_where, spec));
    std::array<Side, 2> sides;
    for (int s = 0; s < 2; ++s) {
        auto side = read_side(spec, s == 0 ? white_army : black_army);
        if (!side) return side.error();
        sides[s] = std::move(*side);
    }
    VariantWriter writer(spec, *start, std::move(sides));
    return writer.write(sjaakii_variant_name(white_army, black_army));
}

Result<std::string> sjaakii_definitions(
    const VariantSpec& spec, const std::vector<std::pair<std::string, std::string>>& pairings) {
    std::string text = "# SjaakII definitions written by Balance from the variant file of '" +
                       spec.name +
                       "' (players/external/sjaakii_definitions.hpp); one variant per army "
                       "pairing.\n";
    for (const auto& [white, black] : pairings) {
        auto variant = sjaakii_variant(spec, white, black);
        if (!variant) return variant.error();
        text += "\n# " + spec.name + ": " + white + " (White) against " + black + " (Black)\n" +
                variant->text;
    }
    return text;
}

}  // namespace balance::players::external
