#include "balance/players/external/fairy_stockfish_player.hpp"

#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/fairy_stockfish_ini.hpp"
#include "balance/players/external/fairy_stockfish_verify.hpp"
#include "balance/players/external/uci_client.hpp"
#include "external/definitions_files.hpp"

namespace balance::players::external {

namespace {

using FairyStockfishDefinitions = DefinitionsByRules<NoExtra>;

}  // namespace

Result<std::unique_ptr<Player>> make_fairy_stockfish_player(FairyStockfishPlayerConfig config) {
    auto command = fairy_stockfish_command(config.runtime, config.base.definitions_dir);
    if (!command) return make_error(command.error().message, config.base.process.name);
    const auto dir = config.base.definitions_dir;
    const auto timeout = std::max(config.base.timeouts.handshake, kFairyStockfishHandshake);
    // Written, then verified, once per rules object; a refusal becomes the engine variant's
    // reason not to start.
    auto written = [dir, timeout, command = *command](
                       const core::VariantSpec& spec, const std::string& white,
                       const std::string& black) -> Result<FairyStockfishDefinitions::Written> {
        auto verified = verified_fairy_stockfish_file(spec, white, black, command, dir, timeout);
        if (!verified) return verified.error();
        auto variant = fairy_stockfish_rules_variant(spec, white, black);
        if (!variant) return variant.error();
        return FairyStockfishDefinitions::Written{variant->text, variant->name};
    };
    auto definitions =
        std::make_shared<FairyStockfishDefinitions>(dir, "fairy-stockfish", "ini", written);
    const auto make_client = [config, command = *command](const std::string& engine_variant) {
        UciConfig uci;
        uci.process = config.base.process;
        uci.process.argv = command;
        uci.timeouts = config.base.timeouts;
        uci.timeouts.handshake = std::max(uci.timeouts.handshake, kFairyStockfishHandshake);
        if (!engine_variant.empty() && engine_variant[0] == '!') {
            // Cannot be played: a program that does not exist, named by the reason.
            uci.process.argv = {"/nonexistent/" + engine_variant.substr(1)};
        } else if (const auto bar = engine_variant.find('|'); bar != std::string::npos) {
            uci.variant_path = engine_variant.substr(0, bar);
            uci.variant = engine_variant.substr(bar + 1);
        }
        uci.options = {{"Hash", std::to_string(config.hash_mb)},
                       {"Threads", std::to_string(config.threads)}};
        return std::make_unique<UciClient>(std::move(uci));
    };
    auto player = std::make_unique<EnginePlayer>(
        make_client, "",
        [definitions](const core::Game& game) { return definitions->variant_of(game); });
    player->share_one_process([](EngineClient& client, const std::string& engine_variant) {
        auto* uci = dynamic_cast<UciClient*>(&client);
        const auto bar = engine_variant.find('|');
        if (uci == nullptr || bar == std::string::npos) return false;
        return uci->select_variant(engine_variant.substr(0, bar), engine_variant.substr(bar + 1))
            .ok();
    });
    return std::unique_ptr<Player>(std::move(player));
}

}  // namespace balance::players::external
