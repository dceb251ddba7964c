#include "engine/transposition_table.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace balance::players::engine {

TranspositionTable::TranspositionTable(std::size_t megabytes) {
    resize(megabytes);
}

namespace {
constexpr std::size_t HugePage = 2 * 1024 * 1024;
constexpr std::size_t Megabyte = 1024 * 1024;
}  // namespace

std::size_t table_megabytes(std::size_t hash_mb, std::uint64_t node_limit) {
    if (node_limit == 0) return hash_mb;
    constexpr std::uint64_t ClusterBytes = sizeof(TTEntry) * TranspositionTable::ClusterEntries;
    const std::uint64_t cap = hash_mb * Megabyte / ClusterBytes;  // no overflow below
    const std::uint64_t clusters = std::min(node_limit, cap);
    const std::size_t mb =
        static_cast<std::size_t>((clusters * ClusterBytes + Megabyte - 1) / Megabyte);
    return std::clamp<std::size_t>(mb, 1, hash_mb);
}

void TranspositionTable::FreeClusters::operator()(Cluster* p) const {
    std::free(p);
}

void TranspositionTable::resize(std::size_t megabytes) {
    megabytes_ = megabytes;
    count_ = std::max<std::size_t>(1, megabytes * Megabyte / sizeof(Cluster));
    const std::size_t size = (count_ * sizeof(Cluster) + HugePage - 1) / HugePage * HugePage;
    clusters_.reset();  // the old table goes first: never both in memory at once
    clusters_.reset(static_cast<Cluster*>(std::aligned_alloc(HugePage, size)));
    if (!clusters_) throw std::bad_alloc();
#if defined(__linux__)
    madvise(clusters_.get(), size, MADV_HUGEPAGE);  // a hint: without it the table still works
#endif
    std::memset(static_cast<void*>(clusters_.get()), 0, bytes());
    generation_ = 0;
    first_ = 0;
}

void TranspositionTable::new_search() {
    if (++generation_ == 0) {  // wrapped: old entries would look current again
        std::memset(static_cast<void*>(clusters_.get()), 0, bytes());
        generation_ = 1;
        first_ = 1;
    }
}

void TranspositionTable::clear() {
    // Wiped for real well before the counter wraps, and only here: a game's entries must not
    // vanish in the middle of it at a point that depends on the games searched before.
    if (generation_ >= 0x8000) {
        std::memset(static_cast<void*>(clusters_.get()), 0, bytes());
        generation_ = 0;
    }
    new_search();
    first_ = generation_;
}

const TTEntry* TranspositionTable::probe(std::uint64_t key) const {
    const Cluster& c = clusters_[index(key)];
    const auto key32 = static_cast<std::uint32_t>(key);
    for (const TTEntry& e : c.entries) {
        if (visible(e) && e.key32 == key32) {
            BALANCE_ASSERT(e.bound != Bound::None && e.depth >= 0);  // as store() wrote it
            return &e;
        }
    }
    return nullptr;
}

void TranspositionTable::store(std::uint64_t key, core::Move move, int score, int eval, int depth,
                               Bound bound) {
    // What the entry's narrow fields hold: a bound, a depth that fits 8 bits (quiescence stores
    // 0), scores within 16 bits (the search's scores lie in [-Infinite, Infinite]).
    BALANCE_ASSERT(bound == Bound::Upper || bound == Bound::Lower || bound == Bound::Exact);
    BALANCE_ASSERT(depth >= 0 && depth <= std::numeric_limits<std::int8_t>::max());
    BALANCE_ASSERT(score >= std::numeric_limits<std::int16_t>::min() &&
                   score <= std::numeric_limits<std::int16_t>::max());
    BALANCE_ASSERT(eval >= std::numeric_limits<std::int16_t>::min() &&
                   eval <= std::numeric_limits<std::int16_t>::max());
    // new_search() or clear() came first (0 marks an empty entry), and what this search writes
    // is visible to it.
    BALANCE_ASSERT(generation_ != 0 && first_ <= generation_);
    Cluster& c = clusters_[index(key)];
    const auto key32 = static_cast<std::uint32_t>(key);
    TTEntry* victim = &c.entries[0];
    // Replaced first: the first invisible entry, then the least worth keeping: the shallowest,
    // an earlier search's entry counting 8 plies less for each search since (ties: the first).
    // Invisible entries are all alike: were their depths compared, the slot a new entry takes,
    // and with it which entry a later tie evicts, would depend on the games searched before.
    const auto worth = [&](const TTEntry& e) {
        const int age = std::min(generation_ - e.generation, 64);
        return visible(e) ? e.depth - 8 * age : -1000;
    };
    for (TTEntry& e : c.entries) {
        if (visible(e) && e.key32 == key32) {
            victim = &e;
            break;
        }
        if (worth(e) < worth(*victim)) victim = &e;
    }
    const bool same = visible(*victim) && victim->key32 == key32;
    // Keep a known move when the new result has none (a fail-low at this node).
    if (move.is_none() && same) move = victim->best_move();
    // Do not let a shallow non-exact result of this search overwrite a deeper one of the same
    // position (an earlier search's entry gives way: its bounds are older).
    if (same && victim->generation == generation_ && bound != Bound::Exact &&
        depth + 2 < victim->depth)
        return;
    victim->key32 = key32;
    victim->move = move.raw();
    victim->score = static_cast<std::int16_t>(score);
    victim->eval = static_cast<std::int16_t>(eval);
    victim->generation = generation_;
    victim->depth = static_cast<std::int8_t>(depth);
    victim->bound = bound;
}

int TranspositionTable::hashfull() const {
    const std::size_t n = std::min<std::size_t>(1000, count_);
    if (n == 0) return 0;
    int used = 0;
    for (std::size_t i = 0; i < n; ++i)
        for (const TTEntry& e : clusters_[i].entries) used += e.generation == generation_;
    return static_cast<int>(used * 1000 / (n * 4));
}

}  // namespace balance::players::engine
