#pragma once
// An external engine (UCI or XBoard client) as a Player. Every answer is checked against our
// rules with core::Game::parse_move, and every failure becomes a MoveStatus: a timeout, a dead
// process, an unparsable or illegal move lose the game instead of stopping the sweep. After a
// timeout or crash the engine is restarted before its next move.

#include <memory>
#include <string>
#include <vector>

#include "balance/players/external/engine_client.hpp"
#include "balance/players/player.hpp"

namespace balance::players::external {

class EnginePlayer final : public Player {
  public:
    explicit EnginePlayer(std::unique_ptr<EngineClient> client);
    ~EnginePlayer() override;

    // Starts the engine; choose_move also starts it when needed.
    [[nodiscard]] EngineResult<void> start();
    // The engine's own name (UCI `id name`, XBoard `myname`) once started, else "external".
    [[nodiscard]] std::string name() const override;
    void new_game() override;
    [[nodiscard]] MoveReply choose_move(const core::Game& game, const SearchLimits& limits,
                                        std::uint64_t seed) override;

    [[nodiscard]] int restarts() const { return restarts_; }

  private:
    // "startpos" when the game began at the variant's start position, else its FEN without
    // core's army metadata; and the game's moves as UCI text.
    static std::string start_position(const core::Game& game);
    static std::vector<std::string> uci_moves(const core::Game& game);
    MoveReply failure(const EngineError& error);

    std::unique_ptr<EngineClient> client_;
    int restarts_ = 0;
    bool started_ = false;
};

// SearchLimits (0 = none) in the clients' terms.
[[nodiscard]] Limits to_limits(const SearchLimits& limits);

}  // namespace balance::players::external
