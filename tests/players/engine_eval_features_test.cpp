// The evaluation as a linear function of its weights (eval_features.hpp): on every position of
// random games of every shipped variant (chess and its rule sets, Contrast, anti-relay, Uneven,
// Stylish, Asymmetric pairings with free placement), the features times the weights rebuild
// evaluate() exactly - at the hand-set weights and at weights far from them - and the real
// linear model the fit uses stays within the rounding of the divided terms. Also: the default
// weights are the hand-set evaluation, and a weight changes what it should.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "balance/core/movegen.hpp"
#include "balance/players/engine/eval.hpp"
#include "balance/players/engine/eval_features.hpp"
#include "engine_support.hpp"

namespace balance::testing {
namespace {

namespace engine = players::engine;

// Weights far from the hand-set ones in every term and for every piece of `spec`, so that a
// feature counted under the wrong weight cannot cancel out.
engine::EvalWeights shifted_weights(const core::VariantSpec& spec) {
    engine::EvalWeights w;
    int k = 3;
    for (const auto& term : engine::weight_terms()) {
        // Only the phases the term has: the other half of its Score stays 0.
        engine::Score& s = w.*(term.member);
        if (term.phases != engine::Phases::Endgame) s.mg += k;
        if (term.phases == engine::Phases::Both || term.phases == engine::Phases::Endgame)
            s.eg -= 2 * k;
        k += 2;
    }
    for (const auto& piece : spec.pieces) {
        if (piece.role == core::PieceRole::King) continue;
        auto& p = w.pieces[piece.name];
        p.material = engine::Score{90 + k, 110 + 2 * k};
        if (piece.role != core::PieceRole::Pawn) {
            p.mobility = engine::Score{k % 7 + 1, k % 5 + 2};
            p.centre = engine::Score{5, 2};
            p.advance = engine::Score{k % 3 + 1, -(k % 4)};
            p.king_attack = engine::Score{k % 9 + 2, k % 2};
        }
        k += 37;
    }
    return w;
}

// Walks `plies` random legal moves (a fixed sequence per seed) from the start and calls
// `check(position)` at every position; `start` is the game's start position, whose board width
// the positions share.
template <core::Bitboard BB, class F>
void walk_random_game(core::Game game, const core::Position<BB>& /*start*/, std::uint64_t seed,
                      int plies, F&& check) {
    std::uint64_t state = seed;
    for (int ply = 0; ply < plies; ++ply) {
        game.visit([&](const auto& pos) {
            if constexpr (std::is_same_v<std::decay_t<decltype(pos)>, core::Position<BB>>)
                check(pos);
        });
        const std::vector<core::Move> moves = game.legal_moves();
        if (moves.empty()) return;
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        game.play(moves[(state >> 33) % moves.size()]);
    }
}

// Every position of a few random games of `c` under `weights`: rebuilt exactly, and the linear
// model within rounding. Returns the positions checked.
int check_case(const VariantCase& c, const engine::EvalWeights* weights_or_default) {
    const core::VariantSpec spec = load_shipped(c.variant, c.options);
    const engine::EvalWeights weights =
        weights_or_default ? *weights_or_default : engine::EvalWeights{};
    const engine::WeightLayout layout = engine::weight_layout(spec);
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const core::Game game = make_game(spec, c.white, c.black);
        game.visit([&](const auto& start) {
            const auto& rules = start.rules();
            const auto tables = engine::build_eval_tables(rules, {}, weights);
            const auto context = engine::feature_context(layout, rules, tables);
            walk_random_game(game, start, seed, 160, [&](const auto& pos) {
                const int expected = engine::evaluate(pos, tables);
                engine::EvalFeatures f;
                engine::eval_features(pos, context, f);
                ASSERT_EQ(engine::evaluation_from_features(layout, f, context.weights), expected)
                    << c.variant << " " << c.white << "-" << c.black << " seed " << seed;
                // The fit's real-valued model: White's view, no integer division.
                std::vector<double> row(static_cast<std::size_t>(layout.size()));
                double linear = 0.0;
                engine::linear_row(layout, f, row, linear);
                for (int i = 0; i < layout.size(); ++i) linear += row[i] * context.weights[i];
                const int white = pos.side_to_move() == core::Color::White ? expected : -expected;
                EXPECT_NEAR(linear, white, 2.0) << c.variant << " seed " << seed;
                ++checked;
            });
        });
    }
    return checked;
}

TEST(EvalFeatures, RebuildEvaluationAtTheHandSetWeights) {
    for (const VariantCase& c : random_game_cases()) {
        SCOPED_TRACE(std::string(c.variant) + " " + c.white + "-" + c.black);
        EXPECT_GT(check_case(c, nullptr), 100);
    }
}

TEST(EvalFeatures, RebuildEvaluationAtShiftedWeights) {
    for (const VariantCase& c : random_game_cases()) {
        SCOPED_TRACE(std::string(c.variant) + " " + c.white + "-" + c.black);
        const engine::EvalWeights shifted = shifted_weights(load_shipped(c.variant, c.options));
        EXPECT_GT(check_case(c, &shifted), 100);
    }
}

TEST(EvalFeatures, LayoutRoundTripsWeights) {
    const core::VariantSpec spec = load_shipped("asymmetric");
    const engine::WeightLayout layout = engine::weight_layout(spec);
    const engine::EvalWeights shifted = shifted_weights(spec);
    const auto game = make_game(spec, "elves", "orcs");
    game.visit([&](const auto& pos) {
        const auto tables = engine::build_eval_tables(pos.rules(), {}, shifted);
        std::vector<double> w;
        engine::read_weights(layout, pos.rules(), tables, w);
        const engine::EvalWeights back = engine::weights_of(layout, w);
        for (const auto& term : engine::weight_terms())
            EXPECT_EQ(back.*(term.member), shifted.*(term.member)) << term.key;
        // The pairing's pieces come back as given; the Humans' are not in it.
        EXPECT_EQ(back.pieces.at("unicorn").mobility, shifted.pieces.at("unicorn").mobility);
        EXPECT_EQ(back.pieces.at("unicorn").material, shifted.pieces.at("unicorn").material);
    });
}

// The type named `name` in `rules`.
template <core::Bitboard BB>
core::PieceType type_named(const core::Rules<BB>& rules, const std::string& name) {
    for (std::size_t t = 0; t < rules.pieces.size(); ++t)
        if (rules.pieces[t].name == name) return static_cast<core::PieceType>(t);
    ADD_FAILURE() << "no piece " << name;
    return 0;
}

TEST(EvalWeights, WeightsChangeWhatTheyShould) {
    const core::VariantSpec spec = load_shipped("chess");
    // Kiwipete without Black's f6 knight: the knights are uneven from the start.
    const auto game = make_game(
        spec, "", "", "r3k2r/p1ppqpb1/bn2p1p1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    game.visit([&](const auto& start) {
        const auto plain = engine::build_eval_tables(start.rules());
        const core::PieceType knight = type_named(start.rules(), "knight");
        // The knight named with the weights the evaluation derives itself: nothing changes.
        engine::EvalWeights same;
        same.pieces["knight"] = {plain.material[knight], plain.mobility_weight[knight],
                                 engine::Score{4, 3}, engine::Score{}, engine::Score{}};
        const auto named = engine::build_eval_tables(start.rules(), {}, same);
        engine::EvalWeights tempo;
        tempo.tempo.mg += 7;
        const auto more_tempo = engine::build_eval_tables(start.rules(), {}, tempo);
        engine::EvalWeights heavier;
        heavier.pieces["knight"].material = engine::Score{900, 900};
        const auto heavy = engine::build_eval_tables(start.rules(), {}, heavier);
        // Advance, counted by hand: White's knights on e5 and c3 stand 4 + 2 ranks from White's
        // back rank, Black's on b6 2 from Black's: 10 cp a rank is +40 for White, to move.
        engine::EvalWeights forward;
        forward.pieces["knight"].advance = engine::Score{10, 10};
        const auto advanced = engine::build_eval_tables(start.rules(), {}, forward);
        EXPECT_EQ(engine::evaluate(start, advanced), engine::evaluate(start, plain) + 40);
        int differ = 0;
        walk_random_game(game, start, 7, 80, [&](const auto& pos) {
            const int v = engine::evaluate(pos, plain);
            EXPECT_EQ(engine::evaluate(pos, named), v);
            EXPECT_EQ(engine::evaluate(pos, more_tempo), v + 7);
            differ += engine::evaluate(pos, heavy) != v;
        });
        EXPECT_GT(differ, 0);
    });
}

}  // namespace
}  // namespace balance::testing
