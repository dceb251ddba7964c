#include "balance/config/sweep_reader.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "balance/config/army_reader.hpp"
#include "balance/config/suggest.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/army_lookup.hpp"
#include "balance/players/external/fairy_stockfish_ini.hpp"
#include "balance/players/external/fairymax_ini.hpp"
#include "balance/players/external/sjaakii_definitions.hpp"
#include "balance/tournament/ladder.hpp"
#include "fields.hpp"
#include "fix_reader.hpp"
#include "sweep_players.hpp"
#include "sweep_sections.hpp"
#include "toml_document.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace fs = std::filesystem;
using tournament::Sweep;

namespace {

// The raw tables and arrays of the top level, read by Fields before the checks that need the
// variant.
struct TopLevel {
    std::optional<std::string> variant;
    const toml::node* pairings = nullptr;
    const toml::table* rule_sets = nullptr;
    const toml::table* players = nullptr;
    const toml::array* matchups = nullptr;
    const toml::table* openings = nullptr;
    const toml::table* adjudication = nullptr;
    const toml::table* adaptive = nullptr;
    const toml::table* calibrate = nullptr;
    const toml::table* fix = nullptr;
    std::optional<std::int64_t> games_per_cell;
    std::optional<std::int64_t> rung_gap_games;
};

Result<fs::path> variant_file(const std::string& name, const fs::path& sweep_dir,
                              const std::string& where) {
    auto found = find_variant(name);
    if (found) return *found;
    // The non-throwing query: a name the file system refuses (too long, say) is just not found.
    std::error_code ec;
    if (fs::path beside = sweep_dir / name; fs::is_regular_file(beside, ec)) return beside;
    return make_error("variant '" + name + "': " + found.error().message, where);
}

Result<void> read_rule_sets(Sweep& sweep, const toml::table* table, const fs::path& variant,
                            const std::string& file) {
    std::vector<std::pair<std::string, std::vector<std::string>>> wanted;
    std::vector<std::string> where;
    if (!table) {
        wanted.push_back({"baseline", {}});
        where.push_back(file);
    } else {
        for (const auto& name : keys_in_file_order(*table, file)) {
            const toml::node& node = *table->get(name);
            where.push_back(where_of(node.source(), file));
            std::vector<std::string> options;
            const auto* array = node.as_array();
            bool ok = array != nullptr;
            for (std::size_t i = 0; ok && i < array->size(); ++i) {
                const auto* text = array->get(i)->as_string();
                ok = text != nullptr;
                if (ok) options.push_back(text->get());
            }
            if (!ok) {
                return make_error(fmt::format("rule set '{}' must be an array of rule options, "
                                              "e.g. [\"stalemate-win\"]",
                                              name),
                                  where.back());
            }
            if (!is_plain_name(name)) {
                return make_error(fmt::format("rule set name '{}' may hold only a-z, 0-9, '-' "
                                              "and '_'",
                                              name),
                                  where.back());
            }
            wanted.push_back({name, std::move(options)});
        }
    }
    if (wanted.empty()) return make_error("rule_sets is empty", file);
    std::set<std::string> seen;
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        auto loaded = resolve_variant(variant, wanted[i].second);
        if (!loaded) {
            return make_error(
                fmt::format("rule set '{}': {}", wanted[i].first, loaded.error().to_string()),
                where[i]);
        }
        tournament::RuleSet set{wanted[i].first, wanted[i].second, std::move(loaded->spec),
                                std::move(loaded->spec_toml), /*cell_suffix=*/{}};
        if (!seen.insert(set.rules()).second) {
            return make_error(fmt::format("rule set '{}' selects the same rules ('{}') as an "
                                          "earlier one",
                                          set.name, set.rules()),
                              where[i]);
        }
        sweep.rule_sets.push_back(std::move(set));
    }
    return {};
}

