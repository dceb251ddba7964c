#include "balance/players/external/fairymax_player.hpp"

#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/fairymax_ini.hpp"
#include "balance/players/external/xboard_client.hpp"
#include "external/definitions_files.hpp"

namespace balance::players::external {

namespace {

using FairymaxDefinitions = DefinitionsByRules<NoExtra>;

Result<FairymaxDefinitions::Written> fairymax_written(const core::VariantSpec& spec,
                                                      const std::string& white,
                                                      const std::string& black) {
    auto text = fairymax_ini(spec, {{white, black}});
    if (!text) return text.error();
    return FairymaxDefinitions::Written{*text, fairymax_game_name(white, black)};
}

}  // namespace

Result<std::filesystem::path> write_definitions(const std::filesystem::path& dir,
                                                const std::string& text) {
    return write_definitions_file(dir, "fairymax", "ini", text);
}

Result<std::unique_ptr<Player>> make_fairymax_player(FairymaxPlayerConfig config) {
    auto definitions = std::make_shared<FairymaxDefinitions>(config.definitions_dir, "fairymax",
                                                             "ini", fairymax_written);
    const auto make_client = [config, definitions](const std::string& variant) {
        XboardConfig xboard;
        xboard.process = config.process;
        xboard.process.argv.resize(1);
        xboard.process.argv.push_back(std::to_string(kFairymaxHashBits));
        xboard.timeouts = config.timeouts;
        if (use_definitions_variant(xboard, variant))
            xboard.first_rank = definitions->first_rank(variant);
        return std::make_unique<XboardClient>(std::move(xboard));
    };
    auto player = std::make_unique<EnginePlayer>(
        make_client, "",
        [definitions](const core::Game& game) { return definitions->variant_of(game); });
    // Fairy-Max's double steps need an unmoved pawn, ours a pawn on its start rank.
    player->restate_refused_moves(true);
    if (auto started = player->start(""); !started)
        return make_error(started.error().describe(), config.process.name);
    return std::unique_ptr<Player>(std::move(player));
}

}  // namespace balance::players::external
