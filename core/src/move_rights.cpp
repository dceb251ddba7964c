// Attack tests and anti-relay move rights on a board given as bitboards.

#include "balance/core/move_rights.hpp"

namespace balance::core {

template <Bitboard BB>
LostTypes<BB> compute_lost(const Rules<BB>& r, const BB* by_type, const BB* by_color) {
    LostTypes<BB> lost{};
    if (!r.position_dependent_rights) return lost;
    const AntiRelaySpec& ar = r.game.anti_relay;
    const BB occ = by_color[0] | by_color[1];
    // Per colour: the pieces holding each type, and every piece that takes part.
    std::array<std::array<BB, MoveTypeCount>, 2> holders{};
    std::array<BB, 2> takes_part{};
    for (int c = 0; c < 2; ++c)
        for (PieceType t : r.armies[c].types) {
            const unsigned natural = r.natural_types[c][t];
            if (!natural) continue;
            const BB bb = by_type[t] & by_color[c];
            takes_part[c] |= bb;
            for (int k = 0; k < MoveTypeCount; ++k)
                if (natural & (1u << k)) holders[c][k] |= bb;
        }
    for (int k = 0; k < MoveTypeCount; ++k)
        for (int c = 0; c < 2; ++c) {
            // The pieces a seer of colour c watches: enemies (hostile), friends (friendly), both.
            const int other = 1 - c;
            const BB related_holders = ar.side == AntiRelaySpec::Side::Hostile ? holders[other][k]
                                       : ar.side == AntiRelaySpec::Side::Friendly
                                           ? holders[c][k]
                                           : holders[0][k] | holders[1][k];
            const BB related_parts = ar.side == AntiRelaySpec::Side::Hostile ? takes_part[other]
                                     : ar.side == AntiRelaySpec::Side::Friendly
                                         ? takes_part[c]
                                         : takes_part[0] | takes_part[1];
            for (PieceType t : r.armies[c].types) {
                if (!(r.natural_types[c][t] & (1u << k))) continue;
                const PieceMoves<BB>& typed = r.typed_moves[c][t][k];
                BB seers = by_type[t] & by_color[c];
                while (seers) {
                    const Square a = pop_lsb(seers);
                    const BB seen = table_attacks(r, typed, c, t, a, occ) & ~square_bb<BB>(a);
                    switch (ar.target) {
                        case AntiRelaySpec::Target::Direct:
                            lost[k] |= seen & related_holders;
                            break;
                        case AntiRelaySpec::Target::IndirectNormal:
                            if (seen & related_holders) lost[k] |= square_bb<BB>(a);
                            break;
                        case AntiRelaySpec::Target::IndirectConverse:
                            if (seen & related_parts & ~related_holders)
                                lost[k] |= square_bb<BB>(a);
                            break;
                        case AntiRelaySpec::Target::IndirectTotal:
                            if (seen & related_parts) lost[k] |= square_bb<BB>(a);
                            break;
                    }
                }
            }
        }
    return lost;
}

template LostTypes<u64> compute_lost(const Rules<u64>&, const u64*, const u64*);
template LostTypes<u128> compute_lost(const Rules<u128>&, const u128*, const u128*);

}  // namespace balance::core
