#include "balance/config/fix_candidates.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "balance/config/spec_text.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/compile.hpp"
#include "balance/players/external/fairymax_ini.hpp"
#include "balance/players/external/sjaakii_definitions.hpp"
#include "balance/tournament/ladder.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "balance/tournament/store.hpp"

namespace balance::config {

namespace {

// A candidate its players cannot play is rejected like one that does not compile, never
// played: Fairy-Max and SjaakII play from definitions written for each candidate's rules, and
// some rules (stalemate wins for Fairy-Max, anti-relay rights) or pieces are beyond their formats.
Result<void> playable_by_its_players(const tournament::Sweep& sweep) {
    const auto plays = [&](tournament::PlayerKind kind) {
        const auto is = [&](const std::string& name) {
            const tournament::PlayerSpec* player = sweep.find_player(name);
            return player && player->kind == kind;
        };
        return std::any_of(
            sweep.matchups.begin(), sweep.matchups.end(),
            [&](const tournament::Matchup& m) { return is(m.white) || is(m.black); });
    };
    std::vector<std::pair<std::string, std::string>> pairings;
    for (const auto& p : sweep.pairings) pairings.emplace_back(p.white, p.black);
    const core::VariantSpec& spec = sweep.rule_sets.front().spec;
    if (plays(tournament::PlayerKind::Fairymax)) {
        auto definitions = players::external::fairymax_ini(spec, pairings);
        if (!definitions) return definitions.error();
    }
    if (plays(tournament::PlayerKind::Sjaakii)) {
        auto definitions = players::external::sjaakii_definitions(spec, pairings);
        if (!definitions) return definitions.error();
    }
    return {};
}

std::string value_text(const toml::node& node) {
    std::ostringstream out;
    node.visit([&](const auto& value) { out << value; });
    return out.str();
}

// The keys whose values differ between `before` and `after`, as TOML to paste: top-level keys
// first, then one [header] per table, in the document's order.
void changed_leaves(const toml::table& before, const toml::table& after, const std::string& path,
                    std::vector<std::pair<std::string, std::string>>& out) {
    for (const auto& [key, node] : after) {
        const std::string name(key.str());
        const toml::node* old = before.get(name);
        if (const auto* table = node.as_table()) {
            static const toml::table kEmpty;
            const auto* old_table = old ? old->as_table() : nullptr;
            changed_leaves(old_table ? *old_table : kEmpty, *table,
                           path.empty() ? name : path + "." + name, out);
            continue;
        }
        const std::string text = value_text(node);
        if (old && value_text(*old) == text) continue;
        out.emplace_back(path, fmt::format("{} = {}", name, text));
    }
}

std::string fragment_text(const std::vector<std::pair<std::string, std::string>>& leaves) {
    std::string out;
    std::string table = "\x01";
    for (const auto& [path, line] : leaves) {
        if (!path.empty() && path != table) out += fmt::format("[{}]\n", path);
        table = path;
        out += line + '\n';
    }
    return out;
}

struct OptionChoice {
    std::string option;  // name
    std::string value;
    std::string selection;  // as load_variant takes it ("" = the default)
};

class Builder {
  public:
    Builder(const tournament::Sweep& sweep, const tournament::OpenSweep* opened)
        : sweep_(sweep), base_(sweep.rule_sets.front()), opened_(opened) {}

