#include "balance/players/baselines.hpp"

#include <cmath>
#include <vector>

#include "balance/core/movegen.hpp"
#include "balance/core/outcome.hpp"
#include "engine/root_random.hpp"

namespace balance::players {
namespace {

std::uint64_t position_key(const core::Game& game) {
    return game.visit([](const auto& pos) { return pos.key(); });
}

MoveReply no_move() {
    MoveReply r;
    r.status = MoveStatus::NoMove;
    r.detail = "no legal move";
    return r;
}

// Material of the side that just moved minus the opponent's, in the config's value units
// scaled by 1000 (integers, so ties are exact).
template <core::Bitboard BB>
long material_for(const core::Position<BB>& pos, core::Color c) {
    const auto& r = pos.rules();
    long v = 0;
    for (int side = 0; side < 2; ++side)
        for (core::PieceType t : r.armies[side].types) {
            if (r.pieces[t].role == core::PieceRole::King) continue;
            const long n = pos.count(core::Color(side), t) + pos.hand_count(core::Color(side), t);
            const long value = std::lround(r.pieces[t].value * 1000);
            v += (side == core::index(c) ? 1 : -1) * n * value;
        }
    return v;
}

}  // namespace

MoveReply RandomPlayer::choose_move(const core::Game& game, const SearchLimits&,
                                    std::uint64_t seed) {
    const auto moves = game.legal_moves();
    if (moves.empty()) return no_move();
    MoveReply r;
    r.move = moves[engine::seeded_index(seed, position_key(game), static_cast<int>(moves.size()))];
    return r;
}

MoveReply GreedyPlayer::choose_move(const core::Game& game, const SearchLimits&,
                                    std::uint64_t seed) {
    return game.visit([&](const auto& current) {
        auto pos = current;
        const core::Color us = pos.side_to_move();
        core::MoveList list;
        core::generate_legal(pos, list);
        if (list.empty()) return no_move();
        constexpr long Win = 1L << 40;
        long best = -2 * Win;
        std::vector<core::Move> ties;
        for (const core::Move m : list) {
            pos.make(m);
            long v = material_for(pos, us);
            const core::Outcome o = core::outcome(pos);
            if (o.over()) v = o.winner < 0 ? 0 : o.winner == core::index(us) ? Win : -Win;
            pos.unmake();
            if (v > best) {
                best = v;
                ties.clear();
            }
            if (v == best) ties.push_back(m);
        }
        MoveReply r;
        r.move = ties[engine::seeded_index(seed, pos.key(), static_cast<int>(ties.size()))];
        return r;
    });
}

}  // namespace balance::players
