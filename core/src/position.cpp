// Position: FEN, make/unmake, attacks, repetition and material draws.

#include "balance/core/position.hpp"
#include "balance/core/army_lookup.hpp"
#include "balance/core/debug_assert.hpp"

#include "fen_board.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

namespace balance::core {

std::string square_name(int files, Square s) {
    return std::string(1, static_cast<char>('a' + s % files)) + std::to_string(s / files + 1);
}

Square parse_square(int files, int ranks, std::string_view text) {
    if (text.size() < 2 || text[0] < 'a' || text[0] >= 'a' + files) return NoSquare;
    int rank = 0;
    for (size_t i = 1; i < text.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return NoSquare;
        rank = rank * 10 + (text[i] - '0');
        if (rank > ranks) return NoSquare;  // also keeps a long digit run from overflowing
    }
    if (rank < 1 || rank > ranks) return NoSquare;
    return (rank - 1) * files + (text[0] - 'a');
}

template <Bitboard BB>
Position<BB>::Position(RulesPtr rules) : rules_(std::move(rules)) {
    history_.reserve(256);
    lost_history_.reserve(rules_->position_dependent_rights ? 256 : 0);
    auto ok = parse(rules_->start_fen);
    (void)ok;  // the start FEN was validated by Rules::compile and validate()
}

template <Bitboard BB>
Result<Position<BB>> Position<BB>::from_fen(RulesPtr rules, std::string_view fen) {
    Position<BB> pos(rules);
    auto ok = pos.parse(fen);
    if (!ok) return Error{ok.error().message, "FEN '" + std::string(fen) + "'"};
    return pos;
}

template <Bitboard BB>
void Position<BB>::put(PieceCode p, Square s) {
    board_[s] = p;
    const BB bit = square_bb<BB>(s);
    by_type_[type_of(p)] |= bit;
    by_color_[index(color_of(p))] |= bit;
    key_ ^= rules_->zobrist.piece_square[static_cast<size_t>(p) * rules_->squares + s];
}

template <Bitboard BB>
void Position<BB>::remove(Square s) {
    const PieceCode p = board_[s];
    const BB bit = square_bb<BB>(s);
    by_type_[type_of(p)] ^= bit;
    by_color_[index(color_of(p))] ^= bit;
    board_[s] = NoPiece;
    key_ ^= rules_->zobrist.piece_square[static_cast<size_t>(p) * rules_->squares + s];
}

namespace {
std::vector<std::string> split(std::string_view s) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ') ++i;
        if (i >= s.size()) break;
        if (s[i] == '{') {  // army metadata runs to the closing brace
            const size_t close = s.find('}', i);
            const size_t end = close == std::string_view::npos ? s.size() : close + 1;
            out.emplace_back(s.substr(i, end - i));
            i = end;
            continue;
        }
        const size_t start = i;
        while (i < s.size() && s[i] != ' ') ++i;
        out.emplace_back(s.substr(start, i - start));
    }
    return out;
}

// A FEN move counter: decimal digits only, at most `max` (refuses "-3", "+1", "1e3",
// "99999999999").
std::optional<int> read_counter(std::string_view text, int max) {
    if (text.empty() || text.size() > 9) return std::nullopt;
    int value = 0;
    for (char ch : text) {
        if (ch < '0' || ch > '9') return std::nullopt;
        value = value * 10 + (ch - '0');
    }
    if (value > max) return std::nullopt;
    return value;
}

std::string lower(std::string s) {
    for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}
}  // namespace

// Reading a FEN, stage by stage: each stage reads one field, or checks what the earlier ones
// read, and names what it found wrong.
template <Bitboard BB>
Result<void> Position<BB>::parse(std::string_view fen) {
    clear();
    auto fields = split(fen);
    if (fields.empty()) return make_error("empty FEN");
    if (auto ok = take_army_metadata(fields); !ok) return ok;
    if (auto ok = check_field_count(fields); !ok) return ok;
    if (auto ok = read_board(fields[0]); !ok) return ok;
    if (auto ok = check_kings_and_pawns(); !ok) return ok;
    if (auto ok = read_side_to_move(fields[1]); !ok) return ok;
    if (auto ok = read_castling(fields.size() > 2 ? fields[2] : "-"); !ok) return ok;
    if (auto ok = read_en_passant(fields.size() > 3 ? fields[3] : "-"); !ok) return ok;
    if (auto ok = read_clocks(fields); !ok) return ok;
    lost_ = compute_lost(*rules_, by_type_.data(), by_color_.data());
    return check_side_not_to_move_safe();
}

template <Bitboard BB>
void Position<BB>::clear() {
    by_type_.fill(BB{});
    by_color_.fill(BB{});
    board_.fill(NoPiece);
    for (auto& h : hand_) h.fill(0);
    hand_total_ = {0, 0};
    history_.clear();
    lost_history_.clear();
    key_ = 0;
    ep_square_ = ep_victim_ = NoSquare;
    castling_ = 0;
}

// Army metadata (`{W:elves B:orcs}`), if present, must name this pairing; it is taken off the
// fields.
template <Bitboard BB>
Result<void> Position<BB>::take_army_metadata(std::vector<std::string>& fields) const {
    const Rules<BB>& r = *rules_;
    if (fields.back().front() == '{') {
        if (fields.back().back() != '}')
            return make_error("army metadata '" + fields.back() + "' has no closing '}'");
        std::string meta = fields.back().substr(1, fields.back().size() - 2);
        fields.pop_back();
        for (auto& token : split(meta)) {
            const auto colon = token.find(':');
            if (colon == std::string::npos)
                return make_error("army metadata '" + token + "' is not W:army or B:army");
            const std::string side = lower(token.substr(0, colon)),
                              army = lower(token.substr(colon + 1));
            const int c = side == "w" ? 0 : side == "b" ? 1 : -1;
            if (c < 0) return make_error("army metadata '" + token + "' must start with W: or B:");
            const ArmySpec* named = find_army(r.spec().armies, army);
            if (!named || named->name != r.armies[c].name)
                return make_error("FEN names army '" + token.substr(colon + 1) + "' for " +
                                  (c ? "Black" : "White") + " but the game is " + r.armies[0].name +
                                  " vs " + r.armies[1].name);
        }
    }
    return {};
}

// Board, side, castling, e.p., halfmove clock, fullmove number: anything after them (army
// metadata aside) is refused rather than ignored, so a mistyped line is not read as another.
template <Bitboard BB>
Result<void> Position<BB>::check_field_count(const std::vector<std::string>& fields) const {
    if (fields.size() < 2) return make_error("FEN needs at least the board and the side to move");
    if (fields.size() > 6) {
        std::string extra;
        for (std::size_t i = 6; i < fields.size(); ++i) {
            const bool metadata = fields[i].front() == '{' && fields[i].back() == '}';
            if (!metadata) extra += (extra.empty() ? "" : " ") + fields[i];
        }
        return make_error("unexpected '" + extra +
                          "' after the FEN's six fields (board, side to move, castling, e.p. "
                          "square, halfmove clock, fullmove number)");
    }
    return {};
}

// The board field, with an optional [hand] suffix (pieces not yet placed).
template <Bitboard BB>
Result<void> Position<BB>::read_board(std::string_view field) {
    const Rules<BB>& r = *rules_;
    std::string board(field);
    std::string hand;
    if (const auto open = board.find('['); open != std::string::npos) {
        const auto close = board.find(']', open);
        if (close == std::string::npos) return make_error("unterminated [hand] in the board field");
        hand = board.substr(open + 1, close - open - 1);
        board = board.substr(0, open);
    }
    auto placed = read_fen_board(board, r.files, r.ranks);
    if (!placed) return placed.error();
    for (const PlacedLetter& p : *placed) {
        const PieceType t = r.armies[index(p.color)].type_of_letter(p.letter);
        if (t == NoPieceType)
            return make_error(std::string("piece letter '") + p.letter + "' is not in " +
                              (p.color == Color::White ? "White" : "Black") + "'s army '" +
                              r.armies[index(p.color)].name + "'");
        put(make_piece(p.color, t), p.square);
    }
    for (char ch : hand) {
        const Color c = std::isupper(static_cast<unsigned char>(ch)) ? Color::White : Color::Black;
        const PieceType t = r.armies[index(c)].type_of_letter(ch);
        if (t == NoPieceType)
            return make_error(std::string("hand letter '") + ch + "' is not in the army");
        constexpr int kMaxInHand = 16;
        if (hand_[index(c)][t] >= kMaxInHand)  // the Zobrist table has one key per count
            return make_error(std::string("more than ") + std::to_string(kMaxInHand) + " '" + ch +
                              "' in hand");
        key_ ^= r.zobrist.hand[(index(c) * MaxPieceTypes + t) * 17 + hand_[index(c)][t]];
        ++hand_[index(c)][t];
        ++hand_total_[index(c)];
        key_ ^= r.zobrist.hand[(index(c) * MaxPieceTypes + t) * 17 + hand_[index(c)][t]];
    }
    return {};
}

// One king a side (on the board or in hand), and no pawn on its promotion rank unless the
// rules let it stay a pawn there.
template <Bitboard BB>
Result<void> Position<BB>::check_kings_and_pawns() const {
    const Rules<BB>& r = *rules_;
    for (int c = 0; c < 2; ++c) {
        const int kings = popcount(pieces(Color(c), r.king_type[c])) + hand_[c][r.king_type[c]];
        if (kings != 1)
            return make_error(std::string(c ? "Black" : "White") +
                              " must have exactly one king, has " + std::to_string(kings));
        if (pieces(Color(c)) & r.promotion_zone[c]) {
            BB pawns{};
            for (PieceType t : r.armies[c].types)
                if (r.pieces[t].role == PieceRole::Pawn) pawns |= pieces(Color(c), t);
            if ((pawns & r.promotion_zone[c]) &&
                r.game.no_promotion_available != NoPromotionAvailable::StaysPawn)
                return make_error("a pawn stands on its promotion rank");
        }
    }
    return {};
}

template <Bitboard BB>
Result<void> Position<BB>::read_side_to_move(std::string_view field) {
    if (field == "w")
        stm_ = Color::White;
    else if (field == "b")
        stm_ = Color::Black;
    else
        return make_error("side to move must be 'w' or 'b', not '" + std::string(field) + "'");
    if (stm_ == Color::Black) key_ ^= rules_->zobrist.side;
    return {};
}

// Castling rights: KQkq relative to the compiled castling geometry.
template <Bitboard BB>
Result<void> Position<BB>::read_castling(std::string_view field) {
    const Rules<BB>& r = *rules_;
    if (field != "-") {
        for (char ch : field) {
            const int c = std::isupper(static_cast<unsigned char>(ch)) ? 0 : 1;
            const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
            if (up != 'K' && up != 'Q')
                return make_error(std::string("castling field letter '") + ch +
                                  "' (use K, Q, k, q or -)");
            const int side = up == 'K' ? 0 : 1;
            const CastlingInfo<BB>& ci = r.castling[c][side];
            if (!ci.possible)
                return make_error(std::string("castling right '") + ch +
                                  "' does not exist in this variant");
            if (board_[ci.king_from] != make_piece(Color(c), r.king_type[c]) ||
                board_[ci.rook_from] != make_piece(Color(c), ci.rook_type))
                return make_error(std::string("castling right '") + ch + "' needs the king on " +
                                  square_name(r.files, ci.king_from) + " and its rook on " +
                                  square_name(r.files, ci.rook_from));
            castling_ |= 1 << (c * 2 + side);
        }
    }
    key_ ^= r.zobrist.castling[castling_];
    return {};
}

// En passant: "e6", or "e6/f5" naming the victim when it is not straight behind.
template <Bitboard BB>
Result<void> Position<BB>::read_en_passant(std::string_view field) {
    const Rules<BB>& r = *rules_;
    if (field != "-") {
        const std::string f(field);
        const auto slash = f.find('/');
        const Square ep = parse_square(r.files, r.ranks, f.substr(0, slash));
        if (ep == NoSquare) return make_error("bad e.p. square '" + f + "'");
        Square victim = NoSquare;
        const Color them = ~stm_;
        auto enemy_pawn = [&](Square s) {
            if (s == NoSquare || board_[s] == NoPiece || color_of(board_[s]) != them) return false;
            return r.pieces[type_of(board_[s])].role == PieceRole::Pawn;
        };
        if (slash != std::string::npos) {
            victim = parse_square(r.files, r.ranks, f.substr(slash + 1));
            if (!enemy_pawn(victim))
                return make_error("e.p. victim '" + f.substr(slash + 1) + "' is not an enemy pawn");
        } else {
            // Candidates: enemy pawns standing where a double step through `ep` (one of their
            // e.p.-creating lame steps, from their start rank if it is an `i` step, from any
            // square its rank window allows otherwise) would have left them.
            std::vector<Square> candidates;
            for (PieceType t : r.armies[index(them)].types) {
                if (r.pieces[t].role != PieceRole::Pawn) continue;
                const BB initial = r.initial_squares[index(them)][t];
                BB starts = r.board;
                while (starts) {
                    const Square from = pop_lsb(starts);
                    for (const auto& s : r.moves[index(them)][t].lame(from)) {
                        if (!s.creates_ep || s.ep_square != ep) continue;
                        if (s.initial && !(initial & square_bb<BB>(from))) continue;
                        BB landing = s.quiet;
                        while (landing) {
                            const Square v = pop_lsb(landing);
                            if (enemy_pawn(v) && std::find(candidates.begin(), candidates.end(),
                                                           v) == candidates.end())
                                candidates.push_back(v);
                        }
                    }
                }
            }
            if (candidates.empty())
                return make_error("e.p. square '" + f + "' has no enemy pawn beside it");
            if (candidates.size() > 1)
                return make_error("e.p. square '" + f + "' is ambiguous: name the victim, e.g. " +
                                  f + "/" + square_name(r.files, candidates[0]));
            victim = candidates[0];
        }
        if (board_[ep] != NoPiece) return make_error("e.p. square '" + f + "' is occupied");
        ep_square_ = ep;
        ep_victim_ = victim;
        key_ ^= r.zobrist.ep[ep];
    }
    return {};
}

