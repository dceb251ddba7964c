#include "balance/players/engine/engine.hpp"

#include "balance/players/engine/eval.hpp"
#include "engine/points_search.hpp"
#include "engine/root_random.hpp"
#include "engine/searcher.hpp"
#include "engine/transposition_table.hpp"

#include <algorithm>
#include <type_traits>

namespace balance::players::engine {

// The hash table is allocated by the first search, at the size its limits need
// (table_megabytes): an engine that only ever searches 10,000 nodes never holds 16 MB.
template <core::Bitboard BB>
struct PerWidth {
    std::shared_ptr<const core::Rules<BB>> rules;  // held so the cached pointer stays unique
    std::unique_ptr<EvalTables<BB>> tables;
    std::unique_ptr<Searcher<BB>> searcher;
};

// The position searched last as a game's move: the next search keeps the game's memory only if
// its position continues this one (this one's key lies in its history, `plies` moves in).
struct LastGameSearch {
    bool valid = false;
    bool wide = false;
    int plies = 0;
    std::uint64_t key = 0;
};

struct Engine::State {
    TranspositionTable tt;
    PerWidth<core::u64> narrow;
    PerWidth<core::u128> wide;
    LastGameSearch last;

    template <core::Bitboard BB>
    SearchResult run(core::Position<BB>& pos, const SearchLimits& limits, std::uint64_t seed,
                     int plies_played, const SearchHooks& hooks, const EngineOptions& options,
                     bool game_move);

