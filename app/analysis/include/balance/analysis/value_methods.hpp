#pragma once
// The ways `balance values` (and the report's values section) fit piece values from game
// outcomes, as named presets of sampling and fit options. Flags may still override each part.
//
// - "texel" (default): positions whose material the next plies of the game leave unchanged
//   ("settled": no trade under way, no piece en prise as played), with the internal engine's
//   evaluation beyond material held at the engine's own weight (Texel tuning's way:
//   PositionalTerm::Held), up to 8 positions a game, intervals from a game-level bootstrap of
//   the value ratios. Settling removes the measurement error that shrinks every coefficient
//   toward zero; the held positional term keeps the positional edge that goes with winning
//   material out of the material terms.
// - "regression": the plain outcome regression (4 quiet positions a game, the last move no
//   capture, no covariate, delta-method intervals): kept for comparison, it reads values low.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "balance/analysis/material_samples.hpp"
#include "balance/analysis/piece_values.hpp"

namespace balance::analysis {

struct ValueMethod {
    std::string name;
    SamplingOptions sampling;
    PositionalTerm positional = PositionalTerm::None;
    int bootstrap = 0;    // resamples of whole games for the intervals (0: delta method)
    std::string summary;  // one line for tables and captions
};

[[nodiscard]] const std::vector<std::string>& value_method_names();  // default first

// The named preset, or nullopt for an unknown name.
[[nodiscard]] std::optional<ValueMethod> value_method(std::string_view name);

// The settings actually used, in words: "texel: settled 4 plies, positional held, ...".
[[nodiscard]] std::string describe(const ValueMethod& method, int bootstrap);

// "none", "held", "free" (the --positional flag's values) and back.
[[nodiscard]] const std::vector<std::string>& positional_term_names();
[[nodiscard]] std::optional<PositionalTerm> positional_term(std::string_view name);
[[nodiscard]] std::string positional_term_name(PositionalTerm term);

}  // namespace balance::analysis
