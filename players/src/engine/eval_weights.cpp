#include "balance/players/engine/eval_weights.hpp"

#include <iterator>

namespace balance::players::engine {

std::span<const WeightTerm> weight_terms() {
    using W = EvalWeights;
    static constexpr WeightTerm terms[] = {
        {"doubled_pawn", &W::doubled_pawn, Phases::Both},
        {"isolated_pawn", &W::isolated_pawn, Phases::Both},
        {"passed_pawn", &W::passed_pawn, Phases::Both},
        {"passed_advance", &W::passed_advance, Phases::Both},
        {"passed_enemy_king", &W::passed_enemy_king, Phases::Endgame},
        {"passed_own_king", &W::passed_own_king, Phases::Endgame},
        {"pawn_advance", &W::pawn_advance, Phases::Both},
        {"pawn_centre", &W::pawn_centre, Phases::Middlegame},
        {"shield_near", &W::shield_near, Phases::Middlegame},
        {"shield_far", &W::shield_far, Phases::Middlegame},
        {"king_rank", &W::king_rank, Phases::Middlegame},
        {"king_centre_files", &W::king_centre_files, Phases::Middlegame},
        {"king_near_centre_file", &W::king_near_centre_file, Phases::Middlegame},
        {"king_centralisation", &W::king_centralisation, Phases::Endgame},
        {"king_danger", &W::king_danger, Phases::Middlegame},
        {"open_file", &W::open_file, Phases::Both},
        {"half_open_file", &W::half_open_file, Phases::Both},
        {"attacked_by_pawn", &W::attacked_by_pawn, Phases::Both},
        {"tempo", &W::tempo, Phases::Flat},
    };
    return terms;
}

std::span<const PieceTerm> piece_terms() {
    static constexpr PieceTerm terms[] = {
        {"material", &PieceWeights::material},       {"mobility", &PieceWeights::mobility},
        {"centre", &PieceWeights::centre},           {"advance", &PieceWeights::advance},
        {"king_attack", &PieceWeights::king_attack},
    };
    static_assert(std::size(terms) == PieceTermCount);
    return terms;
}

bool piece_has_term(core::PieceRole role, const PieceTerm& term) {
    if (role == core::PieceRole::King) return false;
    return role != core::PieceRole::Pawn || term.member == &PieceWeights::material;
}

}  // namespace balance::players::engine
