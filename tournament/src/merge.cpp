#include "balance/tournament/merge.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "balance/tournament/store.hpp"

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

// The configuration every database must share: the first one met.
Result<void> check_config(std::optional<std::string>& reference, const std::vector<RunRow>& runs,
                          const std::filesystem::path& file, bool force) {
    for (const auto& run : runs) {
        if (!reference) reference = run.config_json;
        if (!force && run.config_json != *reference) {
            return make_error("holds games of a different sweep configuration (run " +
                                  std::to_string(run.run_id) + ", sweep '" + run.sweep_name +
                                  "'); merge only databases of one sweep, or pass --force",
                              file.string());
        }
    }
    return {};
}

Result<void> copy_games(ResultStore& out, const ResultStore& in,
                        const std::map<std::int64_t, std::int64_t>& run_ids,
                        MergeSummary& summary) {
    auto games = in.games();
    if (!games) return games.error();
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

}  // namespace

Result<MergeSummary> merge_databases(const std::filesystem::path& output,
                                     const std::vector<std::filesystem::path>& inputs, bool force) {
    std::error_code ec;
    for (const auto& input : inputs) {
        if (std::filesystem::exists(output) && std::filesystem::equivalent(output, input, ec))
            return make_error("the output is also an input", output.string());
    }
    // Check every input before writing anything.
    std::vector<ResultStore> stores;
    std::optional<std::string> reference;
    if (std::filesystem::exists(output)) {
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
    auto out = ResultStore::open(output);
    if (!out) return out.error();
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
        if (auto copied = copy_games(*out, in, run_ids, summary); !copied) return copied.error();
    }
    return summary;
}

}  // namespace balance::tournament
