#pragma once
// Helpers for the engine tests: positions of the shipped variants and an independent
// brute-force mate prover (plain minimax over core's legal moves, no engine code).

#include <string>

#include "../support/variants.hpp"
#include "balance/core/movegen.hpp"
#include "balance/core/outcome.hpp"
#include "balance/players/engine/engine.hpp"

namespace balance::testing {

// Runs `f(Position<BB>&)` on a mutable copy of the game's position.
template <class F>
decltype(auto) with_position(const core::Game& game, F&& f) {
    return game.visit([&](const auto& current) {
        auto pos = current;
        return f(pos);
    });
}

inline players::SearchLimits depth_limit(int depth) {
    players::SearchLimits limits;
    limits.depth = depth;
    return limits;
}

// A fresh engine's fixed-depth search of `fen` (no randomisation).
inline players::engine::SearchResult search_fen(const core::VariantSpec& spec,
                                                const std::string& white, const std::string& black,
                                                const std::string& fen, int depth) {
    const auto game = make_game(spec, white, black, fen);
    return with_position(game, [&](auto& pos) {
        players::engine::Engine engine;
        return engine.search(pos, depth_limit(depth));
    });
}

// Can the side to move force checkmate within `moves` of its own moves? (Exhaustive; keep
// `moves` small.) Stalemate and other draws do not count as success.
template <core::Bitboard BB>
bool forced_mate(core::Position<BB>& pos, int moves) {
    core::MoveList list;
    core::generate_legal(pos, list);
    for (const core::Move m : list) {
        pos.make(m);
        core::MoveList replies;
        core::generate_legal(pos, replies);
        bool all_mated = true;
        if (replies.empty()) {
            all_mated = pos.in_check();
        } else if (moves == 1) {
            all_mated = false;
        } else {
            for (const core::Move r : replies) {
                pos.make(r);
                const bool ok = forced_mate(pos, moves - 1);
                pos.unmake();
                if (!ok) {
                    all_mated = false;
                    break;
                }
            }
        }
        pos.unmake();
        if (all_mated) return true;
    }
    return false;
}

// Is the side to move checkmated after playing `m`, or can the mover still force mate within
// `moves - 1` further moves whatever the reply? (Checks that a chosen move keeps the mate.)
template <core::Bitboard BB>
bool keeps_forced_mate(core::Position<BB>& pos, core::Move m, int moves) {
    pos.make(m);
    core::MoveList replies;
    core::generate_legal(pos, replies);
    bool ok = true;
    if (replies.empty()) {
        ok = pos.in_check();
    } else if (moves <= 1) {
        ok = false;
    } else {
        for (const core::Move r : replies) {
            pos.make(r);
            ok = forced_mate(pos, moves - 1);
            pos.unmake();
            if (!ok) break;
        }
    }
    pos.unmake();
    return ok;
}

}  // namespace balance::testing
