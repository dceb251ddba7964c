#pragma once
// The report's verdict: what a designer reads first, before any table. One item per pooled
// pairing (X's score over both colours), per army fit (the armies' strengths and the White
// advantage) and per pair of different players that met, each with its interval and one
// sentence in plain words. Variants with one army have no pairing and no fit: their items are
// White's score in each self-play cell. Numbers only come from the report's own statistics.

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "balance/analysis/army_fit.hpp"
#include "balance/analysis/cells.hpp"
#include "balance/analysis/head_to_head.hpp"
#include "balance/analysis/pairs.hpp"
#include "balance/analysis/player_scale.hpp"
#include "balance/analysis/player_strength.hpp"
#include "balance/analysis/variant_catalog.hpp"

namespace balance::analysis {

struct SummaryItem {
    enum class Kind { Pairing, Armies, Players, White, Agreement, Readings };
    Kind kind = Kind::Pairing;
    std::string variant;
    std::string rules;
    std::string players;  // players label ("balance", "A vs B")
    // Whose score `score` is: X of a pairing, the first player, or "White".
    std::string subject;
    std::string other;                    // Y of a pairing, the opponent; empty otherwise
    std::optional<ScoreSummary> score;    // Pairing, Players, White
    std::optional<double> reference;      // the variant's published pooled score (Pairing)
    std::vector<ArmyRating> armies;       // Armies: strongest first
    stats::Interval white_advantage_elo;  // Armies
    stats::Interval white_advantage_score;
    // A short code: "x-stronger" | "y-stronger" | "no-clear-edge" (Pairing, Players, White: x is
    // the subject); "one-stands-out" | "none-stands-out" (Armies); "agree" | "disagree"
    // (Agreement: players of different strengths on one question); "holds" | "changes"
    // (Readings: the verdict under every rule set that changes one rule of this one);
    // "engine-failures" (any kind) when at least half the games behind it were lost by engine
    // failures: no balance result.
    std::string verdict;
    std::string headline;  // the numbers in one line: "Human = Elf: 33.4% [30.1%, 36.9%] for Human"
    std::string sentence;  // what they mean, in plain words

    // "asymmetric, rules: default, players: balance": the group the item is shown under.
    [[nodiscard]] std::string group() const;
};

// The verdict items of a report, grouped by variant, rules and players in the order the tables
// below use: pairings, then the army fit, then players head to head. Where several players
// played the same variant and rules against themselves, their groups come strongest first
// (balance/analysis/player_strength.hpp) and a group of Agreement items follows the strongest
// one: for each question it answered (a pairing's score, White's score, the army ranking), each
// weaker player's answer beside it and whether the two agree (the same verdict, and for a
// score, intervals that overlap).
[[nodiscard]] std::vector<SummaryItem> build_summary(
    std::span<const CellTally> cells, std::span<const PairSummary> pairs,
    std::span<const ArmyFit> armies, std::span<const HeadToHead> head_to_head,
    const std::map<std::string, PlayerStrength>& strengths, std::span<const PlayerScale> scales,
    VariantCatalog& catalog, double confidence);

// Where the games hold rule sets that each change one rule of another (its options plus one:
// the readings of an ambiguous rule, `balance variants NAME --readings`, or a rule study's
// options against the default), the other's group ends with a Readings item per question: in
// how many of those rule sets its verdict holds, and which change it, with their answers.
//
// The item's kind as JSON names it: "pairing", "armies", "players", "white", "agreement",
// "readings".
[[nodiscard]] const char* kind_name(SummaryItem::Kind kind);

}  // namespace balance::analysis
