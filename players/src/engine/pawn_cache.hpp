#pragma once
// The pawn-role pieces' share of the evaluation, remembered by pawn structure.
//
// What the evaluation derives from the pawn-role pieces alone (their placement, the squares they
// attack, doubled / isolated / passed pawns) changes only when one of them moves or is taken,
// which most moves of a search do not do. A searcher keeps the last results here, each under the
// exact pawn-role bitboards it was computed from (not a hash of them): a hit is the same
// structure, so the cached terms are exactly what evaluate() would compute. The cache is emptied
// at the start of every search (a generation count, no loop), since the entries belong to one
// variant and pairing's tables: a search's result does not depend on what the searcher did
// before, and the bench signature is the same with and without the cache.
//
// Only for pawn-role pieces whose attacks do not depend on the board (leaps only, no lines, no
// move types that can be lost or that depend on a square's colour): EvalTables::pawn_cacheable.

#include <array>
#include <cstdint>
#include <vector>

#include "balance/core/splitmix64.hpp"
#include "balance/players/engine/eval.hpp"

namespace balance::players::engine {

// The pawn-role terms of both colours.
template <core::Bitboard BB>
struct PawnTerms {
    std::array<BB, 2> pawns{}, attacks{}, passed{};
    std::array<Score, 2> score{};  // placement and structure, without the king-distance term
};

// Computes the pawn-role terms from the position (what a cache miss does).
template <core::Bitboard BB>
void compute_pawn_terms(const core::Position<BB>& pos, const EvalTables<BB>& et,
                        PawnTerms<BB>& terms);

template <core::Bitboard BB>
class PawnCache {
  public:
    static constexpr int Entries = 1024;  // a power of two
    PawnCache() : entries_(Entries) {}

    // Forgets every entry (at the start of a search: the tables may be another variant's).
    void clear() { ++generation_; }

    // The terms of pos's pawn structure (et.pawn_cacheable must hold): from the cache when the
    // same structure is stored, computed and stored otherwise.
    const PawnTerms<BB>& terms(const core::Position<BB>& pos, const EvalTables<BB>& et) {
        Key key{};
        std::uint64_t h = 0;
        int k = 0;
        for (int c = 0; c < 2; ++c)
            for (const core::PieceType t : et.pawn_types[c]) {
                key[k] = pos.pieces(core::Color(c), t);
                h = core::splitmix64(h ^ low(key[k]) ^ (high(key[k]) * 31) ^ std::uint64_t(k));
                ++k;
            }
        Entry& e = entries_[h & (Entries - 1)];
        if (e.generation != generation_ || e.key != key) {
            e.key = key;
            e.generation = generation_;
            compute_pawn_terms(pos, et, e.terms);
        }
        return e.terms;
    }

    [[nodiscard]] static constexpr std::size_t bytes() { return Entries * sizeof(Entry); }

  private:
    using Key = std::array<BB, 2 * MaxCachedPawnTypes>;
    struct Entry {
        Key key{};
        std::uint64_t generation = 0;  // valid while equal to the cache's
        PawnTerms<BB> terms;
    };
    static std::uint64_t low(BB b) { return static_cast<std::uint64_t>(b); }
    static std::uint64_t high(BB b) {
        if constexpr (sizeof(BB) > 8)
            return static_cast<std::uint64_t>(b >> 64);
        else
            return 0;
    }
    std::vector<Entry> entries_;
    std::uint64_t generation_ = 1;
};

}  // namespace balance::players::engine
