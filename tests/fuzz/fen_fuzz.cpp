// FEN reader: every input is tried as a FEN of chess, Asymmetric (Elves vs Orcs) and Uneven
// (10x8, drops-free, army metadata), so board sizes and army letters differ between tries.

#include <string>
#include <vector>

#include "balance/config/variant_loader.hpp"
#include "balance/core/compile.hpp"
#include "balance/core/game.hpp"
#include "fuzz_support.hpp"
#include "fuzz_targets.hpp"

namespace balance::fuzz {

namespace {

std::vector<core::AnyRules> load_rules() {
    std::vector<core::AnyRules> all;
    for (const char* name : {"chess", "asymmetric", "uneven"}) {
        auto spec = config::load_variant(
            std::string(BALANCE_SOURCE_DIR) + "/configs/variants/" + name + ".toml", {});
        if (!spec) continue;
        auto rules = core::compile_rules(*spec, "", "");
        if (rules) all.push_back(*rules);
    }
    return all;
}

}  // namespace

int fen(const std::uint8_t* data, std::size_t size) {
    static const std::vector<core::AnyRules> rules = load_rules();
    const std::string_view text = as_text(data, size);
    for (const auto& r : rules) {
        auto game = core::Game::start(r, text);
        if (!game) continue;
        // A FEN that reads must write back and list its moves.
        (void)game->fen();
        (void)game->legal_moves();
    }
    return 0;
}

}  // namespace balance::fuzz
