#include "balance/players/external/sjaakii_player.hpp"

#include <array>
#include <cctype>

#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/sjaakii_definitions.hpp"
#include "balance/players/external/xboard_client.hpp"
#include "external/definitions_files.hpp"

namespace balance::players::external {

namespace {

using Letters = std::array<std::map<char, char>, 2>;
using SjaakiiDefinitions = DefinitionsByRules<Letters>;

Result<SjaakiiDefinitions::Written> sjaakii_written(const core::VariantSpec& spec,
                                                    const std::string& white,
                                                    const std::string& black) {
    auto variant = sjaakii_variant(spec, white, black);
    if (!variant) return variant.error();
    auto text = sjaakii_definitions(spec, {{white, black}});
    if (!text) return text.error();
    return SjaakiiDefinitions::Written{*text, variant->name, variant->promotion_letters};
}

std::map<char, char> inverse(const std::map<char, char>& letters) {
    std::map<char, char> out;
    for (const auto& [ours, theirs] : letters) out[theirs] = ours;
    return out;
}

}  // namespace

std::string translate_promotion(std::string_view move, const std::map<char, char>& letters) {
    std::string out(move);
    // A promotion ends in a letter right after the destination's rank digits.
    if (out.size() < 5) return out;
    const auto last = static_cast<unsigned char>(out.back());
    const auto before = static_cast<unsigned char>(out[out.size() - 2]);
    if (!std::isalpha(last) || !std::isdigit(before)) return out;
    if (const auto it = letters.find(out.back()); it != letters.end()) out.back() = it->second;
    return out;
}

Result<std::unique_ptr<Player>> make_sjaakii_player(SjaakiiPlayerConfig config) {
    auto definitions = std::make_shared<SjaakiiDefinitions>(config.definitions_dir, "sjaakii",
                                                            "txt", sjaakii_written);
    const auto make_client = [config, definitions](const std::string& variant) {
        XboardConfig xboard;
        xboard.process = config.process;
        xboard.process.argv.resize(1);
        xboard.process.argv.push_back("-xboard");
        xboard.timeouts = config.timeouts;
        const bool written = use_definitions_variant(xboard, variant);
        if (written) xboard.first_rank = definitions->first_rank(variant);
        const Letters* letters = written ? definitions->extra(variant) : nullptr;
        if (letters) {
            xboard.move_to_engine = [to = *letters](std::string_view move, const MoveContext& at) {
                return translate_promotion(move, to[at.white_to_move ? 0 : 1]);
            };
            xboard.move_from_engine = [from =
                                           Letters{inverse((*letters)[0]), inverse((*letters)[1])}](
                                          std::string_view move, const MoveContext& at) {
                return translate_promotion(move, from[at.white_to_move ? 0 : 1]);
            };
        }
        return std::make_unique<XboardClient>(std::move(xboard));
    };
    auto player = std::make_unique<EnginePlayer>(
        make_client, "",
        [definitions](const core::Game& game) { return definitions->variant_of(game); });
    if (auto started = player->start(""); !started)
        return make_error(started.error().describe(), config.process.name);
    return std::unique_ptr<Player>(std::move(player));
}

}  // namespace balance::players::external
