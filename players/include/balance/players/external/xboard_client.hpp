#pragma once
// An XBoard/CECP v2 engine (fairymax, sjaakii, fairy-stockfish in xboard mode) over a Process.
//
// Every go() states the whole position: when it extends the previous one (same start, the moves
// we sent plus the engine's answer plus new moves) only `force` and the new moves are sent;
// otherwise `new`, `variant`, `force`, then `setboard` or the old `edit` mode, then the moves.
// A ping/pong round trip before `go` makes sure the engine accepted all of it: an
// `Illegal move` or `Error` reply becomes a Protocol error instead of a desynchronised game.
// Limits (sd, st, level/time/otim, maxnodes, nps) are re-sent before every go, because `new`
// resets some of them and engines differ in which ones persist.

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "balance/players/external/process_client.hpp"

namespace balance::players::external {

// Engine-specific behaviour the protocol does not announce (see notes/ENGINES.md).
struct XboardQuirks {
    int max_depth = 64;       // `sd` cap, and `sd` when no depth is asked
    bool maxnodes = false;    // sjaakii: exact node limit `maxnodes N` (`maxnodes 0` = off)
    bool random_off = false;  // sjaakii: randomises opening moves unless sent `random off`
    bool nps_broken = false;  // fairy-stockfish: accepts `nps` but ignores it
    // Fairy-Max: in `st` mode it aims at (clock)/15 per move, the clock being what `time` last
    // said, and stops only between iterations (hard stop near the whole clock). So a movetime
    // of M ms is sent as `st 1` + `time` of 15*M ms: sub-second targets, where plain `st`
    // rounds up to whole seconds. 0: plain `st`.
    int st_clock_share = 0;

    // Fairy-Max, Sjaak II and Fairy-Stockfish by their `myname`; defaults for anything else.
    [[nodiscard]] static XboardQuirks for_engine(std::string_view myname);
};

// Where a move sits, for translating between our notation and the engine's: the move is played
// in the position after `moves[0..ply)` from `start_fen`.
struct MoveContext {
    std::string_view start_fen;
    const std::vector<std::string>& moves;
    std::size_t ply = 0;
    bool white_to_move = true;
};
using MoveTranslator = std::function<std::string(std::string_view move, const MoveContext&)>;

struct XboardConfig {
    ProcessOptions process;
    std::string variant;  // `variant X` after every `new`; empty or "normal": none
    std::vector<std::pair<std::string, std::string>> options;  // `option NAME=VALUE` at start
    std::optional<XboardQuirks> quirks;  // nullopt: XboardQuirks::for_engine(myname)
    // Hooks for engines whose move notation differs from ours, e.g. castling sent as O-O when
    // the engine offers no coordinate option: map it to king-to-square here. Empty: unchanged.
    MoveTranslator move_to_engine;
    MoveTranslator move_from_engine;
    // The number the engine gives a board's first rank in moves and `edit` squares: 1, or 0 for
    // an engine that numbers the ranks of a 10-rank board 0 to 9, one digit each (the XBoard
    // convention, which Fairy-Max and Sjaak II keep; their definitions files count from 1).
    int first_rank = 1;
    TimeoutPolicy timeouts;
    LineObserver observer;
    // Protocol version 1 engines never send `feature`: after this long without one we assume v1
    // and check that it answers a test search (probe_protocol_one).
    std::chrono::milliseconds protover_wait{2000};
};

class XboardClient final : public ProcessClient {
  public:
    explicit XboardClient(XboardConfig config);
    ~XboardClient() override;

    // xboard, protover 2, features until done=1 (each answered accepted/rejected), then easy,
    // post, options, and a ping round trip.
    [[nodiscard]] EngineResult<void> start() override;
    void stop() override;  // quit, then terminate (no SIGTERM if the engine said sigterm=0)

    // `option NAME=VALUE`; Protocol error when the engine announced options but not this one.
    [[nodiscard]] EngineResult<void> set_option(std::string_view name,
                                                std::string_view value) override;
    // ping/pong; Protocol error if the engine answered `Illegal move` or `Error` before the pong.
    [[nodiscard]] EngineResult<void> sync() override;
    [[nodiscard]] EngineResult<void> new_game() override;
    // Sets the position up as go() would and waits for the engine to confirm it, without a
    // search: a Protocol error quotes what it rejected ("Illegal move: e2e5"). This checks moves
    // against the engine's own rules, e.g. a Fairy-Max variant definition.
    [[nodiscard]] EngineResult<void> set_position(std::string_view start_fen,
                                                  const std::vector<std::string>& moves);
    [[nodiscard]] EngineResult<SearchReply> go(std::string_view start_fen,
                                               const std::vector<std::string>& moves,
                                               const Limits& limits) override;
    // The next go() starts from `new` and sends every move, the engine's own ones included.
    void forget_position() override { position_known_ = false; }

    [[nodiscard]] const std::string& engine_name() const override { return name_; }

    // The engine's announced features ("setboard" -> "1"), and its `feature option` names.
    [[nodiscard]] const std::map<std::string, std::string>& features() const { return features_; }
    [[nodiscard]] const std::vector<std::string>& engine_options() const { return options_; }
    [[nodiscard]] const XboardQuirks& quirks() const { return quirks_; }

  private:
    [[nodiscard]] EngineResult<void> handshake();
    // No `feature` came: protocol 1, or a program that never answers. A protocol-1 engine plays
    // a move when asked; one that does not within timeouts.handshake is refused at start-up
    // (as a UCI engine without uciok is), instead of timing out on every move later.
    [[nodiscard]] EngineResult<void> probe_protocol_one();
    [[nodiscard]] bool feature(const std::string& key, bool fallback) const;
    [[nodiscard]] EngineResult<void> send_position(std::string_view start_fen,
                                                   const std::vector<std::string>& moves);
    [[nodiscard]] EngineResult<void> send_moves(std::string_view start_fen,
                                                const std::vector<std::string>& moves,
                                                std::size_t first);
    [[nodiscard]] EngineResult<Limits> send_limits(const Limits& limits, bool white);

    XboardConfig config_;
    XboardQuirks quirks_;
    std::map<std::string, std::string> features_;
    std::vector<std::string> options_;
    std::string name_;
    int ping_counter_ = 0;
    bool nps_active_ = false;
    // The position the engine holds, when known: start and moves in our notation.
    bool position_known_ = false;
    std::string known_fen_;
    std::vector<std::string> known_moves_;
};

}  // namespace balance::players::external
