#include "fix_reader.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "balance/config/army_reader.hpp"
#include "balance/config/suggest.hpp"
#include "balance/core/army_lookup.hpp"
#include "balance/core/betza.hpp"
#include "balance/tournament/ladder.hpp"
#include "fields.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace {

using tournament::FixSpec;
using tournament::Sweep;

// Every name written in the file for a player (a ladder counts once, by its written name).
std::vector<std::string> written_players(const Sweep& sweep) {
    std::vector<std::string> names;
    for (const auto& p : sweep.players) {
        const std::string& written = p.ladder.empty() ? p.name : p.ladder;
        if (std::find(names.begin(), names.end(), written) == names.end()) names.push_back(written);
    }
    return names;
}

std::optional<std::string> read_player(Fields& fields, const toml::table& table,
                                       const Sweep& sweep) {
    const auto names = written_players(sweep);
    auto player = fields.string("player");
    if (!player) {
        if (names.size() == 1) return names.front();
        if (!table.get("player")) {
            fields.fail(table.source(),
                        fmt::format("[fix] needs player = \"...\" when the file has several "
                                    "players ({})",
                                    join_names(names)));
        }
        return std::nullopt;
    }
    if (tournament::players_named(sweep.players, *player).empty()) {
        fields.fail(table.get("player")->source(),
                    fmt::format("[fix] player '{}' is not a player of this file{} (players: {})",
                                *player, did_you_mean(*player, names), join_names(names)));
        return std::nullopt;
    }
    return player;
}

void read_side(Fields& fields, const toml::table& table, const Sweep& sweep, FixSpec& spec) {
    auto side = fields.string("side");
    if (!side) return;
    const core::VariantSpec& variant = sweep.rule_sets.front().spec;
    const core::ArmySpec* army = core::find_army(variant.armies, *side);
    if (!army) {
        fields.fail(table.get("side")->source(),
                    fmt::format("[fix] side: unknown army '{}' for variant '{}'{}", *side,
                                variant.name, unknown_army_hint(*side, variant.armies)));
        return;
    }
    const bool plays =
        std::any_of(sweep.pairings.begin(), sweep.pairings.end(),
                    [&](const auto& p) { return p.white == army->name || p.black == army->name; });
    const bool mirror_only = std::all_of(sweep.pairings.begin(), sweep.pairings.end(),
                                         [&](const auto& p) { return p.white == p.black; });
    if (!plays || mirror_only) {
        fields.fail(table.get("side")->source(),
                    fmt::format("[fix] side '{}' must play a pairing of this file against "
                                "another army (its score is pooled over those pairings)",
                                army->name));
        return;
    }
    spec.side = army->name;
}

void check_in(Fields& fields, const toml::table& table, std::string_view key,
              const std::vector<std::string>& values, const std::vector<std::string>& allowed,
              std::string_view what) {
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (std::find(allowed.begin(), allowed.end(), values[i]) != allowed.end()) continue;
        const toml::node* node = table.get(key)->as_array()->get(i);
        fields.fail(node->source(),
                    fmt::format("[fix] {}: unknown {} '{}'{} ({})", key, what, values[i],
                                did_you_mean(values[i], allowed), join_names(allowed)));
        return;
    }
}

std::vector<std::string> fix_edit_kinds() {
    return {std::begin(kFixEditKinds), std::end(kFixEditKinds)};
}

// The lists as written (nullopt when absent or mistyped), which the checks need apart from
// the defaults the spec takes in their place.
struct FixListsWritten {
    std::optional<std::vector<std::string>> edits;
    std::optional<std::vector<std::string>> pieces;
    std::optional<std::vector<std::string>> add;
};

