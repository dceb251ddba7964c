#include "balance/tournament/player_factory.hpp"

#include <filesystem>
#include <utility>

#include "balance/players/baselines.hpp"
#include "balance/players/engine/engine.hpp"
#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/fairy_stockfish_player.hpp"
#include "balance/players/external/fairymax_player.hpp"
#include "balance/players/external/sjaakii_player.hpp"
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
    process.stderr_log = spec.external.stderr_log;
    process.stderr_log_max_bytes = spec.external.stderr_log_max_bytes;
    return process;
}

// Beside the engine's log (<db>.logs/) when there is one, so a run keeps the definitions files
// its games were played with; else the temporary directory.
std::filesystem::path definitions_dir(const PlayerSpec& spec) {
    if (spec.external.stderr_log.empty()) return {};
    return std::filesystem::path(spec.external.stderr_log).parent_path();
}

ext::TimeoutPolicy timeouts(const PlayerSpec& spec) {
    ext::TimeoutPolicy policy;
    policy.margin = std::chrono::milliseconds(spec.external.timeout_margin_ms);
    policy.unbounded = std::chrono::milliseconds(spec.external.depth_timeout_ms);
    policy.handshake = std::chrono::milliseconds(spec.external.handshake_timeout_ms);
    return policy;
}

std::unique_ptr<ext::EngineClient> make_client(const PlayerSpec& spec, const std::string& variant) {
    if (spec.kind == PlayerKind::Uci) {
        ext::UciConfig config;
        config.process = process_options(spec);
        config.variant_path = spec.external.variant_path;
        config.variant = variant;
        config.options = spec.external.options;
        config.timeouts = timeouts(spec);
        return std::make_unique<ext::UciClient>(std::move(config));
    }
    ext::XboardConfig config;
    config.process = process_options(spec);
    config.variant = variant;
    config.options = spec.external.options;
    config.timeouts = timeouts(spec);
    return std::make_unique<ext::XboardClient>(std::move(config));
}

bool per_pairing(const ExternalSpec& ext) {
    return ext.variant.find("{white}") != std::string::npos ||
           ext.variant.find("{black}") != std::string::npos;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

// The engine's variant name for the armies of `game`.
std::string engine_variant(const ExternalSpec& ext, const core::Game& game) {
    std::string armies[2];
    game.visit([&](const auto& pos) {
        for (int side = 0; side < 2; ++side) armies[side] = pos.rules().armies[side].name;
    });
    for (auto& army : armies) {
        if (auto it = ext.army_names.find(army); it != ext.army_names.end()) army = it->second;
    }
    std::string variant = ext.variant;
    replace_all(variant, "{white}", armies[0]);
    replace_all(variant, "{black}", armies[1]);
    return variant;
}

Result<std::unique_ptr<players::Player>> make_external(const PlayerSpec& spec) {
    ext::EnginePlayer::VariantOf variant_of;
    std::string fixed = spec.external.variant;
    if (per_pairing(spec.external)) {
        variant_of = [ext = spec.external](const core::Game& game) {
            return engine_variant(ext, game);
        };
        fixed.clear();  // started in its default game until a game needs a pairing
    }
    auto player = std::make_unique<ext::EnginePlayer>(
        [spec](const std::string& variant) { return make_client(spec, variant); }, fixed,
        std::move(variant_of));
    if (auto started = player->start(fixed); !started)
        return make_error(started.error().describe(), spec.label());
    return std::unique_ptr<players::Player>(std::move(player));
}

}  // namespace

Result<std::unique_ptr<players::Player>> make_player(const PlayerSpec& spec) {
    switch (spec.kind) {
        case PlayerKind::Engine: {
            players::engine::EngineOptions options;
            options.hash_mb = static_cast<std::size_t>(spec.hash_mb);
            options.random_plies = spec.random_plies;
            options.random_margin_cp = spec.random_margin_cp;
            options.eval = spec.eval;
            options.piece_values = spec.piece_values;
            if (spec.eval_weights) options.eval_weights = *spec.eval_weights;
            return std::unique_ptr<players::Player>(
                std::make_unique<players::engine::Engine>(options));
        }
        case PlayerKind::Random:
            return std::unique_ptr<players::Player>(std::make_unique<players::RandomPlayer>());
        case PlayerKind::Greedy:
            return std::unique_ptr<players::Player>(std::make_unique<players::GreedyPlayer>());
        case PlayerKind::Uci:
        case PlayerKind::Xboard:
            return make_external(spec);
        case PlayerKind::Fairymax:
        case PlayerKind::Sjaakii: {
            ext::DefinitionsPlayerConfig config;
            config.process = process_options(spec);
            config.timeouts = timeouts(spec);
            config.definitions_dir = definitions_dir(spec);
            auto player = spec.kind == PlayerKind::Fairymax
                              ? ext::make_fairymax_player(std::move(config))
                              : ext::make_sjaakii_player(std::move(config));
            if (!player) return make_error(player.error().message, spec.label());
            return player;
        }
        case PlayerKind::FairyStockfish: {
            ext::FairyStockfishPlayerConfig config;
            config.base.process = process_options(spec);
            config.base.timeouts = timeouts(spec);
            config.base.definitions_dir = definitions_dir(spec);
            config.runtime.node = spec.external.command.empty() ? "node" : spec.external.command[0];
            config.runtime.module_dir = spec.module_dir;
            config.hash_mb = spec.hash_mb;
            config.threads = spec.threads;
            auto player = ext::make_fairy_stockfish_player(std::move(config));
            if (!player) return make_error(player.error().message, spec.label());
            return player;
        }
    }
    return make_error("unknown player kind", "player '" + spec.name + "'");
}

}  // namespace balance::tournament
