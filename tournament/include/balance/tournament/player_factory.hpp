#pragma once
// Making the Player a PlayerSpec describes. The runner takes the factory as a parameter so tests
// can substitute players that crash, time out or lie.

#include <functional>
#include <memory>

#include "balance/core/error.hpp"
#include "balance/players/player.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

using PlayerFactory =
    std::function<Result<std::unique_ptr<players::Player>>(const PlayerSpec& spec)>;

// The internal engine, a baseline, or an external engine (started here, so a missing program or
// a failed handshake is reported before any game).
[[nodiscard]] Result<std::unique_ptr<players::Player>> make_player(const PlayerSpec& spec);

}  // namespace balance::tournament
