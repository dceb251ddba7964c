// Every candidate of the shipped fix files (configs/sweeps/fix-*.toml) plays: random games in
// each of its search's pairings, the position checked (Position::consistent: board, bitboards,
// e.p. state and the key recomputed from scratch) after every make and unmake of every legal
// move. A candidate edits the rules the fast code was written for (a pawn given a plain leap
// onto its double step's square once left an e.p. square on an occupied square, and the engine
// crashed mid-search); this is where such an edit is met before a long search meets it.

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>

#include "balance/config/fix_candidates.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/core/game.hpp"
#include "balance/core/movegen.hpp"

namespace balance::config {
namespace {

// Plays `plies` random plies from the start, checking every legal move's make and unmake;
// returns the moves checked.
int check_random_game(const core::VariantSpec& spec, const tournament::Pairing& pairing,
                      std::mt19937_64& rng, int plies, const std::string& what) {
    auto game = core::Game::start(spec, pairing.white, pairing.black);
    EXPECT_TRUE(game.ok()) << what << ": " << game.error().to_string();
    if (!game) return 0;
    int checked = 0;
    for (int ply = 0; ply < plies && !game->outcome().over(); ++ply) {
        game->visit([&](auto& pos) {
            core::MoveList all;
            core::generate_legal(pos, all);
            for (const core::Move m : all) {
                pos.make(m);
                EXPECT_TRUE(pos.consistent())
                    << what << " after " << m.raw() << " from " << game->fen();
                pos.unmake();
                ++checked;
            }
        });
        const auto legal = game->legal_moves();
        if (legal.empty()) break;
        game->play(legal[rng() % legal.size()]);
    }
    return checked;
}

TEST(FixCandidatesPlay, EveryShippedCandidateKeepsThePositionConsistent) {
    const std::filesystem::path dir = std::filesystem::path(BALANCE_SOURCE_DIR) / "configs/sweeps";
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("fix-", 0) != 0 || entry.path().extension() != ".toml") continue;
        ++files;
        auto sweep = load_sweep(entry.path());
        ASSERT_TRUE(sweep.ok()) << sweep.error().to_string();
        const auto search = fix_search_sweep(*sweep);
        auto candidates = fix_candidates(*sweep);
        ASSERT_TRUE(candidates.ok()) << candidates.error().to_string();
        std::mt19937_64 rng(20261127);
        int played = 0;
        for (const auto& c : *candidates) {
            if (!c.rejected.empty()) continue;
            ++played;
            int checked = 0;
            for (const auto& pairing : search.pairings)
                checked += check_random_game(
                    c.rule_set.spec, pairing, rng, 60,
                    name + ", " + c.label + ", " + pairing.white + "-" + pairing.black);
            EXPECT_GT(checked, 100) << name << ", " << c.label;
        }
        EXPECT_GT(played, 10) << name;
    }
    EXPECT_GE(files, 3);
}

}  // namespace
}  // namespace balance::config
