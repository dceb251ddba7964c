#pragma once
// What we ask an external engine to search and what it answers, common to UCI and XBoard.
// Moves are plain text in the engine's coordinate notation (e2e4, e7e8q); checking them against
// our rules is the caller's job.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace balance::players::external {

// Search limits; any combination, the engine stops at whichever it reaches first.
struct Limits {
    std::optional<std::uint64_t> nodes;
    std::optional<int> depth;
    std::optional<int> movetime_ms;
    std::optional<int> wtime_ms, btime_ms;  // clocks; either both or neither
    std::optional<int> winc_ms, binc_ms;
    std::optional<int> movestogo;
    // Overrides the derived deadline (search_timeout) for this search.
    std::optional<std::chrono::milliseconds> timeout;
};

// How long to wait for an answer before calling it a timeout. Budgets are generous on purpose:
// a loaded 2-core machine running many engines can be several times slower than usual.
struct TimeoutPolicy {
    std::chrono::milliseconds margin{2000};  // added to every derived budget
    double slack = 0.5;                      // and this fraction of the budget
    // Node limits become time budgets at this (deliberately pessimistic) speed.
    double slow_nodes_per_second = 20'000;
    // A search limited only by depth (or not at all) has no time bound of its own.
    std::chrono::milliseconds unbounded{60'000};
    std::chrono::milliseconds handshake{10'000};  // uci/uciok, xboard/feature done=1, sync
};

// No deadline is further away than this (7 days): steady_clock counts nanoseconds in 64 bits, so
// `now + timeout` overflows (and every move "times out") beyond about 290 years.
inline constexpr std::chrono::milliseconds longest_search{7LL * 24 * 3600 * 1000};

// The deadline for a search with `limits`: the tightest time bound implied by the limits
// (movetime, the larger clock plus increment, nodes at slow_nodes_per_second), plus margin and
// slack; `policy.unbounded` when no limit bounds time. limits.timeout overrides all of this.
// Never more than longest_search.
[[nodiscard]] std::chrono::milliseconds search_timeout(const Limits& limits,
                                                       const TimeoutPolicy& policy);

// The engine's last report about its search (UCI `info`, XBoard thinking output).
struct SearchInfo {
    int depth = 0;
    std::optional<int> score_cp;    // from the side to move's point of view
    std::optional<int> score_mate;  // moves to mate; negative when being mated
    std::uint64_t nodes = 0;
    std::uint64_t nps = 0;
    std::vector<std::string> pv;
};

enum class ReplyKind : std::uint8_t {
    Move,           // `move` holds the engine's move
    NoLegalMove,    // UCI `bestmove (none)` (also `bestmove 0000`)
    GameOverClaim,  // XBoard: a result line instead of a move (`claim`), e.g. mated, stalemate
    Resign,         // XBoard `resign`
};

struct SearchReply {
    ReplyKind kind = ReplyKind::Move;
    std::string move;    // engine notation; empty unless kind == Move
    std::string ponder;  // UCI ponder move, if any
    std::string claim;   // XBoard result line that ended the search, e.g. "1/2-1/2 {Stalemate}"
    std::optional<SearchInfo> info;
    int garbage_lines = 0;  // lines during this search that the protocol does not allow
    std::chrono::microseconds elapsed{0};  // from sending go to the answer
};

// The side to move after `moves_played` moves from `start_fen` ("startpos": White).
[[nodiscard]] bool white_to_move(std::string_view start_fen, std::size_t moves_played);

}  // namespace balance::players::external
