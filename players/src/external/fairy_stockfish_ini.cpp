#include "balance/players/external/fairy_stockfish_ini.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "balance/core/army_lookup.hpp"
#include "balance/core/castling.hpp"
#include "balance/core/value_unit.hpp"
#include "external/definitions_files.hpp"
#include "external/xboard_protocol.hpp"

namespace balance::players::external {

namespace {

using core::ArmySpec;
using core::PieceRole;
using core::PieceSpec;
using core::VariantSpec;

// The largest board of Fairy-Stockfish's large-board build (the WebAssembly package's).
constexpr int kMaxFiles = 12;
constexpr int kMaxRanks = 10;
constexpr int kCustomSlots = 25;
// Fairy-Stockfish's pawn values (midgame, endgame), the scale of its piece values.
constexpr int kPawnValueMg = 126;
constexpr int kPawnValueEg = 208;

std::string where_of(const std::string& where, const VariantSpec& spec) {
    return where.empty() ? spec.file : where;
}

Error refusal(const VariantSpec& spec, const std::string& what, const std::string& where = {}) {
    return Error{"Fairy-Stockfish cannot play variant '" + spec.name + "': " + what,
                 where_of(where, spec)};
}

Result<void> check_rules(const VariantSpec& spec) {
    const auto& r = spec.rules;
    if (r.anti_relay.enabled) return refusal(spec, "anti-relay move rights");
    if (r.self_capture) return refusal(spec, "self-capture (it has no such rule)");
    if (r.promote_to_captured) return refusal(spec, "promotion to captured units only");
    if (r.free_placement) return refusal(spec, "free placement of the back ranks");
    if (r.repetition_count == 0)
        return refusal(spec, "a game without the repetition draw (repetition_count = 0)");
    if (r.fifty_move_plies % 2 != 0)
        return refusal(spec, "a move-count draw after an odd number of plies (it counts moves)");
    if (spec.castling.enabled && spec.castling.from_move > 1)
        return refusal(spec,
                       "castling only from move " + std::to_string(spec.castling.from_move) +
                           " (it has no such rule)",
                       spec.castling_where);
    if (spec.castling.enabled && r.castling_rook_on_own_colour)
        return refusal(spec, "castling that needs the rook on a square of its own colour",
                       spec.castling_where);
    if (spec.files > kMaxFiles || spec.ranks > kMaxRanks)
        return refusal(spec,
                       "a board of " + std::to_string(spec.files) + " x " +
                           std::to_string(spec.ranks) + " (at most 12 x 10)",
                       spec.board_where);
    return {};
}

// Fairy-Stockfish's built-in piece types whose Betza is ours letter for letter.
const std::map<std::string, std::string>& built_in_types() {
    static const std::map<std::string, std::string> types = {
        {"N", "knight"},       {"B", "bishop"},       {"R", "rook"},        {"Q", "queen"},
        {"BN", "archbishop"},  {"NB", "archbishop"},  {"RN", "chancellor"}, {"NR", "chancellor"},
        {"QN", "amazon"},      {"NQ", "amazon"},      {"F", "fers"},        {"A", "alfil"},
        {"FA", "fersAlfil"},   {"AF", "fersAlfil"},   {"W", "wazir"},       {"K", "commoner"},
        {"BW", "dragonHorse"}, {"WB", "dragonHorse"}, {"RF", "bers"},       {"FR", "bers"},
        {"KN", "centaur"},     {"NK", "centaur"},
    };
    return types;
}

// The Betza of a piece as Fairy-Stockfish reads it, or the reason it cannot. Its parser reads
// some modifiers it does not play as others (multi-leg `a` and ski `j` are dropped without a
// word), so only what it plays is passed: atoms, ranges, m, c and directions; n before a leaper
// (lame leaps) is passed too, and the verification decides.
Result<std::string> custom_betza(const VariantSpec& spec, const PieceSpec& piece) {
    const auto refuse = [&](const std::string& what) -> Error {
        return refusal(spec, "piece '" + piece.name + "' (" + piece.betza + "): " + what,
                       piece.where);
    };
    if (!piece.betza_own_colour.empty() || !piece.betza_other_colour.empty())
        return refuse("moves that depend on the square's colour");
    if (!piece.ranked.empty()) return refuse("moves limited to some ranks");
    static const std::map<char, std::string> modifiers = {
        {'a', "multi-leg moves (a): it reads them as their first leg"},
        {'j', "ski-slides (j): it reads them as plain slides"},
        {'i', "initial moves (i) of a piece"},
        {'e', "en passant captures (e) by a piece"},
        {'p', "hoppers (p)"},
        {'g', "grasshoppers (g)"},
        {'h', "half-direction modifiers (h)"},
        {'o', "cylinder moves (o)"},
    };
    const std::string allowed_lower = "mcfbsvlrn";
    const std::string atoms = "WFDANHCZGKRBQLJ";
    for (const char c : piece.betza) {
        if (std::isdigit(static_cast<unsigned char>(c)) || atoms.find(c) != std::string::npos ||
            allowed_lower.find(c) != std::string::npos)
            continue;
        if (const auto it = modifiers.find(c); it != modifiers.end()) return refuse(it->second);
        return refuse(std::string("the Betza modifier '") + c + "'");
    }
    if (piece.betza.empty()) return refuse("no moves");
    return piece.betza;
}

// The orthodox pawn and its double-step variants: the ranks (from the mover's side, 1 = its
// first) a double step may start from, empty for none.
struct PawnRules {
    std::set<int> double_step_ranks;
    bool ep = true;
};

Result<PawnRules> pawn_rules(const VariantSpec& spec, const PieceSpec& piece) {
    const auto refuse = [&](const std::string& what) -> Error {
        return refusal(spec, "pawn '" + piece.name + "' (" + piece.betza + "): " + what,
                       piece.where);
    };
    if (!piece.betza_own_colour.empty() || !piece.betza_other_colour.empty())
        return refuse("moves that depend on the square's colour");
    std::string rest = piece.betza;
    PawnRules out;
    if (rest.rfind("fmWfceF", 0) == 0) {
        rest = rest.substr(7);
    } else if (rest.rfind("fmWfcF", 0) == 0) {
        rest = rest.substr(6);
        out.ep = false;
    } else {
        return refuse("a pawn other than the orthodox one (fmWfceF, with or without double steps)");
    }
    if (rest == "ifmnD") {
        out.double_step_ranks = {2};
    } else if (rest == "fmnD") {
        for (int r = 1; r <= spec.ranks; ++r) out.double_step_ranks.insert(r);
    } else if (!rest.empty()) {
        return refuse("the pawn move '" + rest + "' (only a lame double step fmnD, ifmnD)");
    }
    for (const auto& ranked : piece.ranked) {
        const int last = ranked.from_last == 0 ? spec.ranks : ranked.from_last;
        const bool any_destination =
            ranked.to_first <= 1 && (ranked.to_last == 0 || ranked.to_last >= spec.ranks);
        if (ranked.betza != "fmnD" || !any_destination)
            return Error{"Fairy-Stockfish cannot play variant '" + spec.name + "': pawn '" +
                             piece.name + "' moves '" + ranked.betza +
                             "' within ranks (only a lame double step fmnD from some ranks)",
                         where_of(ranked.where, spec)};
        for (int r = ranked.from_first; r <= last; ++r) out.double_step_ranks.insert(r);
    }
    if (!out.double_step_ranks.empty() && !out.ep)
        return refuse("double steps without en passant captures");
    return out;
}

std::string file_name(int file) {
    return std::string(1, static_cast<char>('a' + file));
}

std::string ranks_region(const std::set<int>& ranks) {
    std::string out;
    for (const int r : ranks) out += (out.empty() ? "*" : " *") + std::to_string(r);
    return out.empty() ? "-" : out;
}

class IniWriter {
  public:
    IniWriter(const VariantSpec& spec, const Placement& start,
              std::array<const ArmySpec*, 2> armies)
        : spec_(spec), start_(start), armies_(armies) {}

