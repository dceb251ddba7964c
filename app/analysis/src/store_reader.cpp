#include "balance/analysis/store_reader.hpp"

#include <string_view>
#include <system_error>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace balance::app::report {

namespace {

// details_json.failure when present (it names the status exactly), else the termination.
FailureTag failure_of(const tournament::GameRow& game) {
    const auto json = nlohmann::json::parse(game.details_json, nullptr, false);
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
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return make_error("no such results database (run `balance sweep` first?)", path.string());
    auto store = tournament::ResultStore::open_existing(path);
    if (!store) return store.error();
    auto runs = store->runs();
    if (!runs) return runs.error();
    auto games = store->games();
    if (!games) return games.error();
    Store out;
    out.path = path;
    out.runs = std::move(*runs);
    out.games.reserve(games->size());
    for (auto& row : *games) {
        if (row.white_score != 0.0 && row.white_score != 0.5 && row.white_score != 1.0) {
            return make_error(fmt::format("game {} has white_score {}, not 0, 0.5 or 1",
                                          row.game_key, row.white_score),
                              path.string());
        }
        const FailureTag tag = failure_of(row);
        StoredGame game{std::move(row), tag.side, tag.status};
        out.games.push_back(std::move(game));
    }
    return out;
}

}  // namespace balance::app::report
