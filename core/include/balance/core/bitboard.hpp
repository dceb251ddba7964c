#pragma once
// Bitboards: one bit per square, square index = rank * files + file (a1 = 0).
// Boards of up to 64 squares use std::uint64_t; larger ones (10x8, 10x10, up to 128 squares) use
// unsigned __int128. Code that touches bitboards is templated on the type, so 8x8 never pays for
// the wide type (docs/architecture.md, "The rules engine").

#include <bit>
#include <cstdint>
#include <type_traits>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace balance::core {

using u64 = std::uint64_t;
using u128 = unsigned __int128;

template <class BB>
concept Bitboard = std::is_same_v<BB, u64> || std::is_same_v<BB, u128>;

template <Bitboard BB>
inline constexpr int max_squares = static_cast<int>(sizeof(BB) * 8);

template <Bitboard BB>
[[nodiscard]] constexpr BB square_bb(int sq) {
    return BB{1} << sq;
}

[[nodiscard]] constexpr int popcount(u64 b) {
    return std::popcount(b);
}
[[nodiscard]] constexpr int popcount(u128 b) {
    return std::popcount(static_cast<u64>(b)) + std::popcount(static_cast<u64>(b >> 64));
}

// Index of the least significant set bit; b must be non-zero.
[[nodiscard]] constexpr int lsb(u64 b) {
    return std::countr_zero(b);
}
[[nodiscard]] constexpr int lsb(u128 b) {
    const auto lo = static_cast<u64>(b);
    return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<u64>(b >> 64));
}

// Index of the most significant set bit; b must be non-zero.
[[nodiscard]] constexpr int msb(u64 b) {
    return 63 - std::countl_zero(b);
}
[[nodiscard]] constexpr int msb(u128 b) {
    const auto hi = static_cast<u64>(b >> 64);
    return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<u64>(b));
}

template <Bitboard BB>
[[nodiscard]] constexpr int pop_lsb(BB& b) {
    const int s = lsb(b);
    b &= b - 1;
    return s;
}

template <Bitboard BB>
[[nodiscard]] constexpr bool more_than_one(BB b) {
    return (b & (b - 1)) != 0;
}

// Parallel bit extract: gathers the bits of `b` selected by `mask` into the low bits.
[[nodiscard]] inline u64 pext(u64 b, u64 mask) {
#if defined(__BMI2__)
    return _pext_u64(b, mask);
#else
    u64 result = 0;
    for (u64 bit = 1; mask; bit <<= 1) {
        if (b & mask & -mask) result |= bit;
        mask &= mask - 1;
    }
    return result;
#endif
}

[[nodiscard]] inline u64 pext(u128 b, u128 mask) {
    const auto mask_lo = static_cast<u64>(mask);
    const u64 lo = pext(static_cast<u64>(b), mask_lo);
    const u64 hi = pext(static_cast<u64>(b >> 64), static_cast<u64>(mask >> 64));
    return lo | (hi << std::popcount(mask_lo));
}

}  // namespace balance::core