Result<std::string> resolve_army(const core::VariantSpec& spec, const toml::node& node, bool white,
                                 const std::string& file) {
    const auto* text = node.as_string();
    const std::string where = where_of(node.source(), file);
    if (!text) return make_error("an army must be a string", where);
    const core::ArmySpec* army = core::find_army(spec.armies, text->get());
    if (!army) {
        return make_error(fmt::format("unknown army '{}' for variant '{}'{}", text->get(),
                                      spec.name, unknown_army_hint(text->get(), spec.armies)),
                          where);
    }
    if (white ? !army->can_play_white : !army->can_play_black) {
        return make_error(fmt::format("army '{}' cannot play {} in variant '{}'", army->name,
                                      white ? "White" : "Black", spec.name),
                          where);
    }
    return army->name;
}

// A [first, second] pair from an array of two strings.
Result<std::pair<const toml::node*, const toml::node*>> pair_of(const toml::node& node,
                                                                const char* what,
                                                                const std::string& file) {
    const auto* array = node.as_array();
    if (!array || array->size() != 2) {
        return make_error(fmt::format("each of {} must be a [white, black] pair", what),
                          where_of(node.source(), file));
    }
    return std::pair{array->get(0), array->get(1)};
}

// Whether the engine of a player whose definitions we write can play a pairing under a rule
// set: the reason when not.
Result<void> definitions_for(tournament::PlayerKind kind, const core::VariantSpec& spec,
                             const std::string& white, const std::string& black) {
    if (kind == tournament::PlayerKind::Fairymax) {
        auto game = players::external::fairymax_game(spec, white, black);
        if (!game) return game.error();
        return {};
    }
    if (kind == tournament::PlayerKind::FairyStockfish) {
        auto variant = players::external::fairy_stockfish_variant(spec, white, black);
        if (!variant) return variant.error();
        return {};
    }
    auto variant = players::external::sjaakii_variant(spec, white, black);
    if (!variant) return variant.error();
    return {};
}

// A Fairy-Max or SjaakII player must be able to play every game it is in: its definitions are
// written from each rule set for each pairing, and a piece or rule the engine lacks is named
// now rather than when the first game starts.
Result<void> check_written_definitions(const Sweep& sweep, const std::string& file) {
    for (const auto& player : sweep.players) {
        if (!tournament::writes_definitions(player.kind)) continue;
        const bool plays = std::any_of(sweep.matchups.begin(), sweep.matchups.end(),
                                       [&](const tournament::Matchup& m) {
                                           return m.white == player.name || m.black == player.name;
                                       });
        if (!plays) continue;
        for (const auto& rule_set : sweep.rule_sets) {
            for (const auto& pairing : sweep.pairings) {
                auto game =
                    definitions_for(player.kind, rule_set.spec, pairing.white, pairing.black);
                if (!game)
                    return make_error(
                        fmt::format(
                            "[players.{}] (type = \"{}\") cannot play {} vs {}{}: {}",
                            player.ladder.empty() ? player.name : player.ladder,
                            tournament::player_kind_name(player.kind), pairing.white, pairing.black,
                            rule_set.rules().empty() ? "" : " (rules " + rule_set.rules() + ")",
                            game.error().to_string()),
                        file);
            }
        }
    }
    return {};
}

Result<void> read_pairings(Sweep& sweep, const toml::node* node, const std::string& file) {
    const core::VariantSpec& spec = sweep.rule_sets.front().spec;
    if (!node || node->is_string()) {  // "all" (checked by the top-level reader)
        for (const auto& white : spec.armies) {
            if (!white.can_play_white) continue;
            for (const auto& black : spec.armies) {
                if (black.can_play_black) sweep.pairings.push_back({white.name, black.name});
            }
        }
        return {};
    }
    std::set<std::pair<std::string, std::string>> seen;
    for (const toml::node& element : *node->as_array()) {
        auto pair = pair_of(element, "pairings", file);
        if (!pair) return pair.error();
        auto white = resolve_army(spec, *pair->first, true, file);
        if (!white) return white.error();
        auto black = resolve_army(spec, *pair->second, false, file);
        if (!black) return black.error();
        if (!seen.insert({*white, *black}).second) {
            return make_error(fmt::format("pairing {}-{} is listed twice", *white, *black),
                              where_of(element.source(), file));
        }
        sweep.pairings.push_back({*white, *black});
    }
    if (sweep.pairings.empty())
        return make_error("pairings is empty", where_of(node->source(), file));
    return {};
}

