// `balance export`: stored games as PGN, SAN movetext replayed through the rules engine.

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/analysis/rules_cache.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/config/suggest.hpp"
#include "balance/core/rules.hpp"
#include "balance/tournament/pgn.hpp"
#include "balance/tournament/store.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "output_file.hpp"

namespace balance::cli {

namespace {

struct ExportArgs {
    std::string db;
    std::string pgn;
    std::vector<std::string> cells;
};

Result<void> check_cells(const tournament::ResultStore& store,
                         const std::vector<std::string>& cells) {
    auto known = store.cell_keys();
    if (!known) return known.error();
    for (const auto& cell : cells) {
        if (std::find(known->begin(), known->end(), cell) == known->end()) {
            return make_error(
                fmt::format("no games in cell '{}'{} (cells: {})", cell,
                            config::did_you_mean(cell, *known), config::join_names(*known, "; ")),
                "--cell");
        }
    }
    return {};
}

int run_export_command(const ExportArgs& args, AppContext& ctx) {
    if (auto ok = check_output_path(args.pgn); !ok) return report_error(ctx, ok.error());
    auto store = tournament::ResultStore::open_existing(args.db);
    if (!store) return report_error(ctx, store.error());
    if (auto ok = check_cells(*store, args.cells); !ok) return report_error(ctx, ok.error());
    auto games = store->games(args.cells);
    if (!games) return report_error(ctx, games.error());
    auto runs = store->runs();
    if (!runs) return report_error(ctx, runs.error());
    std::map<std::int64_t, std::string> hosts;
    for (const auto& run : *runs) hosts[run.run_id] = run.host;

    // The rules each game was played under, from the database (configs/ only for schema 1).
    auto specs = store->rule_specs();
    if (!specs) return report_error(ctx, specs.error());
    analysis::VariantCatalog catalog(std::move(*specs));
    analysis::RulesCache cache(catalog);
    // All games are formatted before the file is opened, so a failure leaves no partial file.
    std::string text;
    for (const auto& game : *games) {
        auto rules = cache.get(game);
        if (!rules) return report_error(ctx, rules.error());
        auto pgn = tournament::format_pgn(game, **rules, hosts[game.run_id]);
        if (!pgn) return report_error(ctx, pgn.error());
        text += *pgn + '\n';
    }
    if (auto written = write_text_file(args.pgn, text); !written)
        return report_error(ctx, written.error());
    ctx.out << fmt::format("{}: {} games\n", args.pgn, games->size());
    return 0;
}

}  // namespace

void register_export(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<ExportArgs>();
    CLI::App* command = app.add_subcommand("export", "Write stored games as PGN");
    command->add_option("--db", args->db, "Results database")->required();
    command->add_option("--pgn", args->pgn, "PGN file to write")->required();
    command->add_option("--cell", args->cells,
                        "Only this cell (its key, as stored in games.cell_key); repeatable");
    command->callback([args, &ctx] { ctx.exit_code = run_export_command(*args, ctx); });
}

}  // namespace balance::cli
