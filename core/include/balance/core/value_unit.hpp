#pragma once
// Centipawns per unit of a variant's piece values, for engines that take values in centipawns
// (definitions written for external engines).

#include "balance/core/spec.hpp"

namespace balance::core {

// "pawn" = 100, "quarter-pawn" = 25, "centipawn" = 1; for an unknown unit, the smallest pawn
// value is taken as 100 centipawns (100 when there is none).
[[nodiscard]] int centipawns_per_unit(const VariantSpec& spec);

}  // namespace balance::core