Result<std::string> player_name(const Sweep& sweep, const toml::node& node,
                                const std::string& file) {
    const auto* text = node.as_string();
    const std::string where = where_of(node.source(), file);
    if (!text) return make_error("a player must be named by a string", where);
    if (!tournament::players_named(sweep.players, text->get()).empty()) return text->get();
    std::vector<std::string> names;
    for (const auto& p : sweep.players) {
        const std::string& written = p.ladder.empty() ? p.name : p.ladder;
        if (std::find(names.begin(), names.end(), written) == names.end()) names.push_back(written);
    }
    return make_error(fmt::format("unknown player '{}'{} (players: {})", text->get(),
                                  did_you_mean(text->get(), names), join_names(names)),
                      where);
}

// The matchups as written (players by their names in the file), before the ladders expand.
Result<void> read_written_matchups(Sweep& sweep, const toml::array* array,
                                   const std::string& file) {
    if (!array) {
        const auto& first = sweep.players[0];
        const std::string only = first.ladder.empty() ? first.name : first.ladder;
        if (tournament::players_named(sweep.players, only).size() != sweep.players.size()) {
            return make_error(
                "with several players, list who plays whom: matchups = "
                "[[\"white player\", \"black player\"], ...]",
                file);
        }
        sweep.matchups.push_back({only, only});
        return {};
    }
    std::set<std::pair<std::string, std::string>> seen;
    for (const toml::node& element : *array) {
        auto pair = pair_of(element, "matchups", file);
        if (!pair) return pair.error();
        auto white = player_name(sweep, *pair->first, file);
        if (!white) return white.error();
        auto black = player_name(sweep, *pair->second, file);
        if (!black) return black.error();
        if (!seen.insert({*white, *black}).second) {
            return make_error(fmt::format("matchup {}-{} is listed twice", *white, *black),
                              where_of(element.source(), file));
        }
        sweep.matchups.push_back({*white, *black});
    }
    if (sweep.matchups.empty()) return make_error("matchups is empty", file);
    return {};
}

Result<void> read_matchups(Sweep& sweep, const toml::array* array, const std::string& file,
                           const std::string& gap_where) {
    if (auto written = read_written_matchups(sweep, array, file); !written) return written;
    auto expanded =
        tournament::expand_matchups(sweep.players, sweep.matchups, sweep.rung_gap_games > 0);
    if (!expanded) return make_error(expanded.error().message, file);
    if (sweep.rung_gap_games > 0 &&
        std::none_of(expanded->begin(), expanded->end(),
                     [](const tournament::Matchup& m) { return m.rung_gap; })) {
        return make_error(
            "rung_gap_games needs a player with a ladder of two or more rungs "
            "(nodes = [...]) playing itself",
            gap_where);
    }
    sweep.matchups = std::move(*expanded);
    return {};
}

