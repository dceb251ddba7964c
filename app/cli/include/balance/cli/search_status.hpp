#pragma once
// The searches' state for `balance serve`'s pages: `balance fix FILE --db DB --status --json`
// and `balance calibrate FILE --db DB --status --json`, run in-process (they read the stored
// games beside a process that may be playing into the database, and write nothing).

#include <cstdint>
#include <string>

#include "balance/analysis/json.hpp"
#include "balance/core/error.hpp"
#include "balance/serve/snapshot.hpp"

namespace balance::cli {

// What a command printed (status, stdout, stderr): its one JSON object, or its error lines as an
// error.
[[nodiscard]] Result<analysis::Json> captured_json(int status, const std::string& out,
                                                   const std::string& err);

// `fix FILE --db DB --status --json`: the race as its stored games stand.
[[nodiscard]] Result<analysis::Json> fix_status(const std::string& file, const std::string& db);

// `calibrate FILE --db DB --status --json [--nodes N]` (0: the file's node limit): the rounds.
[[nodiscard]] Result<analysis::Json> calibration_status(const std::string& file,
                                                        const std::string& db, std::uint64_t nodes);

// The reader `balance serve` gives its pages: loads the latest run's sweep file and, for a
// [fix] or [calibrate] file, reads the search's state with the command's own --status.
[[nodiscard]] serve::SearchReader search_reader();

}  // namespace balance::cli