    FixCandidate build(const std::vector<const OptionChoice*>& options,
                       const std::vector<const FixEdit*>& edits) {
        FixCandidate c;
        std::vector<std::string> selection = base_.options;
        std::string fragment;
        for (const auto* choice : options) {
            c.changes.push_back(fmt::format("option {}={}", choice->option, choice->value));
            selection.erase(std::remove_if(selection.begin(), selection.end(),
                                           [&](const std::string& s) {
                                               return s == choice->option ||
                                                      s.rfind(choice->option + "=", 0) == 0;
                                           }),
                            selection.end());
            if (!choice->selection.empty()) selection.push_back(choice->selection);
            fragment +=
                fmt::format("[options.{}]\ndefault = \"{}\"\n", choice->option, choice->value);
        }
        for (const auto* edit : edits) c.changes.push_back(edit->label);
        c.label = c.changes.empty() ? "no change" : fmt::format("{}", fmt::join(c.changes, " + "));
        c.options = selection;
        c.edited = !edits.empty();
        auto resolved = resolve_variant(sweep_.fix->variant_path, selection);
        if (!resolved) {
            c.rejected = resolved.error().message;
            return c;
        }
        std::string text = resolved->spec_toml;
        if (!edits.empty()) {
            auto before = toml::parse(text);
            auto doc = before;
            for (const auto* edit : edits) {
                if (auto applied = edit->apply(doc); !applied) {
                    c.rejected = applied.error().message;
                    return c;
                }
            }
            text = canonical_spec_text(doc, sweep_.file);
            std::vector<std::pair<std::string, std::string>> leaves;
            changed_leaves(before, doc, "", leaves);
            fragment += fragment_text(leaves);
        }
        c.fragment = fragment;
        const std::string rules = fmt::format("{}", fmt::join(resolved->spec.active_options, ","));
        auto spec = spec_from_text(text, rules, sweep_.file);
        if (!spec) {
            c.rejected = spec.error().message;
            return c;
        }
        if (auto valid = core::validate(*spec); !valid) {
            c.rejected = valid.error().message;
            return c;
        }
        tournament::Sweep one = sweep_;
        one.rule_sets = {
            tournament::RuleSet{"candidate", selection, *spec, text, /*cell_suffix=*/{}}};
        one.openings.book.clear();
        auto valid = open(std::move(one));
        if (!valid) {
            c.rejected = valid.error().message;
            return c;
        }
        one = std::move(valid->sweep);
        if (auto playable = playable_by_its_players(one); !playable) {
            c.rejected = playable.error().message;
            return c;
        }
        c.rules = valid->rules.rule_set(0);
        c.rule_set = std::move(one.rule_sets.front());
        if (c.edited) c.rule_set.cell_suffix = "@" + c.rule_set.hash().substr(0, 8);
        return c;
    }

  private:
    // `one` (a candidate's sweep) opened: by the rules `opened_` compiled when it holds the
    // candidate's rules for every pairing, else compiled now.
    Result<tournament::OpenSweep> open(tournament::Sweep one) const {
        if (opened_) {
            const auto& known = opened_->sweep;
            const std::string hash = one.rule_sets.front().hash();
            for (std::size_t r = 0; r < known.rule_sets.size(); ++r) {
                if (known.rule_sets[r].hash() != hash) continue;
                const auto all = opened_->rules.rule_set(r);
                std::vector<core::AnyRules> rules;
                for (const auto& pairing : one.pairings)
                    for (std::size_t p = 0; p < known.pairings.size(); ++p)
                        if (known.pairings[p].white == pairing.white &&
                            known.pairings[p].black == pairing.black) {
                            rules.push_back(all[p]);
                            break;
                        }
                if (rules.size() == one.pairings.size())
                    return tournament::open_sweep(std::move(one), {std::move(rules)});
            }
        }
        return tournament::open_sweep(std::move(one));
    }

