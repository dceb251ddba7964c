#pragma once
// Seeds and keys: every game's randomness derives from the sweep's master seed and the game's
// key, so a game plays the same on any machine, in any order, on any thread, in any shard.

#include <cstdint>
#include <string_view>

#include "balance/core/splitmix64.hpp"

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

using core::splitmix64;  // the one SplitMix64 (core/splitmix64.hpp)

// The seed of the game with `game_key`: splitmix64(master ^ fnv1a64(key)). Stored with the game.
[[nodiscard]] constexpr std::uint64_t derive_seed(std::uint64_t master_seed, std::string_view key) {
    return splitmix64(master_seed ^ fnv1a64(key));
}

using core::SplitMix64;  // streams for drawing several numbers from one seed (opening moves)

}  // namespace balance::tournament
