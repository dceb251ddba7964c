// `balance export`: stored games as PGN, SAN movetext replayed through the rules engine; with
// --variants-ini also the Fairy-Stockfish variant definitions that let variant tools replay them.

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "balance/analysis/rules_cache.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/config/suggest.hpp"
#include "balance/core/rules.hpp"
#include "balance/players/external/fairy_stockfish_ini.hpp"
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
    std::string variants_ini;
};

// Each game's Fairy-Stockfish section (one per rules object and pairing), or why it has none.
class FairyStockfishSections {
  public:
    explicit FairyStockfishSections(analysis::VariantCatalog& catalog) : catalog_(catalog) {}

    // The section's name, or empty when Fairy-Stockfish cannot express the game's rules.
    Result<std::string> name_of(const tournament::GameRow& game) {
        auto spec = catalog_.spec_of(game);
        if (!spec) return spec.error();
        const auto key = std::make_tuple(*spec, game.white_army, game.black_army);
        auto it = sections_.find(key);
        if (it == sections_.end()) {
            it = sections_
                     .emplace(key, players::external::fairy_stockfish_rules_variant(
                                       **spec, game.white_army, game.black_army))
                     .first;
        }
        if (!it->second) {
            refusals_.insert(fmt::format("{} {}-{}: {}", game.variant, game.white_army,
                                         game.black_army, it->second.error().message));
            ++without_;
            return std::string();
        }
        ++with_;
        return it->second->name;
    }

    // Every section a game named, by name.
    std::string text() const {
        std::map<std::string, const std::string*> by_name;
        for (const auto& [key, variant] : sections_)
            if (variant) by_name.emplace(variant->name, &variant->text);
        std::string out =
            "# Fairy-Stockfish variant definitions of the games beside this file (balance "
            "export).\n"
            "# Load with `setoption name VariantPath value FILE`, or "
            "pyffish.load_variant_config.\n";
        for (const auto& [name, section] : by_name) out += "\n" + *section;
        return out;
    }

    int with() const { return with_; }
    int without() const { return without_; }
    const std::set<std::string>& refusals() const { return refusals_; }

  private:
    analysis::VariantCatalog& catalog_;
    std::map<std::tuple<const core::VariantSpec*, std::string, std::string>,
             Result<players::external::FairyStockfishVariant>>
        sections_;
    std::set<std::string> refusals_;
    int with_ = 0, without_ = 0;
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
    if (!args.variants_ini.empty())
        if (auto ok = check_output_path(args.variants_ini); !ok)
            return report_error(ctx, ok.error());
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
    FairyStockfishSections sections(catalog);
    // All games are formatted before a file is opened, so a failure leaves no partial file.
    std::string text;
    for (const auto& game : *games) {
        auto rules = cache.get(game);
        if (!rules) return report_error(ctx, rules.error());
        std::string variant;
        if (!args.variants_ini.empty()) {
            auto name = sections.name_of(game);
            if (!name) return report_error(ctx, name.error());
            variant = *name;
        }
        auto pgn = tournament::format_pgn(game, **rules, hosts[game.run_id], variant);
        if (!pgn) return report_error(ctx, pgn.error());
        text += *pgn + '\n';
    }
    if (!args.variants_ini.empty())
        if (auto written = write_text_file(args.variants_ini, sections.text()); !written)
            return report_error(ctx, written.error());
    if (auto written = write_text_file(args.pgn, text); !written)
        return report_error(ctx, written.error());
    ctx.out << fmt::format("{}: {} games\n", args.pgn, games->size());
    if (!args.variants_ini.empty()) {
        ctx.out << fmt::format(
            "{}: the Fairy-Stockfish variants of {} of them (their Variant tag)\n",
            args.variants_ini, sections.with());
        if (sections.without() > 0) {
            ctx.out << fmt::format(
                "{} games keep the variant file's letters and name: Fairy-Stockfish cannot "
                "express their rules\n",
                sections.without());
            for (const auto& why : sections.refusals()) ctx.out << "  " << why << "\n";
        }
    }
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
    command->add_option("--variants-ini", args->variants_ini,
                        "Also write the games' Fairy-Stockfish variant definitions here; each "
                        "game's Variant tag then names its section");
    command->callback([args, &ctx] { ctx.exit_code = run_export_command(*args, ctx); });
}

}  // namespace balance::cli
