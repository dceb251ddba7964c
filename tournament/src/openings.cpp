#include "balance/tournament/openings.hpp"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include "balance/tournament/seeds.hpp"

namespace balance::tournament {

namespace {

// Plays `plies` uniformly random legal moves from `start`; nullopt if the game ends on the way.
std::optional<Opening> random_line(core::Game game, std::uint64_t seed, int plies) {
    SplitMix64 rng(seed);
    std::string moves;
    for (int ply = 0; ply < plies; ++ply) {
        if (game.outcome().over()) return std::nullopt;
        const auto legal = game.legal_moves();
        if (legal.empty()) return std::nullopt;
        const core::Move move = legal[rng.below(legal.size())];
        if (!moves.empty()) moves += ' ';
        moves += game.uci(move);
        game.play(move);
    }
    if (game.outcome().over()) return std::nullopt;
    return Opening{std::move(game), std::move(moves), 0};
}

int quick_score(const core::Game& game, players::engine::Engine& evaluator, std::uint64_t nodes) {
    players::SearchLimits limits;
    limits.nodes = nodes;
    return game.visit([&](const auto& pos) {
        auto copy = pos;
        return evaluator.search(copy, limits, 0, -1).score;  // no root randomisation
    });
}

// White's view of a quick score (quick_score is the side to move's).
int white_score(const core::Game& game, players::engine::Engine& evaluator, std::uint64_t nodes) {
    const int score = quick_score(game, evaluator, nodes);
    return game.side_to_move() == core::Color::White ? score : -score;
}

// Random plies from `start`. The filter keeps lines whose quick score (White's view) stays
// within max_imbalance_cp of the start's own (and, with min_imbalance_cp, at least that far): zero
// for the variant start, and for a book position (a designed material-odds start) whatever
// imbalance the book gave it, so the random plies vary the position without undoing the design.
Result<Opening> random_opening(const OpeningSpec& spec, const core::Game& start, std::uint64_t seed,
                               players::engine::Engine* evaluator) {
    const bool filter = spec.max_imbalance_cp > 0 && evaluator;
    const bool from_book = spec.kind == OpeningSpec::Kind::Book;
    const int baseline =
        filter && from_book ? white_score(start, *evaluator, spec.imbalance_nodes) : 0;
    // How far a line's score lies outside [min_imbalance_cp, max_imbalance_cp] either way.
    const auto outside = [&](const Opening& o) {
        const int a = std::abs(o.imbalance_cp);
        return std::max({0, spec.min_imbalance_cp - a, a - spec.max_imbalance_cp});
    };
    std::optional<Opening> best;
    for (int attempt = 0; attempt < std::max(1, spec.attempts); ++attempt) {
        auto line =
            random_line(start, splitmix64(seed + static_cast<std::uint64_t>(attempt)), spec.plies);
        if (!line) continue;
        if (!filter) return std::move(*line);
        line->imbalance_cp =
            !from_book ? quick_score(line->game, *evaluator, spec.imbalance_nodes)
                       : white_score(line->game, *evaluator, spec.imbalance_nodes) - baseline;
        if (outside(*line) == 0) return std::move(*line);
        if (!best || outside(*line) < outside(*best)) best = std::move(line);
    }
    if (best) return std::move(*best);  // none within the window: the closest one seen
    return make_error("no random opening of " + std::to_string(spec.plies) +
                      " plies keeps the game going in " + std::to_string(spec.attempts) +
                      " attempts; use fewer plies");
}

}  // namespace

std::string epd_to_fen(const std::string& line) {
    std::istringstream in(line.substr(0, line.find(';')));
    std::vector<std::string> fields;
    for (std::string field; in >> field;) fields.push_back(field);
    // A FEN has numeric clocks after the four position fields; anything else is EPD operations.
    auto numeric = [](const std::string& s) {
        return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
    };
    std::string fen;
    const std::size_t position_fields = std::min<std::size_t>(4, fields.size());
    for (std::size_t i = 0; i < position_fields; ++i) fen += (i ? " " : "") + fields[i];
    if (fields.size() >= 6 && numeric(fields[4]) && numeric(fields[5])) {
        fen += " " + fields[4] + " " + fields[5];
    } else {
        fen += " 0 1";
    }
    // Core's army metadata ("{W:elves B:orcs}") is kept when present.
    for (std::size_t i = 4; i < fields.size(); ++i) {
        if (fields[i].front() == '{') {
            for (std::size_t j = i; j < fields.size(); ++j) fen += " " + fields[j];
            break;
        }
    }
    return fen;
}

Result<Opening> make_opening(const OpeningSpec& spec, const core::AnyRules& rules,
                             std::uint64_t seed, int index, players::engine::Engine* evaluator) {
    switch (spec.kind) {
        case OpeningSpec::Kind::None: {
            auto game = core::Game::start(rules);
            if (!game) return game.error();
            return Opening{std::move(*game), "", 0};
        }
        case OpeningSpec::Kind::RandomPlies: {
            auto start = core::Game::start(rules);
            if (!start) return start.error();
            return random_opening(spec, *start, seed, evaluator);
        }
        case OpeningSpec::Kind::Book: {
            if (spec.book.empty()) return make_error("the opening book is empty", spec.book_file);
            const std::size_t line = static_cast<std::size_t>(index) % spec.book.size();
            auto game = core::Game::start(rules, spec.book[line]);
            if (!game) {
                return make_error(
                    game.error().message + " (position " + std::to_string(line + 1) + ")",
                    spec.book_file);
            }
            if (spec.plies == 0) return Opening{std::move(*game), "", 0};
            return random_opening(spec, *game, seed, evaluator);
        }
    }
    return make_error("unknown opening kind");
}

Result<std::vector<std::string>> read_book(const std::string& file) {
    std::ifstream in(file);
    if (!in) return make_error("cannot read the opening book", file);
    std::vector<std::string> positions;
    for (std::string line; std::getline(in, line);) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        positions.push_back(epd_to_fen(line.substr(first)));
    }
    if (positions.empty()) return make_error("the opening book holds no positions", file);
    return positions;
}

}  // namespace balance::tournament
