#include "balance/core/slider_attacks.hpp"

namespace balance::core {
namespace {

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {-1, -1}, {1, -1}, {-1, 1}};

// Attacks from sq along the given directions, stopping at (and including) the first occupied
// square; also returns the relevant-occupancy mask (the ray without its last square).
template <Bitboard BB>
BB walk(int files, int ranks, int sq, const int (*dirs)[2], int ndirs, BB occ, BB* relevant) {
    BB attacks{};
    if (relevant) *relevant = BB{};
    for (int d = 0; d < ndirs; ++d) {
        int f = sq % files + dirs[d][0], r = sq / files + dirs[d][1];
        while (f >= 0 && f < files && r >= 0 && r < ranks) {
            const int s = r * files + f;
            attacks |= square_bb<BB>(s);
            const int nf = f + dirs[d][0], nr = r + dirs[d][1];
            const bool last = !(nf >= 0 && nf < files && nr >= 0 && nr < ranks);
            if (relevant && !last) *relevant |= square_bb<BB>(s);
            if (occ & square_bb<BB>(s)) break;
            f = nf;
            r = nr;
        }
    }
    return attacks;
}

// Fills the table for one (square, direction set) entry by enumerating every subset of the mask.
template <Bitboard BB>
void fill(int files, int ranks, int sq, const int (*dirs)[2], int ndirs, std::vector<BB>& table,
          BB& mask_out, unsigned& offset_out) {
    BB mask{};
    walk<BB>(files, ranks, sq, dirs, ndirs, BB{}, &mask);
    mask_out = mask;
    offset_out = static_cast<unsigned>(table.size());
    const int bits = popcount(mask);
    table.resize(table.size() + (size_t{1} << bits));
    // Carry-Rippler enumeration of all subsets of mask.
    BB subset{};
    do {
        table[offset_out + pext(subset, mask)] =
            walk<BB>(files, ranks, sq, dirs, ndirs, subset, nullptr);
        subset = (subset - mask) & mask;
    } while (subset != 0);
}

}  // namespace

template <Bitboard BB>
SliderAttacks<BB>::SliderAttacks(int files, int ranks) {
    const int squares = files * ranks;
    for (int sq = 0; sq < squares; ++sq) {
        rook_rays_[sq] = walk<BB>(files, ranks, sq, RookDirs, 4, BB{}, nullptr);
        bishop_rays_[sq] = walk<BB>(files, ranks, sq, BishopDirs, 4, BB{}, nullptr);
        for (int kind = 0; kind < 4; ++kind) {
            const int(*dirs)[2] = kind < 2 ? RookDirs + 2 * kind : BishopDirs + 2 * (kind - 2);
            fill<BB>(files, ranks, sq, dirs, 2, table_, lines_[kind][sq].mask,
                     lines_[kind][sq].offset);
        }
    }
    // The table no longer grows: resolve offsets to pointers (one indirection less per lookup).
    for (int sq = 0; sq < squares; ++sq) {
        for (auto& kind : lines_) kind[sq].attacks = table_.data() + kind[sq].offset;
    }
}

template class SliderAttacks<u64>;
template class SliderAttacks<u128>;

}  // namespace balance::core
