#pragma once
// The transposition table: 16-byte entries in 64-byte clusters of four.
//
// Each search writes under a new 16-bit generation (new_search()). clear() makes the table
// logically empty: entries written before it are invisible to probe() (the engine clears at a
// new game, and before every search that is not the next move of the game it searched last), so
// a move depends only on the game so far, its limits and seed, never on what the engine searched
// in other games. Within a game the entries of earlier moves stay visible: the next move's
// search starts with what the last one learnt, as in any engine that keeps its table. Clearing
// is O(1); the memory is wiped for real by a clear() after 32,768 searches.

#include <cstddef>
#include <cstdint>
#include <memory>

#include "balance/core/debug_assert.hpp"
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
// unless a node limit bounds what the search can store. A search stores at most one entry per
// node, so one 64-byte cluster (4 entries) per node holds a node-limited search and the most
// useful entries of the game's last few moves; a bigger table only spreads the same entries
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
    void new_search();  // the next search of the same game: earlier entries stay visible
    void clear();       // logically empty: nothing written before is visible
    [[nodiscard]] const TTEntry* probe(std::uint64_t key) const;
    void store(std::uint64_t key, core::Move move, int score, int eval, int depth, Bound bound);
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&clusters_[index(key)]); }

    [[nodiscard]] std::size_t bytes() const { return count_ * sizeof(Cluster); }
    [[nodiscard]] std::size_t megabytes() const { return megabytes_; }
    // Per mille of the first 1000 clusters' entries written by the current search.
    [[nodiscard]] int hashfull() const;

  private:
    struct alignas(64) Cluster {
        TTEntry entries[ClusterEntries];
    };
    static_assert(sizeof(Cluster) == 64);
    // The high bits pick the cluster, the low 32 bits verify: the two are independent.
    [[nodiscard]] std::size_t index(std::uint64_t key) const {
        BALANCE_ASSERT(count_ > 0 && clusters_);  // probed before resize()
        const auto i =
            static_cast<std::size_t>((static_cast<unsigned __int128>(key) * count_) >> 64);
        BALANCE_ASSERT(i < count_);
        return i;
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
    std::uint16_t first_ = 0;  // the first generation visible: entries since the last clear()
    [[nodiscard]] bool visible(const TTEntry& e) const {
        return e.generation != 0 && e.generation >= first_;
    }
};

}  // namespace balance::players::engine
