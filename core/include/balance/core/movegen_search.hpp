#pragma once
// Move generation for search: only the moves quiescence search plays, the rest (the main search
// generates them only when the captures did not cut), and the bulk move count.
// Defined with generate_legal (movegen.cpp), from the same compiled generator.

#include <cstdint>

#include "balance/core/position.hpp"

namespace balance::core {

// The legal captures (en passant and shots included) and promotions (quiet ones too), in the
// order generate_legal lists them: generate_legal filtered by "capture or promotion", without
// generating the rest.
template <Bitboard BB>
void generate_captures(const Position<BB>& pos, MoveList& list);

// Appends the other legal moves (neither a capture nor a promotion; castling and drops
// included) to `list`, in the order generate_legal lists them: generate_captures followed by
// append_quiets holds every legal move once. Appends, so that a search can keep the captures it
// has already ordered and tried in the same list.
template <Bitboard BB>
void append_quiets(const Position<BB>& pos, MoveList& list);

// Is m one of generate_legal(pos)'s moves? Generates only the moves of the piece on m's
// from-square (every drop during free placement) into `scratch`: how search tries a hash move
// before generating the rest (a hash move may come from another position with the same key).
template <Bitboard BB>
[[nodiscard]] bool is_legal(const Position<BB>& pos, Move m, MoveList& scratch);

// The number of legal moves, counted without building them.
template <Bitboard BB>
[[nodiscard]] std::uint64_t count_legal(const Position<BB>& pos);

// Whether the side to move has a legal move: count_legal(pos) != 0, stopping at the first.
template <Bitboard BB>
[[nodiscard]] bool has_legal_move(const Position<BB>& pos);

}  // namespace balance::core