// [calibrate]: player (an engine player of the file, one limit, not a ladder), max_rounds,
// match_games, method, step.
Result<tournament::CalibrationSpec> read_calibration(const toml::table& table, const Sweep& sweep,
                                                     const std::string& file) {
    Fields fields(table, "[calibrate]", file);
    tournament::CalibrationSpec spec;
    spec.where = where_of(table.source(), file);
    const auto player = fields.string("player", Need::Required);
    spec.max_rounds = static_cast<int>(
        fields.integer("max_rounds", Need::Optional, 1, 50).value_or(spec.max_rounds));
    spec.match_games = static_cast<int>(
        fields.integer("match_games", Need::Optional, 0, 1'000'000).value_or(spec.match_games));
    spec.method =
        fields.choice("method", {"texel", "regression", "odds-starts"}).value_or(spec.method);
    spec.step = fields.number("step").value_or(spec.step);
    if (!(spec.step > 0.0 && spec.step <= 1.0)) {
        return make_error(
            fmt::format("[calibrate] step must be above 0 and at most 1 (the share of "
                        "the way from the values played to the values fitted), "
                        "not {}",
                        spec.step),
            fields.where("step"));
    }
    if (auto done = fields.finish(); !done) return done.error();
    // The method fits games from designed odds starts: without a book of them it would play a
    // whole round and then find nothing to fit.
    if (spec.method == "odds-starts" &&
        sweep.openings.kind != tournament::OpeningSpec::Kind::Book) {
        return make_error(
            "[calibrate] method = \"odds-starts\" fits games from a book of material-odds "
            "starts, and this file has none: add [openings] type = \"book\" with file = \"...\" "
            "(or positions = [...]) holding the odds starts, or choose method = \"texel\"",
            fields.where("method"));
    }
    spec.player = *player;
    std::vector<std::string> engines;
    const tournament::PlayerSpec* found = nullptr;
    for (const auto& p : sweep.players) {
        const std::string name = p.ladder.empty() ? p.name : p.ladder;
        if (name == spec.player) found = &p;
        if (p.kind == tournament::PlayerKind::Engine) engines.push_back(name);
    }
    if (!found) {
        return make_error(fmt::format("[calibrate] player '{}' is not a player of this file{}",
                                      spec.player, did_you_mean(spec.player, engines)),
                          fields.where("player"));
    }
    if (found->kind != tournament::PlayerKind::Engine) {
        return make_error(fmt::format("[calibrate] player '{}' must be the internal engine (type "
                                      "= \"engine\"): only its piece values can be set",
                                      spec.player),
                          fields.where("player"));
    }
    if (!found->ladder.empty()) {
        return make_error(fmt::format("[calibrate] player '{}' is a ladder: calibrate one limit "
                                      "at a time (balance calibrate --nodes N overrides it)",
                                      spec.player),
                          fields.where("player"));
    }
    return spec;
}

Result<TopLevel> read_top(const toml::table& doc, Sweep& sweep, const fs::path& path,
                          const std::string& file) {
    Fields top(doc, "the top level", file);
    TopLevel t;
    sweep.name = top.string("name").value_or(path.stem().string());
    (void)top.string("description");
    t.variant = top.string("variant", Need::Required);
    sweep.seed = static_cast<std::uint64_t>(top.integer("seed", Need::Optional, 0, INT64_MAX)
                                                .value_or(static_cast<std::int64_t>(sweep.seed)));
    t.games_per_cell = top.integer("games_per_cell", Need::Optional, 1, tournament::kMaxSweepGames);
    t.rung_gap_games = top.integer("rung_gap_games", Need::Optional, 1, tournament::kMaxSweepGames);
    if (const toml::node* p = doc.get("pairings"); p && p->is_string()) {
        (void)top.choice("pairings", {"all"});
        t.pairings = p;
    } else if (top.array("pairings")) {
        t.pairings = p;
    }
    t.rule_sets = top.table("rule_sets");
    t.players = top.table("players", Need::Required);
    t.matchups = top.array("matchups");
    t.openings = top.table("openings");
    t.adjudication = top.table("adjudication");
    t.adaptive = top.table("adaptive");
    t.calibrate = top.table("calibrate");
    t.fix = top.table("fix");
    if (auto done = top.finish(); !done) return done.error();
    if (!is_plain_name(sweep.name)) {
        return make_error(fmt::format("sweep name '{}' may hold only a-z, 0-9, '-' and '_' (it "
                                      "names the database file)",
                                      sweep.name),
                          top.where("name"));
    }
    if (t.fix) {
        // A search sizes its own rounds ([fix] round_games) and budget.
        if (t.games_per_cell || t.adaptive || t.calibrate) {
            return make_error(
                fmt::format("a [fix] file sets its round size and budget in [fix] (round_games, "
                            "budget): remove {}",
                            t.games_per_cell ? "games_per_cell"
                            : t.adaptive     ? "[adaptive]"
                                             : "[calibrate]"),
                top.where(t.games_per_cell ? "games_per_cell"
                          : t.adaptive     ? "adaptive"
                                           : "calibrate"));
        }
    } else if (t.games_per_cell.has_value() == (t.adaptive != nullptr)) {
        return make_error("set either games_per_cell or an [adaptive] table (exactly one)",
                          t.adaptive ? top.where("adaptive") : file);
    }
    if (t.rung_gap_games && t.adaptive) {
        return make_error(
            "rung_gap_games needs games_per_cell (adaptive mode would spend its "
            "budget on the rung gaps too)",
            top.where("rung_gap_games"));
    }
    return t;
}

}  // namespace

