#include "balance/tournament/openings.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include "balance/tournament/seeds.hpp"

namespace balance::tournament {

namespace {

bool in_placement(const core::Game& game) {
    return game.visit([](const auto& pos) { return pos.in_placement(); });
}

// Plays `plies` uniformly random legal moves from `start` (first, with Placement::Random, random
// placements until both back ranks stand); nullopt if the game ends on the way.
std::optional<Opening> random_line(core::Game game, std::uint64_t seed, int plies,
                                   OpeningSpec::Placement placement) {
    SplitMix64 rng(seed);
    std::string moves;
    const auto play_random = [&]() {
        if (game.outcome().over()) return false;
        const auto legal = game.legal_moves();
        if (legal.empty()) return false;
        const core::Move move = legal[rng.below(legal.size())];
        if (!moves.empty()) moves += ' ';
        moves += game.uci(move);
        game.play(move);
        return true;
    };
    if (placement == OpeningSpec::Placement::Random) {
        while (in_placement(game))
            if (!play_random()) return std::nullopt;
    }
    for (int ply = 0; ply < plies; ++ply)
        if (!play_random()) return std::nullopt;
    if (game.outcome().over()) return std::nullopt;
    return Opening{std::move(game), std::move(moves), 0};
}

// The quick score, White's view (the search's is the side to move's).
int white_score(const core::Game& game, players::engine::Engine& evaluator, std::uint64_t nodes) {
    players::SearchLimits limits;
    limits.nodes = nodes;
    const int score = game.visit([&](const auto& pos) {
        auto copy = pos;
        return evaluator.search(copy, limits, 0, -1).score;  // no root randomisation
    });
    return game.side_to_move() == core::Color::White ? score : -score;
}

// The window's centre, White's view: the start's own score by the filter's search (a book
// position's always: a designed material-odds start keeps the imbalance the book gave it), or 0.
// Also 0 when the openings place the back ranks at random: that start is the empty back ranks,
// whose quick score (the pieces in hand, a search far short of the placement's end) says
// nothing of the edge of the side that moves first once they stand.
int window_centre(const OpeningSpec& spec, const core::Game& start,
                  players::engine::Engine& evaluator) {
    if (spec.placement == OpeningSpec::Placement::Random && in_placement(start)) return 0;
    const bool own =
        spec.kind == OpeningSpec::Kind::Book || spec.centre == OpeningSpec::Centre::Start;
    return own ? white_score(start, evaluator, spec.imbalance_nodes) : 0;
}

// How far a score (from the centre) lies outside [min_imbalance_cp, max_imbalance_cp] either way.
int outside(const OpeningSpec& spec, int imbalance_cp) {
    const int a = std::abs(imbalance_cp);
    return std::max({0, spec.min_imbalance_cp - a, a - spec.max_imbalance_cp});
}

std::uint64_t attempt_seed(std::uint64_t seed, int attempt) {
    return splitmix64(seed + static_cast<std::uint64_t>(attempt));
}

// Random plies from `start`. With a filter, the lines are drawn until one's quick score (White's
// view, less the window's centre) lies within max_imbalance_cp (and, with min_imbalance_cp, at
// least that far), `attempts` draws at most; then the closest one seen, marked missed.
Result<Opening> random_opening(const OpeningSpec& spec, const core::Game& start, std::uint64_t seed,
                               players::engine::Engine* evaluator) {
    const bool filter = spec.max_imbalance_cp > 0 && evaluator;
    const int centre = filter ? window_centre(spec, start, *evaluator) : 0;
    std::optional<Opening> best;
    for (int attempt = 0; attempt < std::max(1, spec.attempts); ++attempt) {
        auto line = random_line(start, attempt_seed(seed, attempt), spec.plies, spec.placement);
        if (!line) continue;
        if (!filter) return std::move(*line);
        line->imbalance_cp = white_score(line->game, *evaluator, spec.imbalance_nodes) - centre;
        line->centre_cp = centre;
        if (outside(spec, line->imbalance_cp) == 0) return std::move(*line);
        if (!best || outside(spec, line->imbalance_cp) < outside(spec, best->imbalance_cp))
            best = std::move(line);
    }
    if (best) {
        best->missed = true;  // none within the window: the closest one seen
        return std::move(*best);
    }
    return make_error("no random opening of " + std::to_string(spec.plies) +
                      " plies keeps the game going in " + std::to_string(spec.attempts) +
                      " attempts; use fewer plies");
}

// The position random plies start from: the variant's start, or game `index`'s book position.
Result<core::Game> opening_start(const OpeningSpec& spec, const core::AnyRules& rules, int index) {
    if (spec.kind != OpeningSpec::Kind::Book) return core::Game::start(rules);
    if (spec.book.empty()) return make_error("the opening book is empty", spec.book_file);
    const std::size_t line = static_cast<std::size_t>(index) % spec.book.size();
    auto game = core::Game::start(rules, spec.book[line]);
    if (!game) {
        return make_error(game.error().message + " (position " + std::to_string(line + 1) + ")",
                          spec.book_file);
    }
    return game;
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
    auto start = opening_start(spec, rules, index);
    if (!start) return start.error();
    // A book without random plies plays its positions as they are.
    if (spec.kind == OpeningSpec::Kind::None ||
        (spec.kind == OpeningSpec::Kind::Book && spec.plies == 0))
        return Opening{std::move(*start), "", 0};
    return random_opening(spec, *start, seed, evaluator);
}

bool filters_openings(const OpeningSpec& spec) {
    return spec.max_imbalance_cp > 0 && (spec.kind == OpeningSpec::Kind::RandomPlies ||
                                         (spec.kind == OpeningSpec::Kind::Book && spec.plies > 0));
}

Result<std::optional<OpeningDraw>> first_opening_draw(const OpeningSpec& spec,
                                                      const core::AnyRules& rules,
                                                      std::uint64_t seed, int index,
                                                      players::engine::Engine& evaluator) {
    auto start = opening_start(spec, rules, index);
    if (!start) return start.error();
    auto line = random_line(*start, attempt_seed(seed, 0), spec.plies, spec.placement);
    if (!line) return std::optional<OpeningDraw>();
    OpeningDraw draw;
    draw.centre_cp = window_centre(spec, *start, evaluator);
    draw.imbalance_cp = white_score(line->game, evaluator, spec.imbalance_nodes) - draw.centre_cp;
    draw.within = outside(spec, draw.imbalance_cp) == 0;
    return std::optional<OpeningDraw>(draw);
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
