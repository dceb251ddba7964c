#pragma once
// The pages `balance serve` sends: the index of its databases and one page per database, whose
// script asks for the live part again (live.json) and swaps it in when the store has changed.

#include <cstddef>
#include <string>
#include <vector>

#include "balance/analysis/json.hpp"
#include "balance/serve/snapshot.hpp"

namespace balance::serve {

// One line of the index: the database as given on the command line and its snapshot (or why
// it cannot be read now).
struct IndexEntry {
    std::size_t id = 0;  // its page is /run/<id>
    std::string database;
    std::shared_ptr<const Snapshot> snapshot;  // null when `error` says why
    std::string error;
};

[[nodiscard]] std::string index_page(const std::vector<IndexEntry>& entries);
[[nodiscard]] analysis::Json index_json(const std::vector<IndexEntry>& entries);

// The page of database `id`: the report's style, the live part, and the script that polls.
[[nodiscard]] std::string run_page(std::size_t id, const std::string& database,
                                   const Snapshot& snapshot);

// What live.json answers: {"stamp", "status", "html"} (html: the live part); kept as text in
// the snapshot (Snapshot::live_json).
[[nodiscard]] analysis::Json live_json(const Snapshot& snapshot);

}  // namespace balance::serve
