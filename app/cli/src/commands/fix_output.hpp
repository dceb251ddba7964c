#pragma once
// `balance fix`'s flags (fix.cpp, the command; the search itself is runs::race_fix) and its
// result as a table, JSON or a page (fix_output.cpp).

#include <cstdint>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "balance/runs/fix_race.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::cli::fix_command {

using Json = nlohmann::ordered_json;

struct FixArgs {
    std::string file;
    std::string db;
    int threads = 0;
    std::int64_t max_games = -1;
    std::int64_t confirm = 0;   // games each confirmed candidate replays from another seed
    int confirm_top = 0;        // only the candidates closest to the target (0: all)
    bool confirm_open = false;  // also the candidates the race left open (the budget ran out)
    bool json = false;
    bool quiet = false;
    bool force = false;
    // Read the race from the stored games without playing or writing anything (another process
    // may be playing into the database meanwhile).
    bool status = false;
    std::string html;  // also write the candidates' intervals against the band as a page
};

// "White's score", or "<side>' score".
[[nodiscard]] std::string score_owner(const tournament::FixSpec& fix);

// The --confirm flags to repeat in a resume hint ("" without --confirm).
[[nodiscard]] std::string confirm_flags(const FixArgs& args);

// The candidates best first, the balanced ones' TOML and their confirmations, as text.
void print(std::ostream& out, const FixArgs& args, const runs::FixOutcome& result);
[[nodiscard]] Json to_json(const FixArgs& args, const runs::FixOutcome& result);
// The candidates' intervals against the band as a page.
[[nodiscard]] std::string to_html(const runs::FixOutcome& result);

}  // namespace balance::cli::fix_command
