#pragma once
// Seeds and keys: every game's randomness derives from the sweep's master seed and the game's
// key, so a game plays the same on any machine, in any order, on any thread, in any shard.

#include <cstdint>
#include <string_view>

namespace balance::tournament {

// FNV-1a, 64 bit: a stable hash of key text (std::hash is not stable across library versions).
[[nodiscard]] constexpr std::uint64_t fnv1a64(std::string_view text) {
    std::uint64_t h = 0xCBF29CE484222325ULL;
    for (const char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001B3ULL;
    }
    return h;
}

// SplitMix64's output function: mixes a 64-bit value so that nearby inputs give unrelated outputs.
[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// The seed of the game with `game_key`: splitmix64(master ^ fnv1a64(key)). Stored with the game.
[[nodiscard]] constexpr std::uint64_t derive_seed(std::uint64_t master_seed, std::string_view key) {
    return splitmix64(master_seed ^ fnv1a64(key));
}

// A SplitMix64 stream for drawing several numbers from one seed (opening moves).
class SplitMix64 {
  public:
    explicit constexpr SplitMix64(std::uint64_t seed) : state_(seed) {}
    constexpr std::uint64_t next() {
        const std::uint64_t x = state_;
        state_ += 0x9E3779B97F4A7C15ULL;
        return splitmix64(x);  // the standard SplitMix64 sequence
    }
    // Uniform enough in [0, n) for n far below 2^64 (modulo bias < n / 2^64).
    constexpr std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : next() % n; }

  private:
    std::uint64_t state_;
};

}  // namespace balance::tournament
