#pragma once
// Legal move generation for any compiled variant, and perft.

#include <cstdint>

#include "balance/core/position.hpp"

namespace balance::core {

// All legal moves of the side to move (drops during free placement).
template <Bitboard BB>
void generate_legal(const Position<BB>& pos, MoveList& list);

// Leaf-counting perft (bulk-counts the last ply).
template <Bitboard BB>
[[nodiscard]] std::uint64_t perft(Position<BB>& pos, int depth);

// Perft that also checks, at every node: make/unmake restores FEN and hash; the incremental hash
// equals a hash computed from scratch; in-check agrees with a brute-force attack scan; no
// generated move leaves the mover's king attacked; no pseudo-legal move is wrongly rejected.
// Returns the node count or the first violation found.
template <Bitboard BB>
[[nodiscard]] Result<std::uint64_t> perft_checked(Position<BB>& pos, int depth);

}  // namespace balance::core