    Result<FairyStockfishVariant> write(const std::string& name) {
        if (auto ok = check_pieces(); !ok) return ok.error();
        if (auto ok = choose_letters(); !ok) return ok.error();
        std::ostringstream out;
        out << "[" << name << "]\n";
        out << "maxFile = " << spec_.files << "\n";
        out << "maxRank = " << spec_.ranks << "\n";
        auto pieces = piece_lines();
        if (!pieces) return pieces.error();
        out << *pieces;
        auto castling = castling_lines();
        if (!castling) return castling.error();
        out << "startFen = " << start_fen() << "\n";
        auto promotion = promotion_lines();
        if (!promotion) return promotion.error();
        out << *promotion << *castling;
        const auto& r = spec_.rules;
        // The value for the side to move when it is stalemated.
        out << "stalemateValue = " << (r.stalemate == core::StalemateResult::Draw ? "draw" : "loss")
            << "\n";
        out << "nMoveRule = " << r.fifty_move_plies / 2 << "\n";
        out << "nFoldRule = " << r.repetition_count << "\n";
        FairyStockfishVariant variant;
        variant.name = name;
        variant.text = out.str();
        for (const auto& [letter, piece] : piece_of_) variant.letters[piece] = lower_letter(letter);
        return variant;
    }

  private:
    // A piece's moves it cannot play are named before anything else: they are what rules out an
    // army (the Asymmetric Unicorn's multi-leg move rather than the letters or the Sprite's A).
    Result<void> check_pieces() const {
        for (const PieceSpec& piece : spec_.pieces) {
            const bool in_pairing = std::any_of(armies_.begin(), armies_.end(), [&](const auto* a) {
                return std::any_of(a->letters.begin(), a->letters.end(),
                                   [&](const auto& entry) { return entry.second == piece.name; });
            });
            if (in_pairing && piece.role == PieceRole::Normal &&
                !built_in_types().contains(piece.betza))
                if (auto betza = custom_betza(spec_, piece); !betza) return betza.error();
        }
        return {};
    }

    // A letter names one piece in both armies.
    Result<void> choose_letters() {
        for (int side = 0; side < 2; ++side)
            for (const auto& [letter, piece] : armies_[side]->letters) {
                const auto [it, fresh] = piece_of_.emplace(letter, piece);
                if (!fresh && it->second != piece)
                    return refusal(spec_,
                                   std::string("letter ") + letter + " is the " + it->second +
                                       " of army '" + armies_[0]->name + "' and the " + piece +
                                       " of army '" + armies_[1]->name +
                                       "' (it gives a letter to one piece type)",
                                   armies_[1]->where);
            }
        return {};
    }

    Result<std::string> piece_lines() {
        std::string lines;
        std::set<std::string> built_ins_used;
        int slot = 0;
        std::string values_mg, values_eg;
        const double centipawns = core::centipawns_per_unit(spec_);
        bool has_pawn = false, has_king = false;
        // Pieces in the variant file's order, so the same spec writes the same text.
        for (const PieceSpec& piece : spec_.pieces) {
            const auto letter_it =
                std::find_if(piece_of_.begin(), piece_of_.end(),
                             [&](const auto& entry) { return entry.second == piece.name; });
            if (letter_it == piece_of_.end()) continue;
            const char letter = lower_letter(letter_it->first);
            if (piece.role == PieceRole::Pawn) {
                if (has_pawn)
                    return refusal(spec_, "two kinds of pawns (it has one pawn type)", piece.where);
                has_pawn = true;
                auto rules = pawn_rules(spec_, piece);
                if (!rules) return rules.error();
                pawn_ = *rules;
                pawn_letter_ = letter;
                lines += std::string("pawn = ") + letter + "\n";
                continue;
            }
            if (piece.role == PieceRole::King) {
                if (has_king)
                    return refusal(spec_, "two kinds of royal pieces (it has one king type)",
                                   piece.where);
                has_king = true;
                king_letter_ = letter;
                if (piece.betza == "K" && piece.ranked.empty() && piece.betza_own_colour.empty()) {
                    lines += std::string("king = ") + letter + "\n";
                } else {
                    auto betza = custom_betza(spec_, piece);
                    if (!betza) return betza.error();
                    lines += std::string("king = ") + letter + ":" + *betza + "\n";
                }
                continue;
            }
            const auto built_in = built_in_types().find(piece.betza);
            if (piece.ranked.empty() && piece.betza_own_colour.empty() &&
                built_in != built_in_types().end() &&
                built_ins_used.insert(built_in->second).second) {
                lines += built_in->second + " = " + letter + "\n";
                continue;
            }
            auto betza = custom_betza(spec_, piece);
            if (!betza) return betza.error();
            if (++slot > kCustomSlots)
                return refusal(spec_, "more than 25 pieces of its own (piece '" + piece.name + "')",
                               piece.where);
            lines += "customPiece" + std::to_string(slot) + " = " + letter + ":" + *betza + "\n";
            // Its evaluation has no value of its own for a custom piece: ours, on its scale.
            const double pawns = piece.value * centipawns / 100.0;
            if (pawns > 0) {
                values_mg += std::string(values_mg.empty() ? "" : " ") + letter + ":" +
                             std::to_string(std::lround(pawns * kPawnValueMg));
                values_eg += std::string(values_eg.empty() ? "" : " ") + letter + ":" +
                             std::to_string(std::lround(pawns * kPawnValueEg));
            }
        }
        if (!has_king)
            return refusal(spec_, "armies without a royal piece (" + armies_[0]->name + " vs " +
                                      armies_[1]->name + ")");
        if (!values_mg.empty())
            lines += "pieceValueMg = " + values_mg + "\npieceValueEg = " + values_eg + "\n";
        return lines;
    }

