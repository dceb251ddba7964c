// `balance uci`: the internal engine speaks UCI on stdin/stdout, so GUIs, cutechess-style tools
// and our own runner (through the same UCI adapter as external engines) can play it.

#include <algorithm>
#include <iostream>
#include <memory>

#include "balance/config/variant_loader.hpp"
#include "balance/players/engine/uci.hpp"
#include "commands.hpp"

namespace balance::cli {

namespace {

players::engine::UciEnvironment uci_environment() {
    players::engine::UciEnvironment env;
    std::vector<std::string> names;
    for (const auto& file : config::list_variant_files()) names.push_back(file.stem().string());
    // The orthodox game first: GUIs show the first combo entry as the default.
    std::stable_partition(names.begin(), names.end(),
                          [](const std::string& n) { return n == "chess"; });
    env.variants = names;
    env.load_variant = [](const std::string& name,
                          const std::vector<std::string>& options) -> Result<core::VariantSpec> {
        auto path = config::find_variant(name);
        if (!path) return path.error();
        return config::load_variant(*path, options);
    };
    return env;
}

}  // namespace

void register_uci(CLI::App& app, AppContext& ctx) {
    CLI::App* command = app.add_subcommand("uci",
                                           "Run the internal engine as a UCI engine on "
                                           "stdin/stdout (UCI_Variant lists the config variants)");
    command->callback(
        [&ctx] { ctx.exit_code = players::engine::run_uci(std::cin, ctx.out, uci_environment()); });
}

}  // namespace balance::cli
