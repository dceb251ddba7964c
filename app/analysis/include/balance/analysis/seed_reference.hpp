#pragma once
// Reference data: THE SEED'S NUMBERS, not ours. The Fairy-Max balance table published with
// Asymmetric Chess (Dmitry Eskin, chessvariants.org, 2016; page last revised by H. G. Muller
// 2022-11-24), copied verbatim from shared/seeds/asymmetric-chess.txt (RULES.md 1.6). Reports
// print it beside our measurements so the two can be compared directly. The page does not say
// how its "+/-" margins were computed, how long the games were, or how draws were counted.
//
// The page writes "Human-Elf: 49,2% (human) by 500 games": Human White against Elf Black, the
// Humans scoring 49.2%. "Human = Elf, 48,65% (human) by 1000 games" pools both colour orders.

#include <span>
#include <string_view>

namespace balance::app::report {

inline constexpr std::string_view kSeedReferenceSource =
    "Fairy-Max table published with Asymmetric Chess (D. Eskin, chessvariants.org 2016, rev. "
    "H. G. Muller 2022); seed's numbers, default rules, margins as published (method unstated)";

// One army pair of the published table, from the point of view of `x` (the army named first).
struct SeedPairing {
    std::string_view variant;  // our variant name
    std::string_view x;        // our army names
    std::string_view y;
    double x_white_score;      // "X-Y: s% (x)": X White
    double x_black_score;      // "Y-X: s% (x)": X Black, still X's score
    double pooled_score;       // "X = Y, s% (x)"
    int games_per_colour;      // 500
    double margin_per_colour;  // 0.035 (as published)
    double margin_pooled;      // 0.025
};

// The whole published table (3 pairings).
[[nodiscard]] std::span<const SeedPairing> seed_reference();

// The published pairing of `a` and `b` in `variant` (either order), or nullptr.
[[nodiscard]] const SeedPairing* find_seed_pairing(std::string_view variant, std::string_view a,
                                                   std::string_view b);

}  // namespace balance::app::report