// Reads every key into the spec, defaults for those left out; each key on its own.
FixListsWritten read_fix_values(Fields& fields, const toml::table& table, const Sweep& sweep,
                                FixSpec& spec) {
    if (auto player = read_player(fields, table, sweep)) spec.player = *player;
    read_side(fields, table, sweep, spec);
    spec.target = fields.number("target").value_or(spec.target);
    spec.margin = fields.number("margin", Need::Required).value_or(spec.margin);
    spec.confidence = fields.number("confidence").value_or(spec.confidence);
    spec.drop_confidence = fields.number("drop_confidence").value_or(spec.drop_confidence);
    spec.budget = fields.integer("budget", Need::Required, 1, tournament::kMaxSweepGames)
                      .value_or(spec.budget);
    spec.round_games = static_cast<int>(
        fields.integer("round_games", Need::Optional, 1, 100'000).value_or(spec.round_games));
    spec.max_candidate_games =
        fields.integer("max_candidate_games", Need::Optional, 1, tournament::kMaxSweepGames)
            .value_or(spec.max_candidate_games);
    FixListsWritten written;
    written.edits = fields.strings("edits");
    written.pieces = fields.strings("pieces");
    written.add = fields.strings("add");
    spec.edits = written.edits.value_or(fix_edit_kinds());
    spec.pieces = written.pieces.value_or(std::vector<std::string>{});
    spec.add = written.add.value_or(std::vector<std::string>(std::begin(kDefaultAddedComponents),
                                                             std::end(kDefaultAddedComponents)));
    spec.pairs = fields.choice("pairs", {"none", "all", "fallback", "best"}).value_or(spec.pairs);
    spec.pairs_base = static_cast<int>(
        fields.integer("pairs_base", Need::Optional, 1, 1000).value_or(spec.pairs_base));
    if (table.get("pairs_base") && spec.pairs != "best")
        fields.fail(table.get("pairs_base")->source(),
                    "[fix] pairs_base applies only with pairs = \"best\"");
    return written;
}

// The target, its band and the two confidences, alone and against each other.
void check_fix_scores(Fields& fields, const toml::table& table, const FixSpec& spec) {
    // Written as "not inside" so that nothing a range check cannot order passes.
    if (!(spec.target > 0.0 && spec.target < 1.0))
        fields.fail(table.get("target")->source(), "[fix] target must be a score in (0, 1)");
    if (table.get("margin") && !(spec.margin > 0.0 && spec.margin < 0.5)) {
        fields.fail(table.get("margin")->source(),
                    "[fix] margin must be between 0 and 0.5 (the band is target +- margin)");
    } else if (table.get("margin") &&
               !(spec.target - spec.margin >= 0.0 && spec.target + spec.margin <= 1.0)) {
        fields.fail(table.get("margin")->source(),
                    fmt::format("[fix] the band target +- margin = [{:g}, {:g}] must lie within "
                                "the scores [0, 1]",
                                spec.target - spec.margin, spec.target + spec.margin));
    }
    for (const char* key : {"confidence", "drop_confidence"}) {
        const double value =
            std::string_view(key) == "confidence" ? spec.confidence : spec.drop_confidence;
        if (table.get(key) && !(value > 0.5 && value < 1.0))
            fields.fail(table.get(key)->source(), fmt::format("[fix] {} must be in (0.5, 1)", key));
    }
    if (spec.confidence > spec.drop_confidence) {
        const char* key = table.get("confidence") ? "confidence" : "drop_confidence";
        fields.fail(table.get(key)->source(),
                    fmt::format("[fix] confidence = {:g} is above drop_confidence = {:g}: a "
                                "candidate would be dropped on less evidence than it is declared "
                                "balanced on (raise drop_confidence)",
                                spec.confidence, spec.drop_confidence));
    }
}

// A round gives each candidate round_games in every cell of the search: its pairings (with
// `side`, those where the side meets another army) times the player's rungs.
void check_fix_round(Fields& fields, const toml::table& table, const Sweep& sweep,
                     const FixSpec& spec) {
    if (spec.max_candidate_games <= 0 || spec.player.empty()) return;
    std::int64_t pairings = 0;
    for (const auto& p : sweep.pairings)
        pairings += spec.side.empty() || (p.white == spec.side) != (p.black == spec.side);
    const auto rungs =
        static_cast<std::int64_t>(tournament::players_named(sweep.players, spec.player).size());
    const std::int64_t round = spec.round_games * pairings * rungs;
    if (spec.max_candidate_games < round) {
        fields.fail(
            table.get("max_candidate_games")->source(),
            fmt::format("[fix] max_candidate_games = {} is less than one round of a "
                        "candidate (round_games {} x {} cells = {} games)",
                        spec.max_candidate_games, spec.round_games, pairings * rungs, round));
    }
}

// Each edit kind, piece and added move component named in the lists exists.
void check_fix_names(Fields& fields, const toml::table& table, const Sweep& sweep,
                     const FixListsWritten& written, const FixSpec& spec) {
    if (written.edits) check_in(fields, table, "edits", spec.edits, fix_edit_kinds(), "edit kind");
    std::vector<std::string> known;
    for (const auto& piece : sweep.rule_sets.front().spec.pieces) known.push_back(piece.name);
    if (written.pieces) check_in(fields, table, "pieces", spec.pieces, known, "piece");
    for (std::size_t i = 0; written.add && i < spec.add.size(); ++i) {
        auto atoms = core::parse_betza(spec.add[i]);
        if (!atoms || spec.add[i].empty()) {
            fields.fail(table.get("add")->as_array()->get(i)->source(),
                        fmt::format("[fix] add: '{}' is not a move component ({})", spec.add[i],
                                    atoms ? "empty" : atoms.error().message));
            break;
        }
    }
}

}  // namespace

Result<FixSpec> read_fix(const toml::table& table, const Sweep& sweep,
                         const std::filesystem::path& variant, const std::string& file) {
    Fields fields(table, "[fix]", file);
    FixSpec spec;
    spec.where = where_of(table.source(), file);
    spec.variant_path = variant.string();
    const FixListsWritten written = read_fix_values(fields, table, sweep, spec);
    check_fix_scores(fields, table, spec);
    if (written.pieces && written.pieces->empty()) {
        fields.fail(table.get("pieces")->source(),
                    "[fix] pieces is empty: list the pieces to edit, or leave the key out to "
                    "edit every non-royal piece");
    }
    check_fix_round(fields, table, sweep, spec);
    check_fix_names(fields, table, sweep, written, spec);
    if (auto done = fields.finish(); !done) return done.error();
    if (sweep.rule_sets.size() != 1) {
        return make_error(
            "[fix] balances one set of rules: give the file one rule set (the options to try "
            "are found in the variant file)",
            spec.where);
    }
    return spec;
}

}  // namespace balance::config