    template <core::Bitboard BB>
    PerWidth<BB>& prepare(const core::Position<BB>& pos, const EngineOptions& options);
    template <core::Bitboard BB>
    RootRandom root_random(const core::Position<BB>& pos, std::uint64_t seed, int plies_played,
                           const EngineOptions& options) const;
};

Engine::Engine(EngineOptions options) : options_(options), state_(std::make_unique<State>()) {}
Engine::~Engine() = default;

void Engine::new_game() {
    state_->last = {};
}

void Engine::set_options(const EngineOptions& options) {
    state_->last = {};  // other values or limits: nothing carries over
    // The next search sizes the table; tables built from other piece values are rebuilt.
    if (options.piece_values != options_.piece_values ||
        options.eval_weights != options_.eval_weights) {
        state_->narrow.rules.reset();
        state_->wide.rules.reset();
    }
    options_ = options;
}

std::size_t Engine::memory_bytes() const {
    const State& s = *state_;
    std::size_t total = sizeof(*this) + sizeof(State) + s.tt.bytes();
    if (s.narrow.tables)
        total += sizeof(EvalTables<core::u64>) + s.narrow.tables->distance.capacity();
    if (s.wide.tables) total += sizeof(EvalTables<core::u128>) + s.wide.tables->distance.capacity();
    if (s.narrow.searcher) total += s.narrow.searcher->scratch_bytes();
    if (s.wide.searcher) total += s.wide.searcher->scratch_bytes();
    return total;
}

template <core::Bitboard BB>
PerWidth<BB>& Engine::State::prepare(const core::Position<BB>& pos, const EngineOptions& options) {
    PerWidth<BB>* w;
    if constexpr (std::is_same_v<BB, core::u64>)
        w = &narrow;
    else
        w = &wide;
    if (w->rules.get() != pos.rules_ptr().get()) {
        w->rules = pos.rules_ptr();
        w->tables = std::make_unique<EvalTables<BB>>(
            build_eval_tables(*w->rules, options.piece_values, options.eval_weights));
    }
    if (!w->searcher) w->searcher = std::make_unique<Searcher<BB>>(tt);
    w->searcher->set_eval_terms(options.eval);
    return *w;
}

// Randomise while the side to move has made fewer than ceil(random_plies / 2) moves in this
// game (root_random.hpp). Counting the mover's own moves keeps it symmetric under free
// placement, where one side makes several plies in a row.
template <core::Bitboard BB>
RootRandom Engine::State::root_random(const core::Position<BB>& pos, std::uint64_t seed,
                                      int plies_played, const EngineOptions& options) const {
    RootRandom random;
    const int own_limit = (options.random_plies + 1) / 2;
    if (plies_played < 0 || own_limit <= 0 || options.random_margin_cp <= 0) return random;
    if (plies_played > 4 * own_limit + 64) return random;  // even placement cannot keep it low
    core::Position<BB> replay = pos;
    const core::Color mover = pos.side_to_move();
    int own = 0;
    for (int i = 0; i < plies_played && replay.history_size() > 0; ++i) {
        replay.unmake();
        own += replay.side_to_move() == mover;
    }
    random.active = own < own_limit;
    random.margin_cp = options.random_margin_cp;
    random.seed = seed;
    return random;
}

template <core::Bitboard BB>
SearchResult Engine::State::run(core::Position<BB>& pos, const SearchLimits& limits,
                                std::uint64_t seed, int plies_played, const SearchHooks& hooks,
                                const EngineOptions& options, bool game_move) {
    PerWidth<BB>& w = prepare(pos, options);
    const std::size_t megabytes = table_megabytes(options.hash_mb, limits.nodes);
    constexpr bool wide_board = std::is_same_v<BB, core::u128>;
    const bool next_move = game_move && last.valid && last.wide == wide_board &&
                           pos.history_size() > last.plies &&
                           pos.history_key(last.plies) == last.key && tt.megabytes() == megabytes;
    tt.ensure(megabytes);
    last = {};
    if (game_move) last = {true, wide_board, pos.history_size(), pos.key()};
    return w.searcher->run(pos, *w.tables, limits, root_random(pos, seed, plies_played, options),
                           hooks, next_move);
}

template <core::Bitboard BB>
SearchResult Engine::search(core::Position<BB>& pos, const SearchLimits& limits, std::uint64_t seed,
                            int plies_played, const SearchHooks& hooks) {
    return state_->run(pos, limits, seed, plies_played, hooks, options_, false);
}

template <core::Bitboard BB>
SearchResult Engine::search_game_move(core::Position<BB>& pos, const SearchLimits& limits,
                                      std::uint64_t seed, int plies_played,
                                      const SearchHooks& hooks) {
    return state_->run(pos, limits, seed, plies_played, hooks, options_, true);
}

template <core::Bitboard BB>
int Engine::static_eval(const core::Position<BB>& pos) {
    const auto& tables = *state_->prepare(pos, options_).tables;
    return options_.eval == EvalTerms::Full ? evaluate(pos, tables) : material_eval(pos, tables);
}

template <core::Bitboard BB>
int Engine::search_eval(const core::Position<BB>& pos) {
    const int eval = static_eval(pos);
    PointsSearch<BB> points;  // inert unless the variant is decided by points
    points.begin(pos);
    return points.active() ? points.evaluation(pos, eval) : eval;
}

template <core::Bitboard BB>
int Engine::quiescence(core::Position<BB>& pos) {
    PerWidth<BB>& w = state_->prepare(pos, options_);
    state_->last = {};
    state_->tt.ensure(table_megabytes(options_.hash_mb, 1));
    return w.searcher->quiescence(pos, *w.tables);
}

const char* eval_terms_name(EvalTerms terms) {
    return terms == EvalTerms::Material ? "material" : "full";
}

MoveReply Engine::choose_move(const core::Game& game, const SearchLimits& limits,
                              std::uint64_t seed) {
    return game.visit([&](const auto& current) {
        auto pos = current;  // the search makes and unmakes moves; the game stays untouched
        const SearchResult r =
            search_game_move(pos, limits, seed, static_cast<int>(game.moves().size()));
        MoveReply reply;
        if (r.best.is_none()) {
            reply.status = MoveStatus::NoMove;
            reply.detail = "no legal move";
        }
        reply.move = r.best;
        reply.score_cp = r.score;
        reply.depth = r.depth;
        reply.nodes = r.nodes;
        reply.seconds = r.seconds;
        return reply;
    });
}

template SearchResult Engine::search(core::Position<core::u64>&, const SearchLimits&, std::uint64_t,
                                     int, const SearchHooks&);
template SearchResult Engine::search(core::Position<core::u128>&, const SearchLimits&,
                                     std::uint64_t, int, const SearchHooks&);
template SearchResult Engine::search_game_move(core::Position<core::u64>&, const SearchLimits&,
                                               std::uint64_t, int, const SearchHooks&);
template SearchResult Engine::search_game_move(core::Position<core::u128>&, const SearchLimits&,
                                               std::uint64_t, int, const SearchHooks&);
template int Engine::static_eval(const core::Position<core::u64>&);
template int Engine::static_eval(const core::Position<core::u128>&);
template int Engine::search_eval(const core::Position<core::u64>&);
template int Engine::search_eval(const core::Position<core::u128>&);
template int Engine::quiescence(core::Position<core::u64>&);
template int Engine::quiescence(core::Position<core::u128>&);

}  // namespace balance::players::engine
