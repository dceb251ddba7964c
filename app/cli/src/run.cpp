#include "balance/cli/run.hpp"
#include "balance/revision/revision.hpp"

#include <algorithm>
#include <exception>
#include <optional>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "balance/config/suggest.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace balance::cli {

namespace {

constexpr const char* kDescription =
    "balance: measures how fair chess variants are, by engine-vs-engine games across army\n"
    "match-ups and optional rules. Variants are TOML files in configs/variants/.";

// CLI11 reports a misspelt command as "A subcommand is required"; name it and suggest instead.
std::optional<Error> unknown_command(const CLI::App& app, const std::vector<std::string>& args) {
    if (args.empty() || args.front().empty() || args.front().front() == '-') return std::nullopt;
    std::vector<std::string> names;
    for (const CLI::App* command : app.get_subcommands({})) names.push_back(command->get_name());
    if (std::find(names.begin(), names.end(), args.front()) != names.end()) return std::nullopt;
    return make_error(fmt::format("unknown command '{}'{} (commands: {})", args.front(),
                                  config::did_you_mean(args.front(), names),
                                  config::join_names(names)));
}

}  // namespace

int run_cli(const std::vector<std::string>& args, AppContext& ctx) {
    CLI::App app(kDescription, "balance");
    app.set_version_flag("--version", std::string("balance ") + revision::git_revision());
    app.require_subcommand(1);
    register_all_commands(app, ctx);
    // After registering: subcommands would inherit the footer.
    app.footer("Run `balance <command> --help` for the options of a command.");
    if (auto unknown = unknown_command(app, args)) return report_error(ctx, *unknown);
    try {
        // CLI11 takes the arguments in reverse order.
        app.parse(std::vector<std::string>(args.rbegin(), args.rend()));
        // Output that never arrived (stdout closed, a full disk behind a redirection) is a
        // failure, not a result.
        if (!ctx.out.flush()) {
            report_error(ctx, make_error("cannot write the output (standard output is closed or "
                                         "failed)"));
            return ctx.exit_code != 0 ? ctx.exit_code : 1;
        }
        return ctx.exit_code;
    } catch (const CLI::Success& e) {  // --help, --version
        return app.exit(e, ctx.out, ctx.err);
    } catch (const CLI::ParseError& e) {
        report_error(ctx, make_error(e.what()));
        ctx.err << "Run with --help for more information.\n";
        return 1;
    } catch (const std::exception& e) {
        return report_error(ctx, make_error(std::string("internal error: ") + e.what()));
    } catch (...) {
        return report_error(ctx, make_error("internal error: unknown exception"));
    }
}

}  // namespace balance::cli
