#include "balance/analysis/store_reader.hpp"

#include <sys/stat.h>

#include <functional>
#include <string_view>
#include <system_error>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "balance/tournament/game_order.hpp"
#include "balance/tournament/opening_miss.hpp"

namespace balance::analysis {

namespace {

// What a report takes from a game's details_json.
struct DetailFacts {
    FailureTag failure;  // details_json.failure when it names a side and a status
    std::optional<double> board_score;
    std::optional<bool> opening_missed;
    std::optional<int> opening_imbalance_cp;
};

// Parsed only when the text names one of the keys read here: most games' details hold nothing
// but per-ply scores, think times and nodes, and parsing those would cost more than all the
// rest of the read.
DetailFacts facts_of(std::string_view details) {
    DetailFacts facts;
    if (details.find("\"failure\"") == std::string_view::npos &&
        details.find("\"board_score\"") == std::string_view::npos &&
        details.find("\"opening_") == std::string_view::npos)
        return facts;
    const auto json = nlohmann::json::parse(details, nullptr, false);
    if (!json.is_object()) return facts;
    if (json.contains("failure") && json["failure"].is_object()) {
        const auto& failure = json["failure"];
        FailureTag tag{failure.value("side", ""), failure.value("status", "")};
        if (!tag.side.empty() && !tag.status.empty()) facts.failure = std::move(tag);
    }
    if (json.contains("board_score") && json["board_score"].is_number())
        facts.board_score = json["board_score"].get<double>();
    if (json.contains("opening_missed") && json["opening_missed"].is_boolean())
        facts.opening_missed = json["opening_missed"].get<bool>();
    if (json.contains("opening_imbalance_cp") && json["opening_imbalance_cp"].is_number())
        facts.opening_imbalance_cp = json["opening_imbalance_cp"].get<int>();
    return facts;
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

std::uint64_t played_fingerprint(std::string_view start_fen, std::string_view opening,
                                 std::string_view moves) {
    // std::hash (MurmurHash in libstdc++) takes 8 bytes a step where FNV-1a takes one: a large
    // store's moves are tens of MB.
    const std::hash<std::string_view> hash;
    std::uint64_t h = hash(start_fen);
    h = hash(opening) ^ (h * 0x100000001b3ULL);
    return hash(moves) ^ (h * 0x100000001b3ULL);
}

namespace {

// The store at `path`, open for reading. Errors as read_store's.
Result<tournament::ResultStore> open_for_reading(const std::filesystem::path& path) {
    // A path the file system refuses (a name too long, a file where a directory should be) or
    // a directory says why; a missing one suggests the command that makes it.
    auto exists = tournament::database_exists(path);
    if (!exists) return exists.error();
    std::error_code ec;
    if (!*exists || !std::filesystem::is_regular_file(path, ec))
        return make_error("no such results database (run `balance sweep` first?)", path.string());
    return tournament::ResultStore::open_existing(path);
}

// The runs, failed attempts and rules of `store` into `out`, replacing those it holds.
Result<void> read_tables(const tournament::ResultStore& store, Store& out) {
    auto runs = store.runs();
    if (!runs) return runs.error();
    auto failed = store.failed_game_counts();
    if (!failed) return failed.error();
    auto specs = store.rule_specs();
    if (!specs) return specs.error();
    out.runs = std::move(*runs);
    out.failed_attempts = std::move(*failed);
    out.specs = std::move(*specs);
    return {};
}

// The games of `store` with a rowid in (after, upto] added to `out.games`, in order with those
// it holds; `out.runs` already read (they judge the openings).
Result<void> read_games(const tournament::ResultStore& store, GameText text, std::int64_t after,
                        std::optional<std::int64_t> upto, Store& out) {
    const std::size_t before = out.games.size();
    const tournament::OpeningMisses misses(out.runs);
    std::optional<Error> refused;  // the first game refused; the rest are skipped
    const auto visit = [&](tournament::GameRow&& row, const tournament::PlayedText& played) {
        if (refused) return;
        if (!(row.white_score >= 0.0 && row.white_score <= 1.0)) {
            refused = make_error(fmt::format("game {} has white_score {}, outside [0, 1]",
                                             row.game_key, row.white_score),
                                 out.path.string());
            return;
        }
        DetailFacts facts = facts_of(played.details_json);
        if (facts.board_score && !(*facts.board_score >= 0.0 && *facts.board_score <= 1.0)) {
            refused = make_error(fmt::format("game {} has board_score {}, outside [0, 1]",
                                             row.game_key, *facts.board_score),
                                 out.path.string());
            return;
        }
        const FailureTag tag = facts.failure.side.empty()
                                   ? failure_from_termination(row.termination)
                                   : std::move(facts.failure);
        const bool missed =
            misses.missed(row.run_id, facts.opening_missed, facts.opening_imbalance_cp);
        const std::uint64_t fingerprint =
            played_fingerprint(played.start_fen, played.opening, played.moves);
        if (text == GameText::Kept) {
            row.start_fen = played.start_fen;
            row.opening = played.opening;
            row.moves = played.moves;
            row.details_json = played.details_json;
        }
        out.games.push_back(StoredGame{std::move(row), tag.side, tag.status, facts.board_score,
                                       missed, fingerprint});
    };
    if (auto read = store.visit_games(visit, after, upto); !read) return read.error();
    if (refused) return *refused;
    tournament::sort_by_cell(out.games, before);
    return {};
}

// The device and inode of `path`: another file put in its place has other ones.
std::optional<std::pair<std::uint64_t, std::uint64_t>> file_identity(
    const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return std::pair<std::uint64_t, std::uint64_t>(st.st_dev, st.st_ino);
}

}  // namespace

Result<Store> read_store(const std::filesystem::path& path, GameText text) {
    auto store = open_for_reading(path);
    if (!store) return store.error();
    Store out;
    out.path = path;
    if (auto tables = read_tables(*store, out); !tables) return tables.error();
    auto stamp = store->stamp();
    if (!stamp) return stamp.error();
    out.games.reserve(static_cast<std::size_t>(stamp->games));
    if (auto games = read_games(*store, text, 0, std::nullopt, out); !games) return games.error();
    return out;
}

Result<const Store*> StoreFollower::update() {
    games_read_ = 0;
    const auto failed = [this](const Error& error) -> Result<const Store*> {
        file_.reset();
        return error;
    };
    auto store = open_for_reading(path_);
    if (!store) return failed(store.error());
    auto stamp = store->stamp();
    if (!stamp) return failed(stamp.error());
    const auto identity = file_identity(path_);
    bool whole = !file_ || identity != file_ || stamp->last_game < last_rowid_;
    while (true) {
        if (whole) {
            store_.games.clear();
            store_.games.reserve(static_cast<std::size_t>(stamp->games));
            last_rowid_ = 0;
        }
        if (auto tables = read_tables(*store, store_); !tables) return failed(tables.error());
        const std::size_t before = store_.games.size();
        if (auto games = read_games(*store, text_, last_rowid_, stamp->last_game, store_); !games)
            return failed(games.error());
        games_read_ = static_cast<std::int64_t>(store_.games.size() - before);
        // Games only added: the count is the stamp's. Else read the store whole.
        if (whole || static_cast<std::int64_t>(store_.games.size()) == stamp->games) break;
        whole = true;
    }
    last_rowid_ = stamp->last_game;
    read_whole_ = whole;
    stamp_ = *stamp;
    file_ = identity;
    return &store_;
}

}  // namespace balance::analysis
