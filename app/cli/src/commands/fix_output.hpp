#pragma once
// `balance fix`'s flags (fix.cpp, the command; the search itself is runs::race_fix) and its
// result as a table, JSON or a page (fix_output.cpp).

#include <cstdint>
#include <ostream>
#include <string>

#include "balance/analysis/json.hpp"
#include "balance/runs/fix_race.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::cli {

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
[[nodiscard]] std::string fix_score_owner(const tournament::FixSpec& fix);

// The --confirm flags to repeat in a resume hint ("" without --confirm).
[[nodiscard]] std::string fix_confirm_flags(const FixArgs& args);

// The candidates best first, the balanced ones' TOML and their confirmations, as text.
void print_fix(std::ostream& out, const FixArgs& args, const runs::FixOutcome& result);
[[nodiscard]] analysis::Json fix_json(const FixArgs& args, const runs::FixOutcome& result);
// The candidates' intervals against the band as a page.
[[nodiscard]] std::string fix_page(const runs::FixOutcome& result);

}  // namespace balance::cli
