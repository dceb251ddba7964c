// Cross-check of core's move generation against the independent reference generator
// (reference_movegen.hpp): perft from the start position and legal-move sets along seeded random
// games, for all 9 Asymmetric pairings, Uneven Pieces Chess, Contrast chess, Anti-Relay chess
// (no peer engine plays the two modifiers: this reference is their cross-check) and the rule sets
// of the AlphaZero chess study (Fairy-Stockfish plays only some of them).

#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <string>

#include "../support/variants.hpp"
#include "balance/core/perft.hpp"
#include "reference_movegen.hpp"

namespace balance::testing {
namespace {

namespace ref = reference;

struct Pairing {
    std::string variant, white, black;
    ref::Army white_army, black_army;
    int files, ranks, king_travel;
    ref::Pos::Modifier modifier = ref::Pos::Modifier::None;
    std::vector<std::string> options = {};
    ref::Pos::Study study = {};
};

// The rule sets of the AlphaZero chess study (chess.toml options), and the reference's rules.
std::vector<Pairing> study_pairings() {
    using P = ref::Pos::Study::Pawn;
    const auto rule_set = [](std::vector<std::string> options, ref::Pos::Study study) {
        return Pairing{"chess",
                       "fide",
                       "fide",
                       ref::humans(),
                       ref::humans(),
                       8,
                       8,
                       2,
                       ref::Pos::Modifier::None,
                       std::move(options),
                       study};
    };
    return {
        rule_set({"torpedo"}, {P::Torpedo}),
        rule_set({"semi-torpedo"}, {P::SemiTorpedo}),
        rule_set({"pawn-one-square"}, {P::OneSquare}),
        rule_set({"pawn-back"}, {P::Back}),
        rule_set({"pawn-sideways"}, {P::Sideways}),
        rule_set({"self-capture"}, {P::Classical, true, true}),
        rule_set({"self-capture", "self-capture-king=forbidden"}, {P::Classical, true, false}),
        rule_set({"no-castling"}, {}),
        rule_set({"no-castling-10"}, {P::Classical, false, true, 11}),
        rule_set({"torpedo", "self-capture"}, {P::Torpedo, true, true}),
    };
}

std::vector<Pairing> pairings() {
    std::vector<Pairing> out;
    const std::pair<const char*, ref::Army> armies[] = {
        {"humans", ref::humans()}, {"elves", ref::elves()}, {"orcs", ref::orcs()}};
    for (const auto& [w, wa] : armies)
        for (const auto& [b, ba] : armies) out.push_back({"asymmetric", w, b, wa, ba, 8, 8, 2});
    out.push_back({"uneven", "white", "black", ref::uneven_white(), ref::uneven_black(), 10, 8, 3});
    out.push_back({"contrast", "fide", "fide", ref::humans(), ref::humans(), 8, 8, 2,
                   ref::Pos::Modifier::Contrast});
    out.push_back({"antirelay", "fide", "fide", ref::humans(), ref::humans(), 8, 8, 2,
                   ref::Pos::Modifier::AntiRelay});
    // Anti-relay among fairy pieces: the Phoenix's B and N, the Dragon's R and N take part, and
    // the Orcs' complex pieces exercise the legality filter's complex-path candidates.
    out.push_back({"asymmetric",
                   "elves",
                   "orcs",
                   ref::elves(),
                   ref::orcs(),
                   8,
                   8,
                   2,
                   ref::Pos::Modifier::AntiRelay,
                   {"anti-relay"}});
    for (auto& pr : study_pairings()) out.push_back(std::move(pr));
    return out;
}

ref::Pos reference_position(const Pairing& pr, const std::string& fen) {
    auto p = ref::from_fen(fen, pr.white_army, pr.black_army, pr.files, pr.ranks, pr.king_travel);
    p.modifier = pr.modifier;
    p.study = pr.study;
    return p;
}

// One test per pairing, so that each stays short under the sanitizers.
class ReferenceCrossCheck : public ::testing::TestWithParam<Pairing> {};

TEST_P(ReferenceCrossCheck, PerftFromStartAgreesToDepth3) {
    const Pairing& pr = GetParam();
    const auto spec = load_shipped(pr.variant, pr.options);
    const auto game = make_game(spec, pr.white, pr.black);
    const auto start = reference_position(pr, game.fen());
    for (int depth = 1; depth <= 3; ++depth) {
        core::PerftRequest req{pr.white, pr.black, "", depth, false, false};
        auto ours = core::run_perft(spec, req);
        ASSERT_TRUE(ours.ok()) << ours.error().to_string();
        EXPECT_EQ(ours->nodes, ref::perft(start, depth))
            << pr.variant << " " << pr.white << " vs " << pr.black << " depth " << depth;
    }
}

// The test's name: variant, armies and options ("asymmetric_elves_orcs_anti_relay").
std::string pairing_name(const ::testing::TestParamInfo<Pairing>& info) {
    std::string name = info.param.variant + "_" + info.param.white + "_" + info.param.black;
    for (const auto& option : info.param.options) name += "_" + option;
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}

TEST_P(ReferenceCrossCheck, LegalMoveSetsAgreeAlongRandomGames) {
    const Pairing& pr = GetParam();
    // Seeded by the pairing, so each test plays the same games alone or in any order.
    std::string key = "20261122 " + pr.variant + " " + pr.white + " " + pr.black;
    for (const auto& option : pr.options) key += " " + option;
    std::seed_seq seed(key.begin(), key.end());
    std::mt19937_64 rng(seed);
    const auto spec = load_shipped(pr.variant, pr.options);
    int positions = 0, captures_ep = 0, promotions = 0, castles = 0;
    for (int game_index = 0; game_index < 12; ++game_index) {
        auto game = make_game(spec, pr.white, pr.black);
        for (int ply = 0; ply < 160; ++ply) {
            const auto ours = uci_moves(game);
            const auto theirs = ref::legal_move_texts(reference_position(pr, game.fen()));
            if (ours != theirs) {
                std::string only_ours, only_theirs;
                for (const auto& m : ours)
                    if (!theirs.count(m)) only_ours += m + " ";
                for (const auto& m : theirs)
                    if (!ours.count(m)) only_theirs += m + " ";
                FAIL() << pr.variant << " " << pr.white << " vs " << pr.black << " at "
                       << game.fen() << "\n only core: " << only_ours
                       << "\n only reference: " << only_theirs;
            }
            ++positions;
            if (ours.empty() || game.outcome().over()) break;
            // Prefer captures and pawn pushes a little, so games reach promotions and e.p.
            const auto moves = game.legal_moves();
            const auto m = moves[rng() % moves.size()];
            const auto uci = game.uci(m);
            captures_ep += m.kind() == core::MoveKind::EnPassant;
            promotions += m.kind() == core::MoveKind::Promotion;
            castles += m.kind() == core::MoveKind::Castling;
            game.play(m);
        }
    }
    EXPECT_GT(positions, 500) << pr.white << " vs " << pr.black;
    RecordProperty(pr.white + "_" + pr.black + "_positions", positions);
}

INSTANTIATE_TEST_SUITE_P(Pairings, ReferenceCrossCheck, ::testing::ValuesIn(pairings()),
                         pairing_name);

}  // namespace
}  // namespace balance::testing
