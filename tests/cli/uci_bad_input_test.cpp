// The UCI part of the bad-input catalogue (bad_input_catalogue_test.cpp): bad commands to
// `balance uci`. The protocol has the engine go on after a bad command (a GUI cannot handle an
// engine that exits), so instead of a non-zero exit each one must get an `info string error:`
// line, or `info string` naming the unknown command or option, that says what was expected; and
// a `go` after a failed `position` answers the null move rather than a move of a stale position.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "balance/config/variant_files.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/players/engine/uci.hpp"

namespace balance::cli {
namespace {

struct BadUci {
    std::string name;
    std::string commands;
    std::vector<std::string> expect;  // substrings of the engine's output
};

std::ostream& operator<<(std::ostream& out, const BadUci& c) {
    return out << c.name;
}

std::string run(const std::string& commands) {
    players::engine::UciEnvironment env;
    env.variants = {"chess", "asymmetric"};
    env.load_variant = [](const std::string& name,
                          const std::vector<std::string>& options) -> Result<core::VariantSpec> {
        auto path = config::find_variant(name);
        if (!path) return path.error();
        return config::load_variant(*path, options);
    };
    env.engine.hash_mb = 1;
    std::istringstream in(commands + "\nquit\n");
    std::ostringstream out;
    EXPECT_EQ(players::engine::run_uci(in, out, env), 0);
    return out.str();
}

const std::vector<BadUci> kBadUci = {
    {"UnknownVariant",
     "setoption name UCI_Variant value chesss",
     {"info string error: unknown UCI_Variant 'chesss' (expected one of: chess asymmetric)"}},
    {"UnknownArmy",
     "setoption name WhiteArmy value goblins",
     {"info string error: after setoption WhiteArmy", "goblins", "is not playable"}},
    {"UnknownRuleOption",
     "setoption name RuleOptions value stalemate-loss",
     {"info string error: after setoption RuleOptions", "stalemate-loss"}},
    {"HashNotANumber",
     "setoption name Hash value lots",
     {"info string option Hash needs a number, got 'lots'"}},
    {"SeedNotANumber", "setoption name Seed value x", {"Seed needs a number, got 'x'"}},
    {"UnknownOption",
     "setoption name Ponderous value true",
     {"info string unknown option 'Ponderous'"}},
    {"PositionWithoutKind", "position e2e4", {"info string error: position needs 'startpos' or"}},
    {"PositionFenMissing", "position fen", {"info string error: position fen: the FEN is missing"}},
    {"PositionBadFen",
     "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 -3",
     {"is not a valid chess position", "fullmove number '-3'"}},
    {"PositionJunkAfterFen",
     "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 }{W:dwarves",
     {"is not a valid chess position", "'}{W:dwarves'", "after the FEN"}},
    {"PositionJunkAfterFenThenGo",
     "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 junk\ngo depth 1",
     {"'junk'", "no position to search", "bestmove 0000"}},
    {"PositionIllegalMove",
     "position startpos moves e2e5",
     {"info string error: position: move 1 'e2e5' is not a legal move"}},
    {"PositionJunkAfterStartpos",
     "position startpos e2e4",
     {"expected 'moves' or the end of the line after startpos"}},
    {"GoAfterFailedPosition",
     "position startpos moves e2e5\ngo depth 1",
     {"no position to search", "bestmove 0000"}},
    {"GoDepthNotANumber",
     "position startpos\ngo depth deep",
     {"info string error: go depth needs a number, got 'deep'"}},
    {"UnknownCommand", "castle now", {"info string unknown command 'castle'"}},
};

class UciBadInput : public ::testing::TestWithParam<BadUci> {};

TEST_P(UciBadInput, SaysWhatWasExpectedAndGoesOn) {
    const BadUci& c = GetParam();
    // `isready` after the bad command: the engine must still answer.
    const std::string out = run(c.commands + "\nisready");
    for (const auto& part : c.expect)
        EXPECT_NE(out.find(part), std::string::npos) << "expected '" << part << "' in:\n" << out;
    EXPECT_NE(out.find("readyok"), std::string::npos) << out;
}

INSTANTIATE_TEST_SUITE_P(Catalogue, UciBadInput, ::testing::ValuesIn(kBadUci),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace balance::cli
