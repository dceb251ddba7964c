#pragma once
// The internal engine as a Player: one transposition table and one searcher per board width,
// evaluation tables built once per compiled Rules and cached (by rules pointer) until the
// pairing changes. Single-threaded: run one Engine per game thread.
//
// Memory per instance: the hash table (EngineOptions::hash_mb, 16 MB by default, allocated by
// the first search; a node-limited search uses only 64 bytes per node of it, at least 1 MB:
// table_megabytes in transposition_table.hpp) plus about 1 MB of search scratch per board width
// used, plus ~100 KB of evaluation tables per pairing; memory_bytes() reports the live total.
//
// Limits: SearchLimits nodes / depth / movetime, any combination (whichever is hit first).
// The node limit holds from the first node, overshooting it by at most one (a search it stops
// inside the first iteration replies with the best root move searched so far, else the first
// in move order); a movetime and `stop` are honoured once the first iteration is complete.
// With no limit at all the engine searches to depth 6. Under node and depth limits the reply is
// a pure function of (game so far, limits, seed), and no clock is read unless a movetime is set.
// Within a game the engine keeps what its earlier searches learnt (hash table, history): a
// search of the game's next position (the last searched position's continuation by the game's
// moves, with no new_game() between) starts from it; any other search starts from nothing. So
// the same game gets the same moves from a fresh engine and from one that played other games
// before, and search() (openings, tests, the bench) always starts from nothing.

#include <memory>
#include <string>

#include "balance/core/position.hpp"
#include "balance/players/engine/search_types.hpp"
#include "balance/players/player.hpp"

namespace balance::players::engine {

class Engine : public Player {
  public:
    explicit Engine(EngineOptions options = {});
    ~Engine() override;
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    [[nodiscard]] std::string name() const override { return "balance"; }
    void new_game() override;
    [[nodiscard]] MoveReply choose_move(const core::Game& game, const SearchLimits& limits,
                                        std::uint64_t seed) override;

    // Lower level, for tests, the bench and the UCI loop. `plies_played`: plies of the game so
    // far (drives the opening randomisation, see root_random.hpp); pass a negative value for no
    // randomisation. `pos` is restored on return.
    template <core::Bitboard BB>
    SearchResult search(core::Position<BB>& pos, const SearchLimits& limits, std::uint64_t seed = 0,
                        int plies_played = -1, const SearchHooks& hooks = {});
    // The same for a move of a game (choose_move, the UCI loop): keeps what the game's earlier
    // searches learnt when `pos` continues the position searched last (see above).
    template <core::Bitboard BB>
    SearchResult search_game_move(core::Position<BB>& pos, const SearchLimits& limits,
                                  std::uint64_t seed, int plies_played,
                                  const SearchHooks& hooks = {});

    // Static evaluation of `pos`, side to move's view (for tests and the UCI `eval` command).
    template <core::Bitboard BB>
    int static_eval(const core::Position<BB>& pos);

    // The static evaluation as the search stands pat on it: static_eval() plus, in a variant
    // decided by points (Stylish chess), the points so far in decipoints (points_search.hpp).
    template <core::Bitboard BB>
    int search_eval(const core::Position<BB>& pos);

    // The quiescence search's score of `pos` (side to move's view; restored on return), from a
    // cleared table: search_eval() unless a capture or promotion changes it (balance tune keeps
    // the positions where it does not).
    template <core::Bitboard BB>
    int quiescence(core::Position<BB>& pos);

    void set_options(const EngineOptions& options);
    [[nodiscard]] const EngineOptions& options() const { return options_; }
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    // The hash table, and per board width the evaluation tables and the searcher: defined in
    // engine.cpp, so that users of the engine do not compile the search.
    struct State;

    EngineOptions options_;
    std::unique_ptr<State> state_;
};

}  // namespace balance::players::engine