    const tournament::Sweep& sweep_;
    const tournament::RuleSet& base_;
    const tournament::OpenSweep* opened_;  // the fix file's sweep, or null
};

// Each declared option's values other than the one the file's rule set plays.
Result<std::vector<OptionChoice>> option_choices(const tournament::Sweep& sweep) {
    auto declared = list_variant_options(sweep.fix->variant_path);
    if (!declared) return declared.error();
    const auto& active = sweep.rule_sets.front().spec.active_options;
    std::vector<OptionChoice> out;
    for (const auto& option : *declared) {
        std::string current = option.default_value;
        for (const auto& a : active) {
            if (a == option.name) current = "on";
            if (a.rfind(option.name + "=", 0) == 0) current = a.substr(option.name.size() + 1);
        }
        for (const auto& value : option.values) {
            if (value == current) continue;
            std::string selection;
            if (value != option.default_value)
                selection =
                    option.is_switch && value == "on" ? option.name : option.name + "=" + value;
            out.push_back({option.name, value, selection});
        }
    }
    return out;
}

EditScope edit_scope(const tournament::Sweep& sweep) {
    const auto& fix = *sweep.fix;
    const core::VariantSpec& spec = sweep.rule_sets.front().spec;
    EditScope scope;
    scope.kinds = fix.edits;
    scope.add = fix.add;
    std::set<std::string> used;
    for (int side = 0; side < 2; ++side) {
        for (const auto& pairing : sweep.pairings) {
            const std::string& name = side == 0 ? pairing.white : pairing.black;
            for (const auto& army : spec.armies) {
                if (army.name != name) continue;
                for (const auto& [letter, piece] : army.letters) {
                    used.insert(piece);
                    const auto it = std::find_if(spec.pieces.begin(), spec.pieces.end(),
                                                 [&](const auto& p) { return p.name == piece; });
                    if (it == spec.pieces.end() || it->role != core::PieceRole::Pawn) continue;
                    const char c =
                        side == 0
                            ? letter
                            : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
                    if (scope.pawn_letters[side].find(c) == std::string::npos)
                        scope.pawn_letters[side] += c;
                }
            }
        }
    }
    if (!fix.pieces.empty()) {
        scope.pieces = fix.pieces;
    } else {
        for (const auto& piece : spec.pieces) {
            if (used.count(piece.name) && piece.role != core::PieceRole::King &&
                piece.betza_own_colour.empty())
                scope.pieces.push_back(piece.name);
        }
    }
    return scope;
}

}  // namespace

tournament::Sweep fix_search_sweep(const tournament::Sweep& sweep) {
    tournament::Sweep out = sweep;
    const auto& fix = *sweep.fix;
    if (!fix.side.empty()) {
        out.pairings.clear();
        for (const auto& p : sweep.pairings)
            if ((p.white == fix.side) != (p.black == fix.side)) out.pairings.push_back(p);
    }
    out.players.clear();
    out.matchups.clear();
    for (const auto* player : tournament::players_named(sweep.players, fix.player)) {
        out.players.push_back(*player);
        out.matchups.push_back({player->name, player->name});
    }
    out.calibration.reset();
    out.adaptive.reset();
    out.rung_gap_games = 0;
    out.games_per_cell = 0;
    return out;
}

namespace {

// Two candidates whose documents hold the same keys and values are the same rules, whatever the
// order of their tables: an option's value and the edit that writes the same Betza (the Sprite
// without its double step, as `sprite-double-step=none` and as "ifmnA removed") come out of the
// loader in file order and out of the editor sorted. toml++ prints a table's keys sorted.
std::string same_rules_key(const std::string& spec_toml) {
    std::ostringstream out;
    out << toml::parse(spec_toml);
    return out.str();
}

// The candidates of one phase: the singles (with pairs = "all", the pairs too), or (`pairs_only`)
// the pairs alone, for the fallback race; with `anchors`, only the pairs holding one of those
// singles (by label), grouped by anchor in their order.
Result<std::vector<FixCandidate>> generate(const tournament::Sweep& loaded, bool pairs_only,
                                           const std::vector<std::string>& anchors = {},
                                           const tournament::OpenSweep* opened = nullptr) {
    const tournament::Sweep sweep = fix_search_sweep(loaded);
    const auto& fix = *sweep.fix;
    const bool options_wanted =
        std::find(fix.edits.begin(), fix.edits.end(), "options") != fix.edits.end();
    std::vector<OptionChoice> choices;
    if (options_wanted) {
        auto found = option_choices(sweep);
        if (!found) return found.error();
        choices = std::move(*found);
    }
    const auto base_doc = toml::parse(sweep.rule_sets.front().spec_toml);
    const auto edits = generate_edits(base_doc, edit_scope(sweep));

    Builder builder(sweep, opened);
    std::vector<FixCandidate> out;
    std::set<std::string> seen;  // the rules already among the candidates, in same_rules_key form
    const auto keep = [&](FixCandidate c) {
        if (c.rejected.empty() && !seen.insert(same_rules_key(c.rule_set.spec_toml)).second)
            return false;
        out.push_back(std::move(c));
        return true;
    };
    keep(builder.build({}, {}));
    // The singles, each remembered as (option, edit) for the pairs, with its label.
    std::vector<std::pair<const OptionChoice*, const FixEdit*>> singles;
    std::vector<std::string> labels;
    for (const auto& choice : choices)
        if (keep(builder.build({&choice}, {})) && out.back().rejected.empty()) {
            singles.push_back({&choice, nullptr});
            labels.push_back(out.back().label);
        }
    for (const auto& edit : edits)
        if (keep(builder.build({}, {&edit})) && out.back().rejected.empty()) {
            singles.push_back({nullptr, &edit});
            labels.push_back(out.back().label);
        }
    if (out.size() == 1) {  // rejected candidates count: they are reported
        return make_error(
            "[fix] finds no candidate change: the variant declares no other option values and "
            "the edits asked for (edits, pieces, add) generate none",
            fix.where);
    }
    if (pairs_only) out.clear();
    const auto pair = [&](std::size_t i, std::size_t j) {
        std::vector<const OptionChoice*> options;
        std::vector<const FixEdit*> both;
        for (const auto& single : {singles[i], singles[j]}) {
            if (single.first) options.push_back(single.first);
            if (single.second) both.push_back(single.second);
        }
        if (options.size() == 2 && options[0]->option == options[1]->option) return;
        keep(builder.build(options, both));
    };
    if (pairs_only && !anchors.empty()) {
        // Every second change on top of each anchor; a pair of two anchors comes once (the
        // rules seen already are left out).
        for (const std::string& anchor : anchors) {
            const auto found = std::find(labels.begin(), labels.end(), anchor);
            if (found == labels.end()) continue;
            const auto a = static_cast<std::size_t>(found - labels.begin());
            for (std::size_t j = 0; j < singles.size(); ++j)
                if (j != a) pair(std::min(a, j), std::max(a, j));
        }
    } else if (pairs_only || fix.pairs == "all") {
        for (std::size_t i = 0; i < singles.size(); ++i)
            for (std::size_t j = i + 1; j < singles.size(); ++j) pair(i, j);
    }
    return out;
}

}  // namespace

Result<std::vector<FixCandidate>> fix_candidates(const tournament::Sweep& sweep,
                                                 const tournament::OpenSweep* opened) {
    auto out = generate(sweep, false, {}, opened);
    if (!out) return out;
    // The race plays whole games per cell: a budget that cannot give every playable candidate
    // one game in each of its cells would end at once, having played nothing.
    const auto& fix = *sweep.fix;
    const tournament::Sweep search = fix_search_sweep(sweep);
    const auto cells = static_cast<std::int64_t>(search.pairings.size() * search.matchups.size());
    const auto playable = static_cast<std::int64_t>(std::count_if(
        out->begin(), out->end(), [](const FixCandidate& c) { return c.rejected.empty(); }));
    if (fix.budget < playable * cells) {
        return make_error(
            fmt::format("[fix] budget = {} is less than one game in every cell for each of the "
                        "{} playable candidates ({} games); one round of round_games = {} takes "
                        "{} games",
                        fix.budget, playable, playable * cells, fix.round_games,
                        playable * cells * fix.round_games),
            fix.where);
    }
    return out;
}

Result<std::vector<FixCandidate>> fix_pair_candidates(const tournament::Sweep& sweep,
                                                      const std::vector<std::string>& anchors) {
    return generate(sweep, true, anchors);
}

}  // namespace balance::config