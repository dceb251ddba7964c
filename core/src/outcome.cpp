#include "balance/core/outcome.hpp"

#include "balance/core/movegen.hpp"

namespace balance::core {

std::string_view termination_name(Termination t) {
    switch (t) {
        case Termination::None:
            return "none";
        case Termination::Checkmate:
            return "checkmate";
        case Termination::Stalemate:
            return "stalemate";
        case Termination::Repetition:
            return "repetition";
        case Termination::FiftyMoves:
            return "fifty-moves";
        case Termination::InsufficientMaterial:
            return "insufficient-material";
    }
    return "unknown";
}

template <Bitboard BB>
Outcome outcome(const Position<BB>& pos) {
    const Rules<BB>& r = pos.rules();
    MoveList list;
    generate_legal(pos, list);
    const int mover = index(pos.side_to_move());
    if (list.empty()) {
        if (pos.in_check()) return {Termination::Checkmate, 1 - mover};
        if (r.game.stalemate == StalemateResult::WinForStalemater)
            return {Termination::Stalemate, 1 - mover};
        return {Termination::Stalemate, -1};
    }
    if (r.game.repetition_count > 0 && pos.repetitions() + 1 >= r.game.repetition_count)
        return {Termination::Repetition, -1};
    if (r.game.fifty_move_plies > 0 && pos.rule50() >= r.game.fifty_move_plies)
        return {Termination::FiftyMoves, -1};
    if (r.game.insufficient_material && pos.insufficient_material())
        return {Termination::InsufficientMaterial, -1};
    return {};
}

template Outcome outcome<u64>(const Position<u64>&);
template Outcome outcome<u128>(const Position<u128>&);

}  // namespace balance::core
