// `balance serve`: live pages of results databases, read-only, while sweeps write them (the
// server is balance::serve's; this file parses the flags and prints where it listens).

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/cli/search_status.hpp"
#include "balance/serve/server.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "run_guards.hpp"

namespace balance::cli {

namespace {

struct ServeArgs {
    std::vector<std::string> databases;
    serve::ServeOptions options;
};

int run_serve_command(const ServeArgs& args, AppContext& ctx) {
    const std::vector<std::filesystem::path> databases(args.databases.begin(),
                                                       args.databases.end());
    serve::ServeOptions options = args.options;
    options.search = search_reader();
    auto server = serve::Server::open(databases, options);
    if (!server) return report_error(ctx, server.error());
    if (auto bound = (*server)->bind(); !bound) return report_error(ctx, bound.error());
    const StopOnSignal stop_on_signal;
    ctx.out << fmt::format(
        "serving {} at http://{}:{}/ (Ctrl-C stops)\n",
        databases.size() == 1 ? "1 database" : fmt::format("{} databases", databases.size()),
        args.options.bind, (*server)->port());
    for (std::size_t i = 0; i < databases.size(); ++i)
        ctx.out << fmt::format("  /run/{}  {}\n", i + 1, args.databases[i]);
    ctx.out.flush();
    (*server)->run(stop_requested);
    ctx.out << "stopped\n";
    return 0;
}

}  // namespace

void register_serve(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<ServeArgs>();
    CLI::App* command = app.add_subcommand(
        "serve",
        "Live pages of results databases (read-only, while sweeps write them): an index of the "
        "runs, and per database its progress, verdict, tables and charts, updated as games "
        "arrive");
    command->add_option("databases", args->databases, "Results databases (SQLite) to serve")
        ->required();
    command->add_option("--port", args->options.port, "Port (default 8080; 0: any free port)")
        ->check(CLI::Range(0, 65535));
    command->add_option("--bind", args->options.bind,
                        "Address to listen on (default 127.0.0.1: this machine only)");
    command->callback([args, &ctx] { ctx.exit_code = run_serve_command(*args, ctx); });
}

}  // namespace balance::cli
