#include "balance/tournament/merge.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "balance/tournament/store.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::tournament {

namespace {

bool same_game(const GameRow& a, const GameRow& b) {
    return a.start_fen == b.start_fen && a.moves == b.moves && a.result == b.result &&
           a.termination == b.termination;
}

// The same run record (a merge of a database merged before brings its runs again). finished_at
// is not part of it: a run merged while it was still going finishes later.
bool same_run(const RunRow& a, const RunRow& b) {
    return a.started_at == b.started_at && a.sweep_name == b.sweep_name &&
           a.sweep_file == b.sweep_file && a.config_json == b.config_json &&
           a.master_seed == b.master_seed && a.git_revision == b.git_revision &&
           a.engines_json == b.engines_json && a.host == b.host && a.threads == b.threads &&
           a.shard == b.shard;
}

// Games per write transaction: a sweep writing the same database waits for at most one batch.
constexpr int kGamesPerBatch = 500;

// The configuration every database must share: the first run of the first database that has
// runs. Each database is compared by its first run: its later runs were checked against it by
// the command that wrote them (a sweep refuses another configuration without --force; a fix
// search's and a calibration's rounds are sweeps of their own, each with its rule sets,
// players and name, so their runs differ from each other by design).
Result<void> check_config(std::optional<std::string>& reference, const std::vector<RunRow>& runs,
                          const std::filesystem::path& file, bool force) {
    if (runs.empty()) return {};
    const RunRow& run = runs.front();
    if (!reference) {
        reference = run.config_json;
        return {};
    }
    if (force) return {};
    if (const auto differs = config_differences(*reference, run.config_json); !differs.empty()) {
        return make_error("holds games of a different sweep configuration (run " +
                              std::to_string(run.run_id) + ", sweep '" + run.sweep_name +
                              "'; differs in: " + differs +
                              "); merge only databases of one sweep, or pass --force",
                          file.string());
    }
    return {};
}

// Copies the input's rule specs (a schema-1 input has none: its games' rules come from
// `resolver`, recorded as migrated). Games of one cell must share their rules.
class SpecCopier {
  public:
    SpecCopier(ResultStore& out, const SpecResolver& resolver) : out_(out), resolver_(resolver) {}

    Result<void> load_output() {
        auto rows = out_.rule_specs();
        if (!rows) return rows.error();
        for (auto& row : *rows) add_known(row);
        return {};
    }

    Result<void> copy(const ResultStore& in) {
        auto rows = in.rule_specs();
        if (!rows) return rows.error();
        for (const auto& row : *rows) {
            if (auto ok = record(row, in.file()); !ok) return ok;
        }
        return {};
    }

    // The spec of a game of a schema-1 input.
    Result<std::string> resolve(const GameRow& game, const std::filesystem::path& file) {
        const auto key = std::make_pair(game.variant, game.rules);
        if (auto it = resolved_.find(key); it != resolved_.end()) return it->second;
        if (!resolver_) {
            return make_error(
                "a schema-1 database (no rules recorded) needs the variant configs "
                "to be merged",
                file.string());
        }
        auto text = resolver_(game.variant, game.rules);
        if (!text) return text.error();
        RuleSpecRow row{spec_hash(*text), game.variant, game.rules, game.rules, *text,
                        "migrated",       utc_now()};
        if (auto ok = record(row, file); !ok) return ok.error();
        resolved_[key] = row.spec_hash;
        return row.spec_hash;
    }

  private:
    void add_known(const RuleSpecRow& row) {
        cells_[{row.variant, row.cell_rules}] = row.spec_hash;
    }

    Result<void> record(const RuleSpecRow& row, const std::filesystem::path& file) {
        const auto it = cells_.find({row.variant, row.cell_rules});
        if (it != cells_.end() && it->second != row.spec_hash) {
            return make_error("played " + row.variant + " rules '" + row.cell_rules +
                                  "' under other rules (spec " + row.spec_hash +
                                  ") than the "
                                  "databases before it (spec " +
                                  it->second + "); their games cannot share cells",
                              file.string());
        }
        if (auto ok = out_.record_rule_spec(row); !ok) return ok;
        add_known(row);
        return {};
    }

