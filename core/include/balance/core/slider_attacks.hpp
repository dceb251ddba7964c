#pragma once
// Sliding attacks along rook lines and bishop lines for any board geometry, from tables built
// once per geometry. 64-square boards use one PEXT table per square for each of rook and bishop
// (the classic layout); wider boards use one small table per line (rank, file, diagonal,
// anti-diagonal), which keeps the tables in cache where a combined 128-bit table would not.

#include <array>
#include <vector>

#include "balance/core/bitboard.hpp"

namespace balance::core {

template <Bitboard BB>
class SliderAttacks {
  public:
    SliderAttacks(int files, int ranks);

    [[nodiscard]] BB rook(int sq, BB occ) const {
        if constexpr (std::is_same_v<BB, u64>) {
            const Entry& e = rook_[sq];
            return e.attacks[pext(occ, e.mask)];
        } else {
            return line(0, sq, occ) | line(1, sq, occ);
        }
    }
    [[nodiscard]] BB bishop(int sq, BB occ) const {
        if constexpr (std::is_same_v<BB, u64>) {
            const Entry& e = bishop_[sq];
            return e.attacks[pext(occ, e.mask)];
        } else {
            return line(2, sq, occ) | line(3, sq, occ);
        }
    }
    // Rays from sq to the board edge (attacks on an empty board).
    [[nodiscard]] BB rook_rays(int sq) const { return rook_rays_[sq]; }
    [[nodiscard]] BB bishop_rays(int sq) const { return bishop_rays_[sq]; }

  private:
    struct Entry {
        BB mask{};                    // relevant occupancy
        unsigned offset = 0;          // first table index
        const BB* attacks = nullptr;  // table_.data() + offset, set once the table is complete
    };
    [[nodiscard]] BB line(int kind, int sq, BB occ) const {
        const Entry& e = lines_[kind][sq];
        return e.attacks[pext(occ, e.mask)];
    }

    std::array<Entry, max_squares<BB>> rook_{}, bishop_{};
    std::array<std::array<Entry, max_squares<BB>>, 4> lines_{};
    std::array<BB, max_squares<BB>> rook_rays_{}, bishop_rays_{};
    std::vector<BB> table_;
};

}  // namespace balance::core
