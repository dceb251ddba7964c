#include "balance/analysis/seed_reference.hpp"

#include <array>

namespace balance::app::report {

namespace {

// Verbatim from the seed (decimal commas written as points):
//   Human-Elf: 49,2% (human) by 500 games (+/- 3,5%)
//   Elf-Human: 48,1% (human) by 500 games (+/- 3,5%)
//   Human = Elf, 48,65% (human) by 1000 games (+/- 2,5%)
//   Human-Orc: 48,2% (human) ...   Orc-Human: 47,7% (human) ...   Human = Orc, 47,95% (human)
//   Elf-Orc: 50,3% (elf) ...       Orc-Elf: 48,1 (elf) ...        Elf = Orc, 49,2% (elf)
constexpr std::array<SeedPairing, 3> kTable{{
    {"asymmetric", "humans", "elves", 0.492, 0.481, 0.4865, 500, 0.035, 0.025},
    {"asymmetric", "humans", "orcs", 0.482, 0.477, 0.4795, 500, 0.035, 0.025},
    {"asymmetric", "elves", "orcs", 0.503, 0.481, 0.492, 500, 0.035, 0.025},
}};

}  // namespace

std::span<const SeedPairing> seed_reference() {
    return kTable;
}

const SeedPairing* find_seed_pairing(std::string_view variant, std::string_view a,
                                     std::string_view b) {
    for (const SeedPairing& row : kTable) {
        if (row.variant != variant) continue;
        if ((row.x == a && row.y == b) || (row.x == b && row.y == a)) return &row;
    }
    return nullptr;
}

}  // namespace balance::app::report
