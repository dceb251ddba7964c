#pragma once
// The one interface for anything that picks a move: the internal engine, external UCI/XBoard
// engines, and simple baselines. Failures are values: a crashed or lying engine loses its game,
// it never brings the sweep down.

#include <cstdint>
#include <string>

#include "balance/core/game.hpp"

namespace balance::players {

// Limits for one move. Zero means "no limit of this kind"; at least one should be set.
// Under a node or depth limit the internal engine is deterministic (same move on any machine).
struct SearchLimits {
    std::uint64_t nodes = 0;
    int depth = 0;
    int movetime_ms = 0;
};

enum class MoveStatus {
    Ok,
    NoMove,         // the player had no move to offer (should not happen in a live game)
    Timeout,        // no answer within the limit plus the margin
    Crashed,        // the engine process died
    IllegalMove,    // the answer was not a legal move
    ProtocolError,  // garbage, or the engine broke the protocol
    Resigned,       // the player resigned: a result, no failure
    // The engine could not be (re)started: the harness's problem, not a move of the game. Such a
    // game has no result; it is recorded as failed and played again later.
    Unavailable,
};

[[nodiscard]] inline const char* move_status_name(MoveStatus s) {
    switch (s) {
        case MoveStatus::Ok:
            return "ok";
        case MoveStatus::NoMove:
            return "no-move";
        case MoveStatus::Timeout:
            return "timeout";
        case MoveStatus::Crashed:
            return "crashed";
        case MoveStatus::IllegalMove:
            return "illegal-move";
        case MoveStatus::ProtocolError:
            return "protocol-error";
        case MoveStatus::Resigned:
            return "resigned";
        case MoveStatus::Unavailable:
            return "unavailable";
    }
    return "unknown";
}

struct MoveReply {
    MoveStatus status = MoveStatus::Ok;
    core::Move move;     // valid when status == Ok
    std::string detail;  // what went wrong, or the engine's own words
    int score_cp = 0;    // from the mover's point of view, when known
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0.0;
};

class Player {
  public:
    virtual ~Player() = default;
    [[nodiscard]] virtual std::string name() const = 0;
    // Called before the first move of each game (clears hash tables, sends ucinewgame, ...).
    virtual void new_game() {}
    // `seed` varies play reproducibly (opening diversity); the same game, limits and seed give
    // the same reply from the internal engine.
    [[nodiscard]] virtual MoveReply choose_move(const core::Game& game, const SearchLimits& limits,
                                                std::uint64_t seed) = 0;
};

}  // namespace balance::players
