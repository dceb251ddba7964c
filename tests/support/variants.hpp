#pragma once
// Test helpers: load the shipped variant configs (what users actually run) and query moves.

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "balance/config/variant_loader.hpp"
#include "balance/core/game.hpp"

namespace balance::testing {

// The shipped variant files (configs/variants/).
inline const std::filesystem::path kShippedVariants =
    std::filesystem::path(BALANCE_SOURCE_DIR) / "configs/variants";

inline core::VariantSpec load_shipped(const std::string& name,
                                      const std::vector<std::string>& options = {}) {
    auto spec = config::load_variant(kShippedVariants / (name + ".toml"), options);
    if (!spec) ADD_FAILURE() << spec.error().to_string();
    return spec ? *spec : core::VariantSpec{};
}

// A variant, the two armies (empty for a single-army variant) and rule options: one row of
// the tests that walk random games of every variant.
struct VariantCase {
    const char* variant;
    const char* white;
    const char* black;
    std::vector<std::string> options;
};

// Every shipped variant with the pairings and options whose rules differ most (modifiers,
// Stylish points, each Asymmetric army, rule options, free placement with its drops): the cases
// of the tests that walk random games and compare a fast path with a slow one.
inline const std::vector<VariantCase>& random_game_cases() {
    static const std::vector<VariantCase> cases = {
        {"chess", "", "", {}},
        {"contrast", "", "", {}},
        {"antirelay", "", "", {}},
        {"uneven", "", "", {}},
        {"stylish", "", "", {}},
        {"asymmetric", "humans", "elves", {}},
        {"asymmetric", "elves", "orcs", {}},
        {"asymmetric", "orcs", "humans", {}},
        {"asymmetric", "elves", "elves", {}},
        {"asymmetric", "orcs", "orcs", {"sprite-double-step=leap", "guard-double-step=off"}},
        {"asymmetric", "humans", "orcs", {"free-placement"}},
        // The AlphaZero study's rule sets that change move generation most.
        {"chess", "", "", {"torpedo"}},
        {"chess", "", "", {"pawn-back"}},
        {"chess", "", "", {"pawn-sideways"}},
        {"chess", "", "", {"self-capture"}},
        {"chess", "", "", {"self-capture", "self-capture-king=forbidden", "semi-torpedo"}},
    };
    return cases;
}

inline core::Game make_game(const core::VariantSpec& spec, const std::string& white,
                            const std::string& black, const std::string& fen = {}) {
    auto game = core::Game::start(spec, white, black, fen);
    if (!game) {
        ADD_FAILURE() << game.error().to_string();
        return *core::Game::start(spec, "", "");
    }
    return *game;
}

// Destination squares of the legal moves starting on `from` (UCI text's target part).
inline std::set<std::string> destinations(const core::Game& game, const std::string& from) {
    std::set<std::string> out;
    for (const auto m : game.legal_moves()) {
        const std::string uci = game.uci(m);
        if (uci.rfind(from, 0) != 0) continue;
        // Strip the from-square and any promotion letter.
        std::string to = uci.substr(from.size());
        while (!to.empty() && std::islower(static_cast<unsigned char>(to.back())) && to.size() > 2)
            to.pop_back();
        out.insert(to);
    }
    return out;
}

// UCI text of every legal move.
inline std::set<std::string> uci_moves(const core::Game& game) {
    std::set<std::string> out;
    for (const auto m : game.legal_moves()) out.insert(game.uci(m));
    return out;
}

inline std::set<std::string> set_of(std::initializer_list<const char*> items) {
    std::set<std::string> out;
    for (const char* s : items) out.insert(s);
    return out;
}

}  // namespace balance::testing
