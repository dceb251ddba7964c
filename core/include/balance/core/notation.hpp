#pragma once
// Move text: UCI-style coordinates (e2e4, e7e8q, e1g1 for castling, N@d1 for drops) and SAN.
// A shot (capture without moving, MoveKind::Shoot) is from, victim, from in UCI (d1e2d1: to the
// victim and back, the multi-leg convention) and piece '^' victim in SAN and PGN (Q^e2, with the
// usual disambiguation and + or #).

#include <string>
#include <string_view>

#include "balance/core/position.hpp"

namespace balance::core {

template <Bitboard BB>
[[nodiscard]] std::string to_uci(const Position<BB>& pos, Move m);

// Accepts UCI text for a legal move of the side to move; an error names the text otherwise.
template <Bitboard BB>
[[nodiscard]] Result<Move> parse_uci(const Position<BB>& pos, std::string_view text);

// Standard algebraic notation with the armies' letters; pawns have no letter. Disambiguation by
// file, then rank, then both, also for pawn moves that two pawns could make (Sprites).
template <Bitboard BB>
[[nodiscard]] std::string to_san(Position<BB>& pos, Move m);

template <Bitboard BB>
[[nodiscard]] Result<Move> parse_san(Position<BB>& pos, std::string_view text);

}  // namespace balance::core
