// Evaluation: value units, configured bonuses, and colour symmetry for every variant and
// pairing (a position and its colour mirror - ranks flipped, colours and armies swapped - must
// score the same for the side to move), which catches any term that treats the colours or the
// armies' directional pieces (Crab, Sprite, Guard) unevenly.

#include <gtest/gtest.h>

#include <cctype>
#include <sstream>

#include "balance/players/engine/bench.hpp"
#include "balance/players/engine/eval.hpp"
#include "engine_support.hpp"

namespace balance::testing {
namespace {

using players::engine::Engine;

// The colour mirror of a FEN (board, side, castling, e.p.; no army metadata).
std::string mirror_fen(const std::string& fen) {
    std::istringstream in(fen);
    std::string board, side, castling, ep, half = "0", full = "1";
    in >> board >> side >> castling >> ep >> half >> full;
    std::vector<std::string> ranks;
    std::string rank;
    for (char c : board) {
        if (c == '/') {
            ranks.push_back(rank);
            rank.clear();
        } else {
            rank += std::isupper(static_cast<unsigned char>(c))
                        ? static_cast<char>(std::tolower(c))
                        : static_cast<char>(std::toupper(c));
        }
    }
    ranks.push_back(rank);
    std::string out;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) out += (out.empty() ? "" : "/") + *it;
    std::string rights;
    for (char c : castling)
        rights += c == '-' ? c
                  : std::isupper(static_cast<unsigned char>(c))
                      ? static_cast<char>(std::tolower(c))
                      : static_cast<char>(std::toupper(c));
    std::string mep = ep;
    if (ep != "-") {
        const int r = std::stoi(ep.substr(1));
        mep = ep.substr(0, 1) + std::to_string(ranks.size() + 1 - r);
    }
    return out + " " + (side == "w" ? "b" : "w") + " " + rights + " " + mep + " " + half + " " +
           full;
}

int eval_of(const core::VariantSpec& spec, const std::string& white, const std::string& black,
            const std::string& fen) {
    const auto game = make_game(spec, white, black, fen);
    Engine engine;
    return game.visit([&](const auto& pos) { return engine.static_eval(pos); });
}

void expect_symmetric(const char* variant, const std::string& w, const std::string& b,
                      const std::string& fen) {
    const auto spec = load_shipped(variant);
    // Uneven's armies are bound to their colours and its start array to their letters: the
    // mirrored game needs the mirrored array and both armies allowed on both sides.
    auto mirrored = spec;
    for (auto& army : mirrored.armies) army.can_play_white = army.can_play_black = true;
    std::string start = mirror_fen(spec.start_fen);
    start[start.find(" b ")] = ' ', start[start.find(" b ") + 1] = 'w';
    mirrored.start_fen = start;
    EXPECT_EQ(eval_of(spec, w, b, fen), eval_of(mirrored, b, w, mirror_fen(fen)))
        << variant << " " << w << "/" << b << " " << fen << " vs " << mirror_fen(fen);
}

TEST(EngineEval, MirrorTest) {
    EXPECT_EQ(mirror_fen("4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1"),
              "4k2r/8/8/8/3Pp3/8/8/4K3 b k d3 0 1");
}

TEST(EngineEval, ColourSymmetryChess) {
    for (const auto& fen : players::engine::bench_fens("chess")) {
        if (fen.empty()) continue;
        expect_symmetric("chess", "", "", fen);
    }
}

TEST(EngineEval, ColourSymmetryEveryAsymmetricPairing) {
    for (const char* w : {"humans", "elves", "orcs"})
        for (const char* b : {"humans", "elves", "orcs"})
            for (const auto& fen : players::engine::bench_fens("asymmetric"))
                if (!fen.empty()) expect_symmetric("asymmetric", w, b, fen);
}

TEST(EngineEval, ColourSymmetryUneven) {
    // Uneven's armies are bound to their colours in play; for the mirror they swap.
    for (const auto& fen : players::engine::bench_fens("uneven"))
        if (!fen.empty()) expect_symmetric("uneven", "white", "black", fen);
}

TEST(EngineEval, ValueUnits) {
    // Chess and every Asymmetric pairing start level (each army is 41.0 pawns).
    const auto chess = load_shipped("chess");
    const auto asym = load_shipped("asymmetric");
    const auto uneven = load_shipped("uneven");
    auto material = [](const core::VariantSpec& spec, const std::string& w, const std::string& b,
                       const std::string& fen) {
        const auto game = make_game(spec, w, b, fen);
        return game.visit([](const auto& pos) {
            const auto tables = players::engine::build_eval_tables(pos.rules());
            return players::engine::material_balance(pos, tables);
        });
    };
    EXPECT_EQ(material(chess, "", "", ""), 0);
    EXPECT_EQ(material(chess, "", "", "4k3/8/8/8/8/8/P7/RN2K3 w - - 0 1"), 100 + 500 + 300);
    EXPECT_EQ(material(asym, "elves", "orcs", ""), 0);
    EXPECT_EQ(material(asym, "elves", "orcs", "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1"),
              120 - 110);  // Sprite - Guard
    // Uneven counts in quarter-pawns: White 195 (without the pair bonus), Black 198.
    EXPECT_EQ(material(uneven, "", "", ""), (195 - 198) * 25);
}

TEST(EngineEval, MaterialOnlyTerms) {
    // EvalTerms::Material: the piece values alone, for the side to move; the full evaluation
    // of the same position differs (placement, mobility, king safety).
    const auto chess = load_shipped("chess");
    const std::string fen = "4k3/8/8/8/3N4/8/P7/R3K3 b - - 0 1";
    const auto game = make_game(chess, "", "", fen);
    players::engine::EngineOptions material;
    material.eval = players::engine::EvalTerms::Material;
    Engine taste, plain(material);
    game.visit([&](const auto& pos) {
        EXPECT_EQ(plain.static_eval(pos), -(100 + 500 + 300));
        EXPECT_NE(taste.static_eval(pos), plain.static_eval(pos));
    });
    // It changes play: at a fixed depth the two engines differ somewhere in the bench set.
    int differ = 0;
    for (const auto& bench : players::engine::bench_fens("chess")) {
        if (bench.empty()) continue;
        const auto g = make_game(chess, "", "", bench);
        differ += taste.choose_move(g, depth_limit(3), 1).move !=
                  plain.choose_move(g, depth_limit(3), 1).move;
    }
    EXPECT_GT(differ, 0);
}

TEST(EngineEval, ConfiguredBonus) {
    const auto uneven = load_shipped("uneven");
    const auto game = make_game(uneven, "", "");
    game.visit([](const auto& pos) {
        const auto tables = players::engine::build_eval_tables(pos.rules());
        ASSERT_EQ(tables.bonuses.size(), 1u);
        EXPECT_EQ(tables.bonuses[0].cp, 50);  // 2 quarter-pawns
        EXPECT_EQ(tables.bonuses[0].types.size(), 2u);
        EXPECT_EQ(tables.unit_cp, 25);
    });
    const auto chess = make_game(load_shipped("chess"), "", "");
    chess.visit([](const auto& pos) {
        EXPECT_TRUE(players::engine::build_eval_tables(pos.rules()).bonuses.empty());
    });
}

TEST(EngineEval, DerivedFromMoveTables) {
    // Centralisation comes from each piece's own reach: a Knight in the centre beats one in
    // the corner, a Wazir barely cares, a Rook (same reach everywhere) not at all.
    const auto game = make_game(load_shipped("uneven"), "", "");
    game.visit([](const auto& pos) {
        const auto& r = pos.rules();
        const auto t = players::engine::build_eval_tables(r);
        auto type = [&](const char* name) {
            for (size_t i = 0; i < r.pieces.size(); ++i)
                if (r.pieces[i].name == name) return static_cast<int>(i);
            return -1;
        };
        const int center = r.square(4, 3), corner = 0, edge = r.square(0, 3);
        const int knight = type("knight"), rook = type("rook"), wazir = type("wazir");
        const auto& psq = t.psq[1];  // Black: the Wazir is Black's
        EXPECT_GT(psq[knight][center].mg, psq[knight][corner].mg + 10);
        EXPECT_EQ(psq[rook][center].mg, psq[rook][corner].mg);
        EXPECT_GT(psq[wazir][center].mg, psq[wazir][corner].mg);
        EXPECT_LT(psq[wazir][center].mg - psq[wazir][edge].mg,
                  psq[knight][center].mg - psq[knight][edge].mg);
        EXPECT_GT(t.mobility_weight[knight].mg,
                  t.mobility_weight[rook].mg);  // fewer, dearer squares
    });
}

}  // namespace
}  // namespace balance::testing
