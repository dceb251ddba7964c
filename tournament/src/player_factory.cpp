#include "balance/tournament/player_factory.hpp"

#include <utility>

#include "balance/players/baselines.hpp"
#include "balance/players/engine/engine.hpp"
#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/uci_client.hpp"
#include "balance/players/external/xboard_client.hpp"

namespace balance::tournament {

namespace {

namespace ext = players::external;

ext::ProcessOptions process_options(const PlayerSpec& spec) {
    ext::ProcessOptions process;
    process.argv = spec.external.command;
    process.working_directory = spec.external.working_dir;
    process.name = spec.name;
    return process;
}

ext::TimeoutPolicy timeouts(const PlayerSpec& spec) {
    ext::TimeoutPolicy policy;
    policy.margin = std::chrono::milliseconds(spec.external.timeout_margin_ms);
    return policy;
}

std::unique_ptr<ext::EngineClient> make_client(const PlayerSpec& spec) {
    if (spec.kind == PlayerKind::Uci) {
        ext::UciConfig config;
        config.process = process_options(spec);
        config.variant_path = spec.external.variant_path;
        config.variant = spec.external.variant;
        config.options = spec.external.options;
        config.timeouts = timeouts(spec);
        return std::make_unique<ext::UciClient>(std::move(config));
    }
    ext::XboardConfig config;
    config.process = process_options(spec);
    config.variant = spec.external.variant;
    config.options = spec.external.options;
    config.timeouts = timeouts(spec);
    return std::make_unique<ext::XboardClient>(std::move(config));
}

}  // namespace

Result<std::unique_ptr<players::Player>> make_player(const PlayerSpec& spec) {
    switch (spec.kind) {
        case PlayerKind::Engine: {
            players::engine::EngineOptions options;
            options.hash_mb = static_cast<std::size_t>(spec.hash_mb);
            options.random_plies = spec.random_plies;
            options.random_margin_cp = spec.random_margin_cp;
            return std::unique_ptr<players::Player>(
                std::make_unique<players::engine::Engine>(options));
        }
        case PlayerKind::Random:
            return std::unique_ptr<players::Player>(std::make_unique<players::RandomPlayer>());
        case PlayerKind::Greedy:
            return std::unique_ptr<players::Player>(std::make_unique<players::GreedyPlayer>());
        case PlayerKind::Uci:
        case PlayerKind::Xboard: {
            auto player = std::make_unique<ext::EnginePlayer>(make_client(spec));
            if (auto started = player->start(); !started) {
                return make_error(started.error().describe(), "player '" + spec.name + "'");
            }
            return std::unique_ptr<players::Player>(std::move(player));
        }
    }
    return make_error("unknown player kind", "player '" + spec.name + "'");
}

}  // namespace balance::tournament