    ResultStore& out_;
    const SpecResolver& resolver_;
    std::map<std::pair<std::string, std::string>, std::string> cells_;     // -> spec hash
    std::map<std::pair<std::string, std::string>, std::string> resolved_;  // (variant, rules)
};

Result<void> copy_games(ResultStore& out, const ResultStore& in,
                        const std::map<std::int64_t, std::int64_t>& run_ids, SpecCopier& specs,
                        MergeSummary& summary) {
    auto games = in.games();
    if (!games) return games.error();
    if (auto copied = specs.copy(in); !copied) return copied;
    for (auto& game : *games) {
        if (!game.spec_hash.empty()) continue;
        auto hash = specs.resolve(game, in.file());
        if (!hash) return hash.error();
        game.spec_hash = *hash;
    }
    if (auto begun = out.begin_batch(); !begun) return begun;
    int in_batch = 0;
    for (auto& game : *games) {
        if (++in_batch > kGamesPerBatch) {
            if (auto done = out.commit_batch(); !done) return done;
            if (auto begun = out.begin_batch(); !begun) return begun;
            in_batch = 1;
        }
        game.run_id = run_ids.at(game.run_id);
        auto added = out.insert_game(game);
        if (!added) return added.error();
        if (*added) {
            ++summary.games;
            continue;
        }
        auto kept = out.game(game.game_key);
        if (!kept) return kept.error();
        if (*kept && same_game(**kept, game)) {
            ++summary.duplicates;
        } else {
            ++summary.conflicts;
        }
    }
    return out.commit_batch();
}

bool same_failure(const FailedGameRow& a, const FailedGameRow& b) {
    return a.game_key == b.game_key && a.run_id == b.run_id && a.player == b.player &&
           a.side == b.side && a.status == b.status && a.detail == b.detail &&
           a.failed_at == b.failed_at;
}

// Failed attempts travel with their runs, so the merged report counts the engines that could
// not start; an attempt merged before (same run, key, player and time) is not counted twice.
Result<void> copy_failed_games(ResultStore& out, const ResultStore& in,
                               const std::map<std::int64_t, std::int64_t>& run_ids) {
    auto failed = in.failed_games();
    if (!failed) return failed.error();
    if (failed->empty()) return {};
    auto known = out.failed_games();
    if (!known) return known.error();
    for (FailedGameRow row : *failed) {
        row.run_id = run_ids.at(row.run_id);
        const bool seen = std::any_of(known->begin(), known->end(),
                                      [&](const FailedGameRow& k) { return same_failure(k, row); });
        if (seen) continue;
        if (auto ok = out.insert_failed_game(row); !ok) return ok;
        known->push_back(row);
    }
    return {};
}

}  // namespace

Result<MergeSummary> merge_databases(const std::filesystem::path& output,
                                     const std::vector<std::filesystem::path>& inputs, bool force,
                                     const SpecResolver& resolver) {
    auto exists = database_exists(output);
    if (!exists) return exists.error();
    const bool output_exists = *exists;
    std::error_code ec;
    for (const auto& input : inputs) {
        if (output_exists && std::filesystem::equivalent(output, input, ec))
            return make_error("the output is also an input", output.string());
    }
    // Check every input before writing anything.
    std::vector<ResultStore> stores;
    std::optional<std::string> reference;
    if (output_exists) {
        auto existing = ResultStore::open_existing(output);
        if (!existing) return existing.error();
        auto runs = existing->runs();
        if (!runs) return runs.error();
        if (auto ok = check_config(reference, *runs, output, force); !ok) return ok.error();
    }
    for (const auto& input : inputs) {
        auto store = ResultStore::open_existing(input);
        if (!store) return store.error();
        auto runs = store->runs();
        if (!runs) return runs.error();
        if (auto ok = check_config(reference, *runs, input, force); !ok) return ok.error();
        stores.push_back(std::move(*store));
    }
    auto out = ResultStore::open(output, resolver);
    if (!out) return out.error();
    SpecCopier specs(*out, resolver);
    if (auto loaded = specs.load_output(); !loaded) return loaded.error();
    MergeSummary summary;
    auto known_runs = out->runs();
    if (!known_runs) return known_runs.error();
    for (const auto& in : stores) {
        auto runs = in.runs();
        if (!runs) return runs.error();
        std::map<std::int64_t, std::int64_t> run_ids;
        for (RunRow run : *runs) {
            const std::int64_t old_id = run.run_id;
            const auto known = std::find_if(known_runs->begin(), known_runs->end(),
                                            [&](const RunRow& r) { return same_run(r, run); });
            if (known != known_runs->end()) {
                run_ids[old_id] = known->run_id;
                if (!known->finished_at && run.finished_at) {
                    if (auto done = out->finish_run(known->run_id, *run.finished_at); !done)
                        return done.error();
                    known->finished_at = run.finished_at;
                }
                continue;
            }
            run.run_id = 0;
            auto id = out->begin_run(run);
            if (!id) return id.error();
            run_ids[old_id] = *id;
            run.run_id = *id;
            known_runs->push_back(run);
            ++summary.runs;
        }
        if (auto copied = copy_games(*out, in, run_ids, specs, summary); !copied)
            return copied.error();
        if (auto copied = copy_failed_games(*out, in, run_ids); !copied) return copied.error();
        for (const auto& [old_id, new_id] : run_ids) {
            auto sets = in.run_rule_sets(old_id);
            if (!sets) return sets.error();
            for (const auto& [name, hash] : *sets) {
                if (auto ok = out->record_run_rule_set(new_id, name, hash); !ok) return ok.error();
            }
        }
    }
    return summary;
}

}  // namespace balance::tournament