// Halfmove clock and fullmove number (0 and 1 when absent).
template <Bitboard BB>
Result<void> Position<BB>::read_clocks(const std::vector<std::string>& fields) {
    rule50_ = reversible_ = 0;
    game_ply_ = stm_ == Color::Black ? 1 : 0;
    if (fields.size() > 4) {
        constexpr int kMaxCounter = 1'000'000;  // far beyond any game; keeps 2 * moves in an int
        const auto clock = read_counter(fields[4], kMaxCounter);
        if (!clock)
            return make_error("halfmove clock '" + fields[4] + "' must be a number from 0 to " +
                              std::to_string(kMaxCounter));
        rule50_ = reversible_ = *clock;
        if (fields.size() > 5) {
            const auto moves = read_counter(fields[5], kMaxCounter);
            if (!moves || *moves < 1)
                return make_error("fullmove number '" + fields[5] +
                                  "' must be a number from 1 to " + std::to_string(kMaxCounter));
            game_ply_ = 2 * (*moves - 1) + (stm_ == Color::Black);
        }
    }
    return {};
}

// The side that just moved may not have left its king attacked.
template <Bitboard BB>
Result<void> Position<BB>::check_side_not_to_move_safe() const {
    if (!in_placement()) {
        const Square k = king_square(~stm_);
        if (k != NoSquare && attacked(k, stm_))
            return make_error("the side not to move is in check");
    }
    return {};
}

template <Bitboard BB>
std::string Position<BB>::fen() const {
    const Rules<BB>& r = *rules_;
    std::string out;
    for (int rank = r.ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int f = 0; f < r.files; ++f) {
            const PieceCode p = board_[r.square(f, rank)];
            if (p == NoPiece) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            const char letter = r.letter(color_of(p), type_of(p));
            out += color_of(p) == Color::White ? letter : static_cast<char>(std::tolower(letter));
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    if (in_placement()) {
        out += '[';
        for (int c = 0; c < 2; ++c)
            for (PieceType t : r.armies[c].types)
                for (int n = 0; n < hand_[c][t]; ++n)
                    out += c == 0 ? r.letter(Color::White, t)
                                  : static_cast<char>(std::tolower(r.letter(Color::Black, t)));
        out += ']';
    }
    out += stm_ == Color::White ? " w " : " b ";
    std::string rights;
    if (castling_ & 1) rights += 'K';
    if (castling_ & 2) rights += 'Q';
    if (castling_ & 4) rights += 'k';
    if (castling_ & 8) rights += 'q';
    out += rights.empty() ? "-" : rights;
    out += ' ';
    if (ep_square_ == NoSquare) {
        out += '-';
    } else {
        out += square_name(r.files, ep_square_);
        // The victim of a straight double step stands just beyond the e.p. square, seen from the
        // side that moved; any other victim (a Sprite's diagonal step) is written out.
        const int dir = stm_ == Color::White ? -1 : 1;
        if (ep_victim_ != ep_square_ + dir * r.files) out += "/" + square_name(r.files, ep_victim_);
    }
    out += ' ' + std::to_string(rule50_) + ' ' + std::to_string(game_ply_ / 2 + 1);
    const VariantSpec& spec = r.spec();
    if (r.armies[0].name != spec.default_white || r.armies[1].name != spec.default_black)
        out += " {W:" + r.armies[0].name + " B:" + r.armies[1].name + "}";
    return out;
}

template <Bitboard BB>
BB Position<BB>::attacks_from(Color c, PieceType t, Square from, BB occ) const {
    const Rules<BB>& r = *rules_;
    return table_attacks(r, r.moves_for(index(c), t, lost_mask(from)), index(c), t, from, occ);
}

template <Bitboard BB>
bool Position<BB>::attacked(Square s, Color by, BB occ, BB removed) const {
    if (!rules_->position_dependent_rights)
        return attacked_naturally(*rules_, by_type_.data(), by_color_.data(), s, by, occ, removed);
    return attacked_on(*rules_, by_type_.data(), by_color_.data(), lost_, s, by, occ, removed);
}

template <Bitboard BB>
bool Position<BB>::king_safe_after(Move m) const {
    const Rules<BB>& r = *rules_;
    const Color us = stm_;
    std::array<BB, MaxPieceTypes> by_type = by_type_;
    std::array<BB, 2> by_color = by_color_;
    auto lift = [&](Square s) {
        const PieceCode p = board_[s];
        by_type[type_of(p)] &= ~square_bb<BB>(s);
        by_color[index(color_of(p))] &= ~square_bb<BB>(s);
    };
    auto place = [&](PieceCode p, Square s) {
        by_type[type_of(p)] |= square_bb<BB>(s);
        by_color[index(color_of(p))] |= square_bb<BB>(s);
    };
    const Square from = m.from(), to = m.to();
    switch (m.kind()) {
        case MoveKind::Drop:
            place(make_piece(us, m.dropped()), to);
            break;
        case MoveKind::Shoot:
            lift(to);
            break;
        case MoveKind::Castling: {
            const CastlingInfo<BB>& ci = r.castling[index(us)][to > from ? 0 : 1];
            const PieceCode king = board_[ci.king_from], rook = board_[ci.rook_from];
            lift(ci.king_from);
            lift(ci.rook_from);
            place(king, ci.king_to);
            place(rook, ci.rook_to);
            break;
        }
        case MoveKind::EnPassant:
            lift(ep_victim_);
            [[fallthrough]];
        default: {
            const PieceCode piece = board_[from];
            if (board_[to] != NoPiece) lift(to);
            lift(from);
            place(m.kind() == MoveKind::Promotion ? make_piece(us, m.promotion()) : piece, to);
        }
    }
    const BB king = by_type[r.king_type[index(us)]] & by_color[index(us)];
    if (!king) return true;
    const LostTypes<BB> lost = compute_lost(r, by_type.data(), by_color.data());
    return !attacked_on(r, by_type.data(), by_color.data(), lost, lsb(king), ~us,
                        by_color[0] | by_color[1], BB{});
}

template <Bitboard BB>
void Position<BB>::promotion_types(Color c, PieceType* out, int& n) const {
    const Rules<BB>& r = *rules_;
    n = 0;
    const ArmyInfo& army = r.armies[index(c)];
    for (PieceType t : army.promotions) {
        // Rule B: a type is available while fewer of it stand on the board than in the array.
        if (r.game.promote_to_captured && count(c, t) + hand_[index(c)][t] >= army.initial_count[t])
            continue;
        out[n++] = t;
    }
}

template <Bitboard BB>
bool Position<BB>::can_capture_ep(Color c, Square ep) const {
    const Rules<BB>& r = *rules_;
    const BB target = square_bb<BB>(ep), occ = pieces();
    for (PieceType t : r.ep_types[index(c)]) {
        const PieceMoves<BB>& pm = r.moves[index(c)][t];
        BB bb = pieces(c, t) & r.ep_reach_to[index(c)][t][ep];
        while (bb) {
            const Square from = pop_lsb(bb);
            if (pm.leaps[from].en_passant & target) return true;
            for (const auto& s : pm.lame(from))
                if ((s.en_passant & target) && !(s.block & occ)) return true;
            for (const auto& g : pm.sliders) {
                if (!g.en_passant) continue;
                BB a = g.orthogonal ? r.sliders->rook(from, occ & ~g.skip[from])
                                    : r.sliders->bishop(from, occ & ~g.skip[from]);
                if (a & g.reach[from] & target) return true;
            }
        }
    }
    return false;
}

template <Bitboard BB>
void Position<BB>::grant_castling_after_placement(Color c) {
    const Rules<BB>& r = *rules_;
    key_ ^= r.zobrist.castling[castling_];
    for (int side = 0; side < 2; ++side) {
        const CastlingInfo<BB>& ci = r.castling[index(c)][side];
        if (ci.possible && board_[ci.king_from] == make_piece(c, r.king_type[index(c)]) &&
            board_[ci.rook_from] == make_piece(c, ci.rook_type))
            castling_ |= 1 << (index(c) * 2 + side);
    }
    key_ ^= r.zobrist.castling[castling_];
}

// The clocks after a pawn move where pawns may step sideways or back (kept out of make(), whose
// orthodox path stays as short as it was). A step that does not advance resets the fifty-move
// counter unless the rules say only advances do; it never ends the reversible part (it can be
// stepped back), and neither does an advance where pawns may step back.
template <Bitboard BB>
[[gnu::noinline]] void Position<BB>::pawn_step_clocks(Square from, Square to) {
    const Rules<BB>& r = *rules_;
    const bool forward = (r.rank_of(to) - r.rank_of(from)) * (stm_ == Color::White ? 1 : -1) > 0;
    if (forward || !r.game.only_forward_pawn_moves_reset) rule50_ = 0;
    if (forward && !r.pawns_step_back) reversible_ = 0;
}

// make()'s stages, inlined into it (make is the hot path of search and perft).

// A piece placed from the hand (placement phases, drops).
template <Bitboard BB>
[[gnu::always_inline]] inline void Position<BB>::make_drop(Move m) {
    const Rules<BB>& r = *rules_;
    const Color us = stm_, them = ~us;
    const PieceType t = m.dropped();
    auto& count = hand_[index(us)][t];
    key_ ^= r.zobrist.hand[(index(us) * MaxPieceTypes + t) * 17 + count];
    --count;
    key_ ^= r.zobrist.hand[(index(us) * MaxPieceTypes + t) * 17 + count];
    --hand_total_[index(us)];
    put(make_piece(us, t), m.to());
    ++rule50_;
    ++reversible_;
    if (hand_total_[index(us)] == 0) grant_castling_after_placement(us);
    // White places all its pieces, then Black: the turn passes only when a hand is empty.
    if (hand_total_[index(us)] == 0) {
        stm_ = them;
        key_ ^= r.zobrist.side;
    }
    if (r.position_dependent_rights) update_lost();
    BALANCE_ASSERT(consistent());
}

// A pawn's lame double step creates the e.p. square it passed. Only a step the pawn could take
// here: from its start rank if it is an `i` step, over empty squares, and not a capture; a pawn
// that also leaps or captures onto the same square (an edited pawn: `AfmceFifmnA`) creates none
// that way. The side to move is still the pawn's.
template <Bitboard BB>
[[gnu::always_inline]] inline void Position<BB>::ep_after_lame_step(PieceType type, Square from,
                                                                    Square to) {
    const Rules<BB>& r = *rules_;
    const Color us = stm_, them = ~us;
    for (const auto& s : r.moves[index(us)][type].lame(from))
        if (s.creates_ep && (s.quiet & square_bb<BB>(to)) &&
            (!s.initial || (r.initial_squares[index(us)][type] & square_bb<BB>(from))) &&
            !(s.block & pieces()) && can_capture_ep(them, s.ep_square)) {
            ep_square_ = s.ep_square;
            ep_victim_ = to;
            key_ ^= r.zobrist.ep[ep_square_];
            break;
        }
}

template <Bitboard BB>
void Position<BB>::make(Move m) {
    const Rules<BB>& r = *rules_;
    const Color us = stm_, them = ~us;
    history_.push_back(State{key_, m, moved_piece(m), NoPiece, ep_square_, ep_victim_, castling_,
                             rule50_, reversible_, false});
    State& st = history_.back();
    if (ep_square_ != NoSquare) key_ ^= r.zobrist.ep[ep_square_];
    ep_square_ = ep_victim_ = NoSquare;
    ++game_ply_;

    if (m.kind() == MoveKind::Drop) {
        make_drop(m);
        return;
    }

    const Square from = m.from(), to = m.to();
    const PieceCode piece = board_[from];
    const PieceType type = type_of(piece);
    const bool pawn = r.pieces[type].role == PieceRole::Pawn;
    ++rule50_;
    ++reversible_;
    if (pawn) {
        if (r.pawns_only_advance)
            rule50_ = reversible_ = 0;  // orthodox pawns: every move is an irreversible advance
        else
            pawn_step_clocks(from, to);
    }

    switch (m.kind()) {
        case MoveKind::Shoot: {  // the shooter stays; only its victim leaves
            st.captured = board_[to];
            remove(to);
            rule50_ = reversible_ = 0;
            break;
        }
        case MoveKind::Castling: {
            const int side = to > from ? 0 : 1;
            const CastlingInfo<BB>& ci = r.castling[index(us)][side];
            const PieceCode rook = board_[ci.rook_from];
            remove(ci.king_from);
            remove(ci.rook_from);
            put(piece, ci.king_to);
            put(rook, ci.rook_to);
            break;
        }
        case MoveKind::EnPassant: {
            st.captured = board_[st.ep_victim];
            remove(st.ep_victim);
            remove(from);
            put(piece, to);
            rule50_ = reversible_ = 0;
            break;
        }
        default: {
            if (board_[to] != NoPiece) {
                st.captured = board_[to];
                remove(to);
                rule50_ = reversible_ = 0;
            }
            remove(from);
            put(m.kind() == MoveKind::Promotion ? make_piece(us, m.promotion()) : piece, to);
            if (m.kind() == MoveKind::Promotion) {
                reversible_ = 0;  // the pawn is gone for good
            } else if (pawn && st.captured == NoPiece) {
                // A pawn's double step creates an e.p. square (one that promotes creates none:
                // what arrives is no longer a pawn).
                ep_after_lame_step(type, from, to);
            }
        }
    }
    const int rights = castling_ & r.castling_mask[to] &
                       (m.kind() == MoveKind::Shoot ? 15 : r.castling_mask[from]);
    if (rights != castling_) {
        key_ ^= r.zobrist.castling[castling_] ^ r.zobrist.castling[rights];
        castling_ = rights;
    }
    stm_ = them;
    key_ ^= r.zobrist.side;
    if (r.position_dependent_rights) update_lost();
    BALANCE_ASSERT(consistent());
}

// Keeps the freezes of the board being left, so unmake restores them instead of recomputing
// (compute_lost reads every piece's typed attacks: it was half of anti-relay's make/unmake).
template <Bitboard BB>
void Position<BB>::update_lost() {
    lost_history_.push_back(lost_);
    lost_ = compute_lost(*rules_, by_type_.data(), by_color_.data());
}

template <Bitboard BB>
void Position<BB>::unmake() {
    const Rules<BB>& r = *rules_;
    const State st = history_.back();
    history_.pop_back();
    const Move m = st.move;
    --game_ply_;
    if (st.null_move) {
        stm_ = ~stm_;
    } else if (m.kind() == MoveKind::Drop) {
        const Color us = color_of(board_[m.to()]);
        remove(m.to());
        ++hand_[index(us)][m.dropped()];
        ++hand_total_[index(us)];
        stm_ = us;
    } else {
        const Color us = ~stm_;
        stm_ = us;
        const Square from = m.from(), to = m.to();
        switch (m.kind()) {
            case MoveKind::Shoot:
                put(st.captured, to);
                break;
            case MoveKind::Castling: {
                const CastlingInfo<BB>& ci = r.castling[index(us)][to > from ? 0 : 1];
                const PieceCode king = board_[ci.king_to], rook = board_[ci.rook_to];
                remove(ci.king_to);
                remove(ci.rook_to);
                put(king, ci.king_from);
                put(rook, ci.rook_from);
                break;
            }
            case MoveKind::EnPassant: {
                const PieceCode piece = board_[to];
                remove(to);
                put(piece, from);
                put(st.captured, st.ep_victim);
                break;
            }
            default: {
                remove(to);
                put(st.moved, from);
                if (st.captured != NoPiece) put(st.captured, to);
            }
        }
    }
    ep_square_ = st.ep_square;
    ep_victim_ = st.ep_victim;
    castling_ = st.castling;
    rule50_ = st.rule50;
    reversible_ = st.reversible;
    key_ = st.key;
    if (r.position_dependent_rights) {
        lost_ = lost_history_.back();
        lost_history_.pop_back();
    }
    BALANCE_ASSERT(consistent());
}

template <Bitboard BB>
void Position<BB>::make_null() {
    const Rules<BB>& r = *rules_;
    history_.push_back(State{key_, Move::none(), NoPiece, NoPiece, ep_square_, ep_victim_,
                             castling_, rule50_, reversible_, true});
    if (ep_square_ != NoSquare) key_ ^= r.zobrist.ep[ep_square_];
    ep_square_ = ep_victim_ = NoSquare;
    ++rule50_;
    ++reversible_;
    ++game_ply_;
    stm_ = ~stm_;
    key_ ^= r.zobrist.side;
    // unmake() restores the freezes of the board left: a pass leaves the board as it is.
    if (r.position_dependent_rights) lost_history_.push_back(lost_);
    BALANCE_ASSERT(consistent());
}

template <Bitboard BB>
void Position<BB>::unmake_null() {
    unmake();
}

template <Bitboard BB>
int Position<BB>::repetitions() const {
    int count = 0;
    const int n = static_cast<int>(history_.size());
    const int reach = std::min(reversible_, n);
    for (int back = 2; back <= reach; back += 2) {
        const State& st = history_[n - back];
        if (st.key == key_) ++count;
        if (st.null_move || history_[n - back + 1].null_move) break;
    }
    return count;
}

template <Bitboard BB>
bool Position<BB>::insufficient_material() const {
    const Rules<BB>& r = *rules_;
    std::array<std::array<int, MaxPieceTypes>, 2> material{};
    std::array<bool, 2> bare{true, true};
    for (int c = 0; c < 2; ++c)
        for (PieceType t : r.armies[c].types) {
            if (t == r.king_type[c]) continue;
            material[c][t] = count(Color(c), t) + hand_[c][t];
            if (material[c][t]) bare[c] = false;
        }
    if (bare[0] && bare[1]) return true;
    for (int c = 0; c < 2; ++c) {
        if (!bare[1 - c]) continue;
        for (const auto& set : r.armies[c].cannot_mate)
            if (set == material[c]) return true;
    }
    return false;
}

template <Bitboard BB>
bool Position<BB>::consistent() const {
    const Rules<BB>& r = *rules_;
    if (by_color_[0] & by_color_[1]) return false;
    BB typed{};
    std::uint64_t key = 0;
    for (Square s = 0; s < r.squares; ++s) {
        const PieceCode p = board_[s];
        const BB bit = square_bb<BB>(s);
        if (p == NoPiece) {
            if (pieces() & bit) return false;
            continue;
        }
        if (!(by_type_[type_of(p)] & bit) || !(by_color_[index(color_of(p))] & bit)) return false;
        key ^= r.zobrist.piece_square[static_cast<size_t>(p) * r.squares + s];
    }
    for (PieceType t = 0; t < MaxPieceTypes; ++t) typed |= by_type_[t];
    if (typed != pieces()) return false;
    for (int c = 0; c < 2; ++c) {
        int total = 0;
        for (PieceType t = 0; t < MaxPieceTypes; ++t) {
            const int n = hand_[c][t];
            total += n;
            const std::size_t base = (static_cast<std::size_t>(c) * MaxPieceTypes + t) * 17;
            if (n > 0) key ^= r.zobrist.hand[base] ^ r.zobrist.hand[base + n];
        }
        if (total != hand_total_[c]) return false;
        if (popcount(pieces(Color(c), r.king_type[c])) + hand_[c][r.king_type[c]] > 1) return false;
    }
    if (stm_ == Color::Black) key ^= r.zobrist.side;
    key ^= r.zobrist.castling[castling_];
    if ((ep_square_ == NoSquare) != (ep_victim_ == NoSquare)) return false;
    if (ep_square_ != NoSquare) {
        if (board_[ep_square_] != NoPiece || board_[ep_victim_] == NoPiece) return false;
        key ^= r.zobrist.ep[ep_square_];
    }
    // Anti-relay: one saved set of freezes per move made, and the current one as recomputed.
    if (r.position_dependent_rights &&
        (lost_history_.size() != history_.size() ||
         lost_ != compute_lost(r, by_type_.data(), by_color_.data())))
        return false;
    return key == key_ && rule50_ >= 0 && reversible_ >= 0 && game_ply_ >= 0;
}

template class Position<u64>;
template class Position<u128>;

}  // namespace balance::core