    Result<std::string> promotion_lines() {
        if (!pawn_letter_) return std::string("promotionPieceTypes = -\n");
        std::string out = "promotionRegionWhite = *" + std::to_string(spec_.ranks) +
                          "\npromotionRegionBlack = *1\n";
        for (int side = 0; side < 2; ++side) {
            const ArmySpec& army = *armies_[side];
            std::string letters;
            for (const auto& choice : army.promotions) {
                const auto it =
                    std::find_if(army.letters.begin(), army.letters.end(),
                                 [&](const auto& entry) { return entry.second == choice; });
                if (it == army.letters.end())
                    return refusal(spec_,
                                   "promotion choice '" + choice + "' is not a piece of army '" +
                                       army.name + "'",
                                   army.where);
                letters += lower_letter(it->first);
            }
            if (letters.empty())
                return refusal(spec_,
                               "army '" + army.name +
                                   "': its pawns have no promotion choice (it lets them stay)",
                               army.where);
            out += std::string("promotionPieceTypes") + (side == 0 ? "White" : "Black") + " = " +
                   letters + "\n";
        }
        std::set<int> white = pawn_.double_step_ranks, black;
        for (const int r : white) black.insert(spec_.ranks + 1 - r);
        if (white.empty()) {
            out += "doubleStep = false\n";
        } else {
            out += "doubleStep = true\ndoubleStepRegionWhite = " + ranks_region(white) +
                   "\ndoubleStepRegionBlack = " + ranks_region(black) + "\n";
        }
        return out;
    }

    std::optional<std::string> piece_at(int colour, int file, int rank) const {
        for (const auto& placed : start_.pieces) {
            if (placed.white() != (colour == 0) || placed.file != file || placed.rank != rank)
                continue;
            const auto it = armies_[colour]->letters.find(upper_letter(placed.letter));
            if (it != armies_[colour]->letters.end()) return it->second;
        }
        return std::nullopt;
    }

    std::optional<std::pair<int, int>> king_square(int colour) const {
        for (const auto& placed : start_.pieces) {
            if (placed.white() != (colour == 0)) continue;
            if (lower_letter(placed.letter) == king_letter_)
                return std::pair{placed.file, placed.rank};
        }
        return std::nullopt;
    }

