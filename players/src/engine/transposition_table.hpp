#pragma once
// The transposition table: 16-byte entries in 64-byte clusters of four.
//
// Every search starts from a logically empty table: new_search() bumps a 16-bit generation and
// entries of older generations are invisible to probe(). A move therefore depends only on the
// position (with its history), the limits and the seed, never on what the engine searched
// before, and a fresh engine answers exactly like a used one. Clearing is O(1); the memory is
// wiped for real only when the generation counter wraps (every 65535 searches).

#include <cstddef>
#include <cstdint>
#include <memory>

#include "balance/core/types.hpp"

namespace balance::players::engine {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
    std::uint32_t key32 = 0;
    std::uint32_t move = 0;
    std::int16_t score = 0;
    std::int16_t eval = 0;
    std::uint16_t generation = 0;  // 0 = empty
    std::int8_t depth = 0;
    Bound bound = Bound::None;

    [[nodiscard]] core::Move best_move() const {
        return core::Move(static_cast<int>(move & 0x7F), static_cast<int>((move >> 7) & 0x7F),
                          core::MoveKind((move >> 14) & 7), static_cast<int>((move >> 17) & 0x1F));
    }
};
static_assert(sizeof(TTEntry) == 16);

// The table a search with these limits uses, in MB, given the `hash_mb` asked for: all of it,
// unless a node limit bounds what the search can store. Every search starts from a logically
// empty table and stores at most one entry per node, so one 64-byte cluster (4 entries) per node
// holds a node-limited search with room to spare; a bigger table only spreads the same entries
// over more cache lines and pages. (Measured on the quick sweep, 10k nodes: 1 MB instead of 16 MB
// played the same 72 games 7-10% faster.) At least 1 MB, at most `hash_mb`.
[[nodiscard]] std::size_t table_megabytes(std::size_t hash_mb, std::uint64_t node_limit);

class TranspositionTable {
  public:
    static constexpr int ClusterEntries = 4;  // one 64-byte cache line

    TranspositionTable() = default;  // empty (0 bytes) until resize() or ensure()
    explicit TranspositionTable(std::size_t megabytes);

    void resize(std::size_t megabytes);
    // resize() only when the size differs (it clears the table): cheap to call per search.
    void ensure(std::size_t megabytes) {
        if (megabytes != megabytes_) resize(megabytes);
    }
    void new_search();
    [[nodiscard]] const TTEntry* probe(std::uint64_t key) const;
    void store(std::uint64_t key, core::Move move, int score, int eval, int depth, Bound bound);
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&clusters_[index(key)]); }

    [[nodiscard]] std::size_t bytes() const { return count_ * sizeof(Cluster); }
    // Per mille of the first 1000 clusters' entries written by the current search.
    [[nodiscard]] int hashfull() const;

  private:
    struct alignas(64) Cluster {
        TTEntry entries[ClusterEntries];
    };
    static_assert(sizeof(Cluster) == 64);
    // The high bits pick the cluster, the low 32 bits verify: the two are independent.
    [[nodiscard]] std::size_t index(std::uint64_t key) const {
        return static_cast<std::size_t>((static_cast<unsigned __int128>(key) * count_) >> 64);
    }
    struct FreeClusters {
        void operator()(Cluster* p) const;
    };

    // Allocated on a huge-page boundary and offered to the kernel as huge pages: a probe lands
    // anywhere in the table, and with 4 kB pages most probes of a 16 MB table also miss the TLB.
    std::unique_ptr<Cluster[], FreeClusters> clusters_;
    std::size_t count_ = 0;
    std::size_t megabytes_ = 0;
    std::uint16_t generation_ = 0;
};

}  // namespace balance::players::engine
