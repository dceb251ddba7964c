#include "balance/analysis/store_reader.hpp"

#include <string_view>
#include <system_error>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "balance/tournament/opening_miss.hpp"

namespace balance::analysis {

namespace {

// details_json.failure when present (it names the status exactly), else the termination.
FailureTag failure_of(const tournament::GameRow& game, const nlohmann::json& json) {
    if (json.is_object() && json.contains("failure") && json["failure"].is_object()) {
        const auto& failure = json["failure"];
        FailureTag tag{failure.value("side", ""), failure.value("status", "")};
        if (!tag.side.empty() && !tag.status.empty()) return tag;
    }
    return failure_from_termination(game.termination);
}

}  // namespace

FailureTag failure_from_termination(const std::string& termination) {
    for (const std::string_view side : {"white", "black"}) {
        const std::string prefix = std::string(side) + "-";
        if (termination.size() > prefix.size() && termination.rfind(prefix, 0) == 0)
            return FailureTag{std::string(side), termination.substr(prefix.size())};
    }
    return {};
}

Result<Store> read_store(const std::filesystem::path& path) {
    // A path the file system refuses (a name too long, a file where a directory should be) or
    // a directory says why; a missing one suggests the command that makes it.
    auto exists = tournament::database_exists(path);
    if (!exists) return exists.error();
    std::error_code ec;
    if (!*exists || !std::filesystem::is_regular_file(path, ec))
        return make_error("no such results database (run `balance sweep` first?)", path.string());
    auto store = tournament::ResultStore::open_existing(path);
    if (!store) return store.error();
    auto runs = store->runs();
    if (!runs) return runs.error();
    auto games = store->games();
    if (!games) return games.error();
    auto failed = store->failed_game_counts();
    if (!failed) return failed.error();
    auto specs = store->rule_specs();
    if (!specs) return specs.error();
    Store out;
    out.specs = std::move(*specs);
    out.path = path;
    out.failed_attempts = std::move(*failed);
    out.runs = std::move(*runs);
    out.games.reserve(games->size());
    const tournament::OpeningMisses misses(out.runs);
    for (auto& row : *games) {
        if (!(row.white_score >= 0.0 && row.white_score <= 1.0)) {
            return make_error(fmt::format("game {} has white_score {}, outside [0, 1]",
                                          row.game_key, row.white_score),
                              path.string());
        }
        const auto details = nlohmann::json::parse(row.details_json, nullptr, false);
        const FailureTag tag = failure_of(row, details);
        std::optional<double> board;
        if (details.is_object() && details.contains("board_score") &&
            details["board_score"].is_number()) {
            board = details["board_score"].get<double>();
            if (!(*board >= 0.0 && *board <= 1.0)) {
                return make_error(
                    fmt::format("game {} has board_score {}, outside [0, 1]", row.game_key, *board),
                    path.string());
            }
        }
        const bool missed = misses.missed(row);
        StoredGame game{std::move(row), tag.side, tag.status, board, missed};
        out.games.push_back(std::move(game));
    }
    return out;
}

}  // namespace balance::analysis
