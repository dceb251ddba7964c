#include "balance/core/notation.hpp"

#include <cctype>

#include "balance/core/movegen.hpp"

namespace balance::core {

template <Bitboard BB>
std::string to_uci(const Position<BB>& pos, Move m) {
    const Rules<BB>& r = pos.rules();
    if (m.kind() == MoveKind::Drop)
        return std::string(1, r.letter(pos.side_to_move(), m.dropped())) + "@" +
               square_name(r.files, m.to());
    std::string s = square_name(r.files, m.from()) + square_name(r.files, m.to());
    // A shot goes to its victim and back: from, victim, from (the multi-leg convention).
    if (m.kind() == MoveKind::Shoot) s += square_name(r.files, m.from());
    if (m.kind() == MoveKind::Promotion) {
        const Color us = color_of(pos.piece_on(m.from()));
        s += static_cast<char>(std::tolower(r.letter(us, m.promotion())));
    }
    return s;
}

template <Bitboard BB>
Result<Move> parse_uci(const Position<BB>& pos, std::string_view text) {
    MoveList list;
    generate_legal(pos, list);
    for (const Move m : list)
        if (to_uci(pos, m) == text) return m;
    return make_error("'" + std::string(text) + "' is not a legal move", "FEN '" + pos.fen() + "'");
}

template <Bitboard BB>
std::string to_san(Position<BB>& pos, Move m) {
    const Rules<BB>& r = pos.rules();
    const Color us = pos.side_to_move();
    std::string s;
    if (m.kind() == MoveKind::Drop) {
        s = std::string(1, r.letter(us, m.dropped())) + "@" + square_name(r.files, m.to());
    } else if (m.kind() == MoveKind::Castling) {
        s = m.to() > m.from() ? "O-O" : "O-O-O";
    } else {
        const PieceCode piece = pos.piece_on(m.from());
        const PieceType t = type_of(piece);
        const bool pawn = r.pieces[t].role == PieceRole::Pawn;
        const bool capture = pos.is_capture(m);
        // Other moves of the same piece type to the same square.
        MoveList list;
        generate_legal(pos, list);
        bool ambiguous = false, same_file = false, same_rank = false;
        const bool shot = m.kind() == MoveKind::Shoot;
        for (const Move o : list) {
            if (o.kind() == MoveKind::Drop || o.kind() == MoveKind::Castling) continue;
            if ((o.kind() == MoveKind::Shoot) != shot) continue;
            if (o.to() != m.to() || o.from() == m.from() || pos.piece_on(o.from()) != piece)
                continue;
            ambiguous = true;
            same_file = same_file || r.file_of(o.from()) == r.file_of(m.from());
            same_rank = same_rank || r.rank_of(o.from()) == r.rank_of(m.from());
        }
        const std::string from = square_name(r.files, m.from());
        if (!pawn) s += r.letter(us, t);
        if (pawn && (capture || ambiguous)) {
            s += from[0];
            if (ambiguous && same_file) s += from.substr(1);
        } else if (ambiguous) {
            if (!same_file)
                s += from[0];
            else if (!same_rank)
                s += from.substr(1);
            else
                s += from;
        }
        // A shot is written with '^' in place of 'x': the piece stays where it is.
        if (shot)
            s += '^';
        else if (capture)
            s += 'x';
        s += square_name(r.files, m.to());
        if (m.kind() == MoveKind::Promotion) s += std::string("=") + r.letter(us, m.promotion());
    }
    pos.make(m);
    if (!pos.in_placement() && pos.in_check()) {
        MoveList replies;
        generate_legal(pos, replies);
        s += replies.empty() ? '#' : '+';
    }
    pos.unmake();
    return s;
}

template <Bitboard BB>
Result<Move> parse_san(Position<BB>& pos, std::string_view text) {
    std::string want(text);
    while (!want.empty() &&
           (want.back() == '+' || want.back() == '#' || want.back() == '!' || want.back() == '?'))
        want.pop_back();
    if (want == "0-0") want = "O-O";
    if (want == "0-0-0") want = "O-O-O";
    MoveList list;
    generate_legal(pos, list);
    for (const Move m : list) {
        std::string san = to_san(pos, m);
        while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
        if (san == want) return m;
    }
    return make_error("'" + std::string(text) + "' is not a legal move in SAN",
                      "FEN '" + pos.fen() + "'");
}

template std::string to_uci<u64>(const Position<u64>&, Move);
template std::string to_uci<u128>(const Position<u128>&, Move);
template Result<Move> parse_uci<u64>(const Position<u64>&, std::string_view);
template Result<Move> parse_uci<u128>(const Position<u128>&, std::string_view);
template std::string to_san<u64>(Position<u64>&, Move);
template std::string to_san<u128>(Position<u128>&, Move);
template Result<Move> parse_san<u64>(Position<u64>&, std::string_view);
template Result<Move> parse_san<u128>(Position<u128>&, std::string_view);

}  // namespace balance::core
