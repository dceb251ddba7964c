#pragma once
// SplitMix64 (Steele, Lea & Flood 2014; Vigna's reference code), the one generator of the
// project's deterministic randomness: Zobrist keys (core), game seeds and opening moves
// (tournament), seeded root-move choice (the engine). Outputs must never change: stored games
// replay from their seeds.

#include <cstdint>

namespace balance::core {

// SplitMix64's output function applied to x + golden gamma: nearby inputs give unrelated
// outputs. splitmix64(s) is the first number of the stream seeded with s.
[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// The SplitMix64 stream: splitmix64(seed), splitmix64(seed + gamma), ...
class SplitMix64 {
  public:
    explicit constexpr SplitMix64(std::uint64_t seed) : state_(seed) {}
    constexpr std::uint64_t next() {
        const std::uint64_t x = state_;
        state_ += 0x9E3779B97F4A7C15ULL;
        return splitmix64(x);
    }
    // Uniform enough in [0, n) for n far below 2^64 (modulo bias < n / 2^64).
    constexpr std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : next() % n; }

  private:
    std::uint64_t state_;
};

}  // namespace balance::core
