#pragma once
// The vocabulary of the rules engine: colours, squares, piece codes, moves.

#include <array>
#include <cstdint>

#include "balance/core/debug_assert.hpp"

namespace balance::core {

enum class Color : std::uint8_t { White = 0, Black = 1 };
inline constexpr int ColorCount = 2;

[[nodiscard]] constexpr Color operator~(Color c) {
    return Color(static_cast<int>(c) ^ 1);
}
[[nodiscard]] constexpr int index(Color c) {
    return static_cast<int>(c);
}

using Square = int;  // rank * files + file; a1 = 0
inline constexpr Square NoSquare = -1;

// Piece types are indices into a variant's compiled piece table.
using PieceType = int;
inline constexpr int MaxPieceTypes = 32;
inline constexpr PieceType NoPieceType = -1;

// What stands on a square: type * 2 + colour, or NoPiece.
using PieceCode = std::uint8_t;
inline constexpr PieceCode NoPiece = 0xFF;

[[nodiscard]] constexpr PieceCode make_piece(Color c, PieceType t) {
    return static_cast<PieceCode>(t * 2 + index(c));
}
[[nodiscard]] constexpr PieceType type_of(PieceCode p) {
    return p >> 1;
}
[[nodiscard]] constexpr Color color_of(PieceCode p) {
    return Color(p & 1);
}

enum class MoveKind : std::uint8_t {
    Normal = 0,
    Promotion = 1,
    EnPassant = 2,
    Castling = 3,  // encoded king-from -> king-to; the rook move follows from the rules
    Drop = 4,      // placement phase: `from` holds the dropped piece type
    Shoot = 5,     // capture without moving: `from` = the shooter (it stays), `to` = the victim
};

// A move in 32 bits:
//   bits  0- 6  from square (or the dropped piece type for drops)
//   bits  7-13  to square
//   bits 14-16  MoveKind
//   bits 17-21  promotion piece type
class Move {
  public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal, PieceType promo = 0)
        : data_(static_cast<std::uint32_t>(from) | static_cast<std::uint32_t>(to) << 7 |
                static_cast<std::uint32_t>(kind) << 14 | static_cast<std::uint32_t>(promo) << 17) {
        BALANCE_ASSERT(from >= 0 && from < 128 && to >= 0 && to < 128);  // 7 bits each
        BALANCE_ASSERT(promo >= 0 && promo < 32);                        // 5 bits
    }

    [[nodiscard]] static constexpr Move none() { return Move(); }
    [[nodiscard]] static constexpr Move drop(PieceType t, Square to) {
        return Move(t, to, MoveKind::Drop);
    }

    [[nodiscard]] constexpr Square from() const { return data_ & 0x7F; }
    [[nodiscard]] constexpr Square to() const { return (data_ >> 7) & 0x7F; }
    [[nodiscard]] constexpr MoveKind kind() const { return MoveKind((data_ >> 14) & 7); }
    [[nodiscard]] constexpr PieceType promotion() const { return (data_ >> 17) & 0x1F; }
    [[nodiscard]] constexpr PieceType dropped() const { return from(); }
    [[nodiscard]] constexpr std::uint32_t raw() const { return data_; }
    [[nodiscard]] constexpr bool is_none() const { return data_ == 0; }

    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint32_t data_ = 0;  // a1a1 normal: never a legal move, so 0 can mean "none"
};

// Fixed-capacity move list: move generation never allocates.
class MoveList {
  public:
    static constexpr int Capacity = 1024;

    void push(Move m) {
        BALANCE_ASSERT(size_ < Capacity);
        moves_[size_++] = m;
    }
    [[nodiscard]] int size() const { return size_; }
    [[nodiscard]] bool empty() const { return size_ == 0; }
    [[nodiscard]] Move operator[](int i) const {
        BALANCE_ASSERT(i >= 0 && i < size_);
        return moves_[i];
    }
    Move& operator[](int i) {
        BALANCE_ASSERT(i >= 0 && i < size_);
        return moves_[i];
    }
    void clear() { size_ = 0; }
    void resize(int n) {
        BALANCE_ASSERT(n >= 0 && n <= Capacity);
        size_ = n;
    }
    [[nodiscard]] const Move* begin() const { return moves_.data(); }
    [[nodiscard]] const Move* end() const { return moves_.data() + size_; }
    Move* begin() { return moves_.data(); }
    Move* end() { return moves_.data() + size_; }
    [[nodiscard]] bool contains(Move m) const {
        for (int i = 0; i < size_; ++i)
            if (moves_[i] == m) return true;
        return false;
    }

  private:
    std::array<Move, Capacity> moves_;
    int size_ = 0;
};

}  // namespace balance::core
