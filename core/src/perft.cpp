// Type-erased perft and whole-spec validation for the command line.

#include <chrono>

#include "balance/core/compile.hpp"
#include "balance/core/movegen.hpp"
#include "balance/core/notation.hpp"
#include "balance/core/perft.hpp"

namespace balance::core {
namespace {

template <Bitboard BB>
Result<PerftResult> perft_with(const std::shared_ptr<const Rules<BB>>& rules,
                               const PerftRequest& req) {
    auto made = req.fen.empty() ? Result<Position<BB>>(Position<BB>(rules))
                                : Position<BB>::from_fen(rules, req.fen);
    if (!made) return made.error();
    Position<BB>& pos = *made;
    PerftResult result;
    const auto start = std::chrono::steady_clock::now();
    if (req.check_invariants) {
        auto n = perft_checked(pos, req.depth);
        if (!n) return n.error();
        result.nodes = *n;
    } else if (req.divide && req.depth > 0) {
        MoveList list;
        generate_legal(pos, list);
        for (const Move m : list) {
            const std::string text = to_uci(pos, m);
            pos.make(m);
            const std::uint64_t n = perft(pos, req.depth - 1);
            pos.unmake();
            result.divide.emplace_back(text, n);
            result.nodes += n;
        }
    } else {
        result.nodes = perft(pos, req.depth);
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace

Result<PerftResult> run_perft(const VariantSpec& spec, const PerftRequest& request) {
    if (request.depth < 0) return make_error("perft depth must not be negative");
    auto rules = compile_rules(spec, request.white_army, request.black_army);
    if (!rules) return rules.error();
    if (rules->narrow) return perft_with(rules->narrow, request);
    return perft_with(rules->wide, request);
}

Result<void> validate(const VariantSpec& spec) {
    const std::string& where = spec.start_fen_where.empty() ? spec.file : spec.start_fen_where;
    for (const auto& white : spec.armies)
        for (const auto& black : spec.armies) {
            if (!white.can_play_white || !black.can_play_black) continue;
            auto rules = compile_rules(spec, white.name, black.name);
            if (!rules) return rules.error();
            // Parsing the start position checks letters, kings, castling rights.
            if (rules->narrow) {
                auto pos = Position<u64>::from_fen(rules->narrow, rules->narrow->start_fen);
                if (!pos) return Error{"start position: " + pos.error().message, where};
            } else {
                auto pos = Position<u128>::from_fen(rules->wide, rules->wide->start_fen);
                if (!pos) return Error{"start position: " + pos.error().message, where};
            }
        }
    return {};
}

}  // namespace balance::core
