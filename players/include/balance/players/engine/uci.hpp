#pragma once
// The internal engine over UCI (`balance uci`), so GUIs and match tools can play it.
//
// Variants come from the environment (players does not read config files): `variants` lists
// the names offered in the UCI_Variant combo and `load_variant` turns a name plus rule options
// into a VariantSpec. Options: UCI_Variant, WhiteArmy / BlackArmy (empty: the variant's
// defaults; a FEN's {W:.. B:..} metadata overrides them), RuleOptions (space- or
// comma-separated, e.g. "stalemate-win"), Hash (MB), Threads (fixed at 1), RandomPlies and
// RandomMargin (root_random.hpp; 0 plies = off), Seed.
// Commands: uci, isready, ucinewgame, setoption, position startpos|fen <fen> [moves ...],
// go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N]
// [infinite], stop, quit, d (prints the FEN), eval (static evaluation).
// Errors never pass silently: each gets an `info string error: ...` line naming the value and what
// was expected. A `position` that fails leaves no position, and `go` answers `bestmove 0000` until
// the next valid one (why: uci.cpp, position()).
// The search runs on its own thread so `stop` and `isready` are answered while it thinks; any
// other command first waits for a running search to finish.

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"
#include "balance/players/engine/search_types.hpp"

namespace balance::players::engine {

struct UciEnvironment {
    std::vector<std::string> variants;  // the first is the default
    std::function<Result<core::VariantSpec>(const std::string& name,
                                            const std::vector<std::string>& options)>
        load_variant;
    EngineOptions engine;  // initial Hash / RandomPlies / RandomMargin
};

// Reads commands until `quit` or end of input; returns the process exit code (0).
int run_uci(std::istream& in, std::ostream& out, const UciEnvironment& env);

// The movetime the engine gives itself for `go wtime/btime/...`: a share of the remaining
// time plus most of the increment, never more than half the clock.
[[nodiscard]] int allocate_time_ms(int time_left_ms, int increment_ms, int moves_to_go);

}  // namespace balance::players::engine