    // Castling as ours: per colour and wing, the king's and the rook's destinations; both colours
    // alike (its castling keys are one set for both), the rook beside the king's destination.
    Result<std::string> castling_lines() {
        if (!spec_.castling.enabled) {
            rights_ = "-";
            return std::string("castling = false\n");
        }
        // Per wing (0 kingside, 1 queenside): the king's file, its destination, the rook's file.
        struct Wing {
            int king = -1, king_to = -1, rook = -1;
            std::string partner;
        };
        std::array<std::optional<Wing>, 2> wings;
        std::set<std::string> partners;
        for (int colour = 0; colour < 2; ++colour) {
            const ArmySpec& army = *armies_[colour];
            const auto king = king_square(colour);
            const int home = colour == 0 ? 0 : start_.ranks - 1;
            for (const int wing_index : {core::Kingside, core::Queenside}) {
                const int dir = wing_index == core::Kingside ? 1 : -1;
                const int corner = dir > 0 ? start_.files - 1 : 0;
                const core::CastlingWing wing = core::castling_wing(spec_, army, wing_index);
                const std::string where =
                    !wing.rook.where.empty() ? wing.rook.where : spec_.castling_where;
                std::optional<Wing> found;
                if (wing.enabled && king && king->second == home) {
                    const auto partner = piece_at(colour, corner, home);
                    if (partner && *partner != find_piece_name(king_letter_)) {
                        const auto files = core::castling_files(wing, start_.files, home,
                                                                king->first, corner, where);
                        if (!files) return files.error();
                        if (files->rook != files->king - dir)
                            return refusal(
                                spec_,
                                "castling of army '" + army.name + "' with the king to " +
                                    square_name(files->king, home) + " and the rook to " +
                                    square_name(files->rook, home) +
                                    " (its castling puts the rook beside the king's destination)",
                                where);
                        found = Wing{king->first, files->king, corner, *partner};
                        rights_ += colour == 0 ? (dir > 0 ? 'K' : 'Q') : (dir > 0 ? 'k' : 'q');
                    }
                }
                if (colour == 0) {
                    wings[wing_index] = found;
                } else if (found.has_value() != wings[wing_index].has_value() ||
                           (found && (found->king != wings[wing_index]->king ||
                                      found->king_to != wings[wing_index]->king_to))) {
                    return refusal(spec_,
                                   "castling that differs between White's and Black's " +
                                       std::string(dir > 0 ? "king" : "queen") +
                                       "side (its castling is one for both colours)",
                                   where);
                }
                if (found) partners.insert(found->partner);
            }
        }
        if (rights_.empty()) rights_ = "-";
        if (!wings[0] && !wings[1]) return std::string("castling = false\n");
        const Wing& any = wings[0] ? *wings[0] : *wings[1];
        std::string out =
            "castling = true\ncastlingRank = 1\ncastlingKingFile = " + file_name(any.king) + "\n";
        // Its defaults where a wing cannot castle: those moves never arise without the rights.
        if (wings[0])
            out += "castlingKingsideFile = " + file_name(wings[0]->king_to) +
                   "\ncastlingRookKingsideFile = " + file_name(wings[0]->rook) + "\n";
        if (wings[1])
            out += "castlingQueensideFile = " + file_name(wings[1]->king_to) +
                   "\ncastlingRookQueensideFile = " + file_name(wings[1]->rook) + "\n";
        std::string letters;
        for (const auto& partner : partners)
            for (const auto& [letter, piece] : piece_of_)
                if (piece == partner) letters += lower_letter(letter);
        out += std::string("castlingKingPiece = ") + king_letter_ +
               "\ncastlingRookPieces = " + letters + "\n";
        return out;
    }

    std::string find_piece_name(char letter) const {
        const auto it = piece_of_.find(upper_letter(letter));
        return it == piece_of_.end() ? std::string() : it->second;
    }

    // The variant's start position with the castling rights of the castling written.
    std::string start_fen() const {
        std::istringstream in(spec_.start_fen);
        std::string board, side = "w", rights, ep = "-", halfmove = "0", fullmove = "1";
        in >> board >> side >> rights >> ep >> halfmove >> fullmove;
        return board + " " + side + " " + rights_ + " " + ep + " " + halfmove + " " + fullmove;
    }

    const VariantSpec& spec_;
    const Placement& start_;
    std::array<const ArmySpec*, 2> armies_;
    std::map<char, std::string> piece_of_;  // upper-case letter -> piece name
    PawnRules pawn_;
    std::optional<char> pawn_letter_;
    char king_letter_ = 'k';
    std::string rights_;
};

}  // namespace

std::string fairy_stockfish_variant_name(const std::string& white, const std::string& black) {
    return "balance-" + white + "-" + black;
}

Result<FairyStockfishVariant> fairy_stockfish_variant(const VariantSpec& spec,
                                                      const std::string& white_army,
                                                      const std::string& black_army) {
    if (auto ok = check_rules(spec); !ok) return ok.error();
    const ArmySpec* white = core::find_army(spec.armies, white_army);
    const ArmySpec* black = core::find_army(spec.armies, black_army);
    if (!white || !black)
        return make_error(
            "Fairy-Stockfish: unknown army '" + (white ? black_army : white_army) + "'", spec.file);
    const std::string board = spec.start_fen.substr(0, spec.start_fen.find(' '));
    auto start = parse_placement(board);
    if (!start) return start.error();
    IniWriter writer(spec, *start, {white, black});
    return writer.write(fairy_stockfish_variant_name(white->name, black->name));
}

Result<FairyStockfishVariant> fairy_stockfish_rules_variant(const VariantSpec& spec,
                                                            const std::string& white_army,
                                                            const std::string& black_army) {
    auto variant = fairy_stockfish_variant(spec, white_army, black_army);
    if (!variant) return variant.error();
    const std::string name = variant->name + "-" + text_hash(variant->text).substr(0, 8);
    const std::string header = "[" + variant->name + "]";
    if (const auto at = variant->text.find(header); at != std::string::npos)
        variant->text.replace(at, header.size(), "[" + name + "]");
    variant->name = name;
    return variant;
}

}  // namespace balance::players::external
