#include "commands/commands.hpp"

namespace balance::app {

void register_all_commands(CLI::App& app, AppContext& ctx) {
    register_variants(app, ctx);
    register_check(app, ctx);
    register_perft(app, ctx);
}

}  // namespace balance::app
