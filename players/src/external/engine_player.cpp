#include "balance/players/external/engine_player.hpp"

#include <algorithm>
#include <chrono>
#include <type_traits>
#include <utility>

#include "balance/players/engine/search_types.hpp"

namespace balance::players::external {

namespace {

MoveStatus status_of(Fault fault) {
    switch (fault) {
        case Fault::Timeout:
            return MoveStatus::Timeout;
        case Fault::Protocol:
            return MoveStatus::ProtocolError;
        case Fault::SpawnFailed:
        case Fault::Crashed:
        case Fault::Io:
        case Fault::NotRunning:
            return MoveStatus::Crashed;
    }
    return MoveStatus::Crashed;
}

}  // namespace

Limits to_limits(const SearchLimits& limits) {
    Limits out;
    if (limits.nodes > 0) out.nodes = limits.nodes;
    if (limits.depth > 0) out.depth = limits.depth;
    if (limits.movetime_ms > 0) out.movetime_ms = limits.movetime_ms;
    return out;
}

EnginePlayer::EnginePlayer(ClientFactory make_client, std::string fixed_variant,
                           VariantOf variant_of)
    : make_client_(std::move(make_client)),
      fixed_variant_(std::move(fixed_variant)),
      variant_of_(std::move(variant_of)) {}

EnginePlayer::~EnginePlayer() {
    for (auto& [variant, client] : clients_) client->stop();
}

EngineClient& EnginePlayer::shared_client(const std::string& variant) {
    // The shared process lives under the key "" (no engine variant is empty in this mode).
    auto& slot = clients_[std::string{}];
    last_used_[std::string{}] = ++uses_;
    if (slot && shared_variant_ != variant) {
        if (!slot->running() || !select_(*slot, variant)) {
            slot->stop();
            slot.reset();
        }
    }
    if (!slot) slot = make_client_(variant);
    shared_variant_ = variant;
    return *slot;
}

EngineClient& EnginePlayer::client(const std::string& variant) {
    if (select_ && !variant.empty() && variant[0] != '!') return shared_client(variant);
    if (!clients_.contains(variant) && clients_.size() >= MaxClients) {
        // Stop the least recently used; a planned stop, so its next start is no restart.
        const auto oldest =
            std::min_element(clients_.begin(), clients_.end(), [&](const auto& a, const auto& b) {
                return last_used_.at(a.first) < last_used_.at(b.first);
            });
        oldest->second->stop();
        ever_started_.erase(oldest->first);
        last_used_.erase(oldest->first);
        clients_.erase(oldest);
    }
    last_used_[variant] = ++uses_;
    auto& slot = clients_[variant];
    if (!slot) slot = make_client_(variant);
    return *slot;
}

EngineResult<void> EnginePlayer::start(const std::string& variant) {
    EngineClient& c = client(variant);
    auto started = c.running() ? c.restart() : c.start();
    if (started) ever_started_[variant] = true;
    return started;
}

std::string EnginePlayer::name() const {
    for (const auto& [variant, client] : clients_) {
        if (!client->engine_name().empty()) return client->engine_name();
    }
    return "external";
}

static MoveReply failure(const EngineError& error) {
    MoveReply reply;
    reply.status = status_of(error.fault);
    reply.detail = error.to_string();
    return reply;
}

std::string EnginePlayer::start_position(const core::Game& game) {
    const std::string variant_start = game.visit(
        [](const auto& pos) { return std::remove_cvref_t<decltype(pos)>(pos.rules_ptr()).fen(); });
    if (game.start_fen() == variant_start) return "startpos";
    std::string fen = game.start_fen();
    if (const auto brace = fen.find(" {"); brace != std::string::npos) fen.erase(brace);
    return fen;
}

std::vector<std::string> EnginePlayer::uci_moves(const core::Game& game) {
    // A move's text depends on the position it is played in, so walk back through a copy.
    core::Game replay = game;
    const auto& moves = game.moves();
    std::vector<std::string> out(moves.size());
    for (std::size_t i = moves.size(); i-- > 0;) {
        replay.undo();
        out[i] = replay.uci(moves[i]);
    }
    return out;
}

namespace {

// The square the game's last move passed over if it was a pawn's double step (the compiled
// steps that create an e.p. square), whether or not it made an e.p. square: the rules make one
// only where an e.p. capture is possible, Fairy-Max always does.
int passed_by_double_step(const core::Game& game) {
    return game.visit([](const auto& pos) {
        const core::Move last = pos.last_move();
        if (last.is_none() || last.kind() != core::MoveKind::Normal) return int{core::NoSquare};
        const core::PieceCode piece = pos.piece_on(last.to());
        if (piece == core::NoPiece) return int{core::NoSquare};
        const auto& moves =
            pos.rules().moves[core::index(core::color_of(piece))][core::type_of(piece)];
        for (const auto& step : moves.lame(last.from()))
            if (step.creates_ep &&
                (step.quiet & core::square_bb<decltype(pos.pieces())>(last.to())))
                return step.ep_square;
        return int{core::NoSquare};
    });
}

}  // namespace

MoveReply EnginePlayer::choose_move(const core::Game& game, const SearchLimits& limits,
                                    std::uint64_t) {
    const std::string variant = variant_of_ ? variant_of_(game) : fixed_variant_;
    EngineClient& engine = client(variant);
    // A game starts by asking the engine for a new game. An engine found dead then (it died
    // while idle since its last game, or an outage took it) has lost no move of this game: it
    // is restarted for it below, and if it cannot start, the game is void like any game whose
    // engine cannot be started, not lost. A complaint from a living engine plays on: go()
    // below judges it.
    if (fresh_game_ && engine.running()) {
        const bool answered = engine.alive() && engine.new_game().ok();
        if (answered || (engine.running() && engine.alive())) {
            fresh_game_ = false;
        } else {
            engine.stop();
        }
    }
    if (!engine.running()) {
        // First use, or the way back after a timeout or crash stopped the engine.
        if (ever_started_[variant]) ++restarts_;
        if (auto started = start(variant); !started) {
            // Not a move of this game: the engine is not there to play it (see player.hpp).
            MoveReply reply = failure(started.error());
            reply.status = MoveStatus::Unavailable;
            return reply;
        }
        fresh_game_ = true;
    }
    if (fresh_game_) {
        // A failure here shows up in go() below, which then loses the game for this side.
        (void)engine.new_game();
        fresh_game_ = false;
    }
    auto answer = engine.go(start_position(game), uci_moves(game), to_limits(limits));
    if (!answer && restate_refused_ && answer.error().fault == Fault::Protocol &&
        answer.error().message.find("Illegal move") != std::string::npos && !game.moves().empty() &&
        engine.running()) {
        // The current position without its history: core's FEN less the army metadata.
        std::string fen = game.fen();
        if (const auto brace = fen.find(" {"); brace != std::string::npos) fen.erase(brace);
        engine.forget_position();
        ++restated_;
        answer = engine.go(fen, {}, to_limits(limits));
    }
    if (!answer) return failure(answer.error());
    MoveReply reply;
    reply.seconds = std::chrono::duration<double>(answer->elapsed).count();
    if (answer->info) {
        reply.nodes = answer->info->nodes;
        if (answer->info->score_cp || answer->info->score_mate) {
            reply.score_cp = answer->info->score_mate
                                 ? engine::mate_score_in_moves(*answer->info->score_mate)
                                 : *answer->info->score_cp;
            reply.depth = std::max(1, answer->info->depth);  // depth > 0 marks a known score
        }
    }
    switch (answer->kind) {
        case ReplyKind::Move:
            break;
        case ReplyKind::NoLegalMove:
            reply.status = MoveStatus::NoMove;
            reply.detail = "engine reported no legal move";
            return reply;
        case ReplyKind::GameOverClaim:
            reply.status = MoveStatus::NoMove;
            reply.detail = "engine claimed a result: " + answer->claim;
            return reply;
        case ReplyKind::Resign:
            reply.status = MoveStatus::Resigned;
            reply.detail = "engine resigned";
            return reply;
    }
    auto move = game.parse_move(answer->move);
    if (!move) {
        reply.status = MoveStatus::IllegalMove;
        // The message names the move; the game runner adds the position (once).
        reply.detail = move.error().message;
        return reply;
    }
    // A move onto the square a pawn's double step just passed that is not an e.p. capture (a
    // Footman's straight step onto the square an Elf Sprite's diagonal double step passed):
    // Fairy-Max applies such a move of its own as the capture and drops the Sprite from its
    // board. Sent back as a move of the game it stays plain, so the next search restates the
    // position from the start.
    if (move->kind() != core::MoveKind::EnPassant &&
        passed_by_double_step(game) == static_cast<int>(move->to()))
        engine.forget_position();
    reply.move = *move;
    return reply;
}

}  // namespace balance::players::external
