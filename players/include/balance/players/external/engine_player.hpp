#pragma once
// An external engine (UCI or XBoard client) as a Player. Every answer is checked against our
// rules with core::Game::parse_move, and every failure becomes a MoveStatus: a timeout, a dead
// process, an unparsable or illegal move lose the game instead of stopping the sweep. After a
// timeout or crash the engine is restarted before its next move.
//
// Engines that know a variant per army pairing (Fairy-Max's asym-elf-orc, ...) get one client
// per engine variant name, made on first use: `variant_of` names the variant a game needs.

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "balance/players/external/engine_client.hpp"
#include "balance/players/player.hpp"

namespace balance::players::external {

class EnginePlayer final : public Player {
  public:
    // A client (not started) configured for the engine variant `variant`.
    using ClientFactory = std::function<std::unique_ptr<EngineClient>(const std::string& variant)>;
    // The engine variant for a game; empty function: always `fixed_variant`.
    using VariantOf = std::function<std::string(const core::Game& game)>;

    // Switches a running client to another engine variant in place; false when it could not
    // (the client is then stopped and one made for the variant instead).
    using SelectVariant = std::function<bool(EngineClient& client, const std::string& variant)>;

    EnginePlayer(ClientFactory make_client, std::string fixed_variant, VariantOf variant_of = {});
    ~EnginePlayer() override;

    // Starts the client of `variant` (choose_move also starts clients when needed), e.g. to
    // learn the engine's name and fail early when the program is missing.
    [[nodiscard]] EngineResult<void> start(const std::string& variant);
    // The engine's own name (UCI `id name`, XBoard `myname`) once started, else "external".
    [[nodiscard]] std::string name() const override;
    void new_game() override { fresh_game_ = true; }
    [[nodiscard]] MoveReply choose_move(const core::Game& game, const SearchLimits& limits,
                                        std::uint64_t seed) override;

    [[nodiscard]] int restarts() const { return restarts_; }

    // When the engine refuses a move of the game (its own rules differ from ours on it: a
    // Fairy-Max pawn's double step needs an unmoved pawn, ours one on its start rank, so a Guard
    // that captured sideways along its second rank may still double-step), state the current
    // position itself, without the moves, and search once more. Off by default: for other
    // engines a refused move is a fault of theirs.
    void restate_refused_moves(bool on) { restate_refused_ = on; }
    // Positions restated so.
    [[nodiscard]] int restated() const { return restated_; }
    // One process for every variant a game asks for, switched in place by `select` (Fairy-
    // Stockfish loads another variants file and variant in milliseconds, while a start costs
    // seconds: a sweep over six rule sets interleaves six variants, one more than MaxClients
    // would keep, so every game would start two engines). Variants that cannot be played ("!")
    // keep clients of their own.
    void share_one_process(SelectVariant select) { select_ = std::move(select); }
    // Engine processes kept, one per variant played lately (at most MaxClients).
    [[nodiscard]] std::size_t clients() const { return clients_.size(); }

    // A sweep over many army pairings is many variants to an engine that takes the pairing as
    // its variant (Fairy-Max's asym-humans-elves, ...), and games visit them in turn: one
    // process kept per variant grew to variants x players x 2 sides x threads (108 Fairy-Max
    // processes, 1.6 GB, for 9 pairings and 3 depths on 2 threads; thousands on a cluster node).
    // Beyond this many, the least recently used is stopped; starting one again costs a
    // handshake (Fairy-Max with a small hash: about 11 ms), not a game.
    static constexpr std::size_t MaxClients = 4;

  private:
    EngineClient& client(const std::string& variant);
    EngineClient& shared_client(const std::string& variant);
    // "startpos" when the game began at the variant's start position, else its FEN without
    // core's army metadata; and the game's moves as UCI text.
    static std::string start_position(const core::Game& game);
    static std::vector<std::string> uci_moves(const core::Game& game);

    ClientFactory make_client_;
    std::string fixed_variant_;
    VariantOf variant_of_;
    SelectVariant select_;
    std::string shared_variant_;  // the variant the shared process plays now
    std::map<std::string, std::unique_ptr<EngineClient>> clients_;
    std::map<std::string, bool> ever_started_;
    std::map<std::string, std::uint64_t> last_used_;  // use count at the client's last move
    std::uint64_t uses_ = 0;
    bool fresh_game_ = true;
    int restarts_ = 0;
    bool restate_refused_ = false;
    int restated_ = 0;
};

// SearchLimits (0 = none) in the clients' terms.
[[nodiscard]] Limits to_limits(const SearchLimits& limits);

}  // namespace balance::players::external
