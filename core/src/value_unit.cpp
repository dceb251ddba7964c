#include "balance/core/value_unit.hpp"

#include <cmath>

namespace balance::core {

int centipawns_per_unit(const VariantSpec& spec) {
    if (spec.value_unit == "pawn") return 100;
    if (spec.value_unit == "quarter-pawn") return 25;
    if (spec.value_unit == "centipawn") return 1;
    double pawn = 0.0;
    for (const auto& p : spec.pieces)
        if (p.role == PieceRole::Pawn && p.value > 0 && (pawn == 0.0 || p.value < pawn))
            pawn = p.value;
    return pawn > 0 ? static_cast<int>(std::lround(100.0 / pawn)) : 100;
}

}  // namespace balance::core
