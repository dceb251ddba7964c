// The slider tables (one PEXT table per line through each square) against a ray walk written
// here, square by square: every geometry the variants use (8x8 in 64 bits, 10x8 in 128 bits) and
// a few others, empty, full and seeded random occupancies, the slider's own square occupied or
// not (it never matters), and the rays on an empty board.

#include <gtest/gtest.h>

#include <random>

#include "balance/core/slider_attacks.hpp"

namespace balance::testing {
namespace {

template <core::Bitboard BB>
BB walk(int files, int ranks, int sq, bool diagonal, BB occ) {
    static constexpr int Orth[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static constexpr int Diag[4][2] = {{1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
    BB attacks{};
    for (const auto& d : diagonal ? Diag : Orth) {
        for (int f = sq % files + d[0], r = sq / files + d[1];
             f >= 0 && f < files && r >= 0 && r < ranks; f += d[0], r += d[1]) {
            const BB s = core::square_bb<BB>(r * files + f);
            attacks |= s;
            if (occ & s) break;
        }
    }
    return attacks;
}

template <core::Bitboard BB>
void check_geometry(int files, int ranks) {
    SCOPED_TRACE(std::to_string(files) + "x" + std::to_string(ranks));
    const core::SliderAttacks<BB> sliders(files, ranks);
    const int squares = files * ranks;
    BB board{};
    for (int s = 0; s < squares; ++s) board |= core::square_bb<BB>(s);
    std::mt19937_64 rng(20261126);
    for (int sq = 0; sq < squares; ++sq) {
        ASSERT_EQ(sliders.rook_rays(sq), walk<BB>(files, ranks, sq, false, BB{})) << sq;
        ASSERT_EQ(sliders.bishop_rays(sq), walk<BB>(files, ranks, sq, true, BB{})) << sq;
        for (int trial = 0; trial < 300; ++trial) {
            BB occ{};
            if (trial == 1) occ = board;
            if (trial > 1) {
                // Sparse to dense: one to three random words ANDed together.
                for (int s = 0; s < squares; ++s) {
                    const int density = trial % 3;
                    bool set = rng() & 1;
                    for (int k = 0; k < density; ++k) set = set && (rng() & 1);
                    if (set) occ |= core::square_bb<BB>(s);
                }
            }
            for (const BB o : {occ, occ ^ core::square_bb<BB>(sq)}) {
                ASSERT_EQ(sliders.rook(sq, o), walk<BB>(files, ranks, sq, false, o))
                    << "rook on " << sq << ", trial " << trial;
                ASSERT_EQ(sliders.bishop(sq, o), walk<BB>(files, ranks, sq, true, o))
                    << "bishop on " << sq << ", trial " << trial;
            }
        }
    }
}

TEST(SliderAttacks, MatchARayWalkOnEveryBoard) {
    check_geometry<core::u64>(8, 8);
    check_geometry<core::u64>(6, 6);
    check_geometry<core::u64>(8, 6);
    check_geometry<core::u128>(10, 8);
    check_geometry<core::u128>(12, 10);
    check_geometry<core::u128>(8, 8);
}

}  // namespace
}  // namespace balance::testing