Result<Sweep> load_sweep(const fs::path& path) {
    auto doc = parse_toml_file(path);
    if (!doc) return doc.error();
    const std::string file = display_path(path.string());
    Sweep sweep;
    sweep.file = file;
    auto top = read_top(*doc, sweep, path, file);
    if (!top) return top.error();
    auto variant = variant_file(*top->variant, path.parent_path(),
                                where_of(doc->get("variant")->source(), file));
    if (!variant) return variant.error();
    if (auto r = read_rule_sets(sweep, top->rule_sets, *variant, file); !r) return r.error();
    sweep.variant = sweep.rule_sets.front().spec.name;
    if (auto r = read_pairings(sweep, top->pairings, file); !r) return r.error();
    auto players =
        read_players(*top->players, {file, path.parent_path(), sweep.rule_sets.front().spec});
    if (!players) return players.error();
    sweep.players = std::move(*players);
    if (sweep.players.empty()) return make_error("define at least one [players.<name>]", file);
    if (top->rung_gap_games) sweep.rung_gap_games = static_cast<int>(*top->rung_gap_games);
    const std::string gap_where =
        doc->get("rung_gap_games") ? where_of(doc->get("rung_gap_games")->source(), file) : file;
    if (auto r = read_matchups(sweep, top->matchups, file, gap_where); !r) return r.error();
    if (auto r = check_written_definitions(sweep, file); !r) return r.error();
    if (top->games_per_cell) {
        const auto cells = static_cast<std::int64_t>(sweep.rule_sets.size() *
                                                     sweep.pairings.size() * sweep.matchups.size());
        if (*top->games_per_cell * cells > tournament::kMaxSweepGames) {
            return make_error(
                fmt::format("games_per_cell = {} in {} cells is {} games, more than one sweep may "
                            "plan ({}); split it into several sweeps and merge their databases",
                            *top->games_per_cell, cells, *top->games_per_cell * cells,
                            tournament::kMaxSweepGames),
                where_of(doc->get("games_per_cell")->source(), file));
        }
        sweep.games_per_cell = static_cast<int>(*top->games_per_cell);
    }
    if (top->adaptive) {
        auto adaptive = read_adaptive(*top->adaptive, file);
        if (!adaptive) return adaptive.error();
        sweep.adaptive = *adaptive;
    }
    if (top->openings) {
        auto openings = read_openings(*top->openings, file, path.parent_path());
        if (!openings) return openings.error();
        sweep.openings = std::move(*openings);
    }
    if (top->adjudication) {
        auto adjudication = read_adjudication(*top->adjudication, file);
        if (!adjudication) return adjudication.error();
        sweep.adjudication = *adjudication;
    }
    if (top->calibrate) {
        auto calibration = read_calibration(*top->calibrate, sweep, file);
        if (!calibration) return calibration.error();
        sweep.calibration = std::move(*calibration);
    }
    if (top->fix) {
        auto fix = read_fix(*top->fix, sweep, *variant, file);
        if (!fix) return fix.error();
        sweep.fix = std::move(*fix);
    }
    return sweep;
}

}  // namespace balance::config
