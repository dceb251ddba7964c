#include "balance/tournament/opening_notes.hpp"

#include <algorithm>

#include "balance/tournament/openings.hpp"
#include "balance/tournament/plan.hpp"

namespace balance::tournament {

namespace {

// A player whose play varies by the game's seed: the internal engine with its root randomness
// on, and the baselines (random moves; the greedy player's ties). An external engine's own
// randomness, if any, is out of the harness's hands, so it counts as none.
bool varies_by_seed(const PlayerSpec& player) {
    switch (player.kind) {
        case PlayerKind::Engine:
            return player.random_plies > 0;
        case PlayerKind::Random:
        case PlayerKind::Greedy:
            return true;
        default:
            return false;
    }
}

// The matchups ("white vs black") neither of whose players varies by the seed: without
// openings their games of a cell may all be one game.
std::vector<std::string> fixed_matchups(const Sweep& sweep) {
    std::vector<std::string> fixed;
    for (const Matchup& m : sweep.matchups) {
        const PlayerSpec* white = sweep.find_player(m.white);
        const PlayerSpec* black = sweep.find_player(m.black);
        if (!white || !black || varies_by_seed(*white) || varies_by_seed(*black)) continue;
        std::string name = m.white == m.black ? m.white : m.white + " vs " + m.black;
        if (std::find(fixed.begin(), fixed.end(), name) == fixed.end())
            fixed.push_back(std::move(name));
    }
    return fixed;
}

}  // namespace

std::vector<std::string> opening_notes(const Sweep& sweep) {
    const OpeningSpec& o = sweep.openings;
    if (o.kind != OpeningSpec::Kind::None) {
        std::vector<std::string> notes;
        if (o.plies == 0 || o.placement != OpeningSpec::Placement::Plies) return notes;
        for (const RuleSet& rules : sweep.rule_sets) {
            if (!rules.spec.rules.free_placement) continue;
            notes.push_back(
                "rule set '" + rules.name + "' has free placement: its " + std::to_string(o.plies) +
                " random opening plies are White's first placements on its back rank (White "
                "places all its pieces before Black), not moves of play; [openings] placement = "
                "\"random\" draws both sides' placements first, then the plies");
        }
        return notes;
    }
    // Players that vary their first moves by the seed give each game of a cell its own line
    // (the report still counts the different games and says how many repeat).
    const std::vector<std::string> fixed = fixed_matchups(sweep);
    if (fixed.empty()) return {};
    std::string names;
    for (const std::string& name : fixed) names += (names.empty() ? "'" : ", '") + name + "'";
    return {"every game starts from the start position and no player of " + names +
            " varies its play by the seed (an internal engine with random_plies = 0, or an "
            "external engine), so games may repeat, and repeats make the intervals narrower "
            "than the variant warrants (the report counts different games per cell); "
            "[openings] type = \"random-plies\" gives every game an opening of its own"};
}

Result<std::optional<WindowSample>> sample_opening_window(const OpenSweep& open, int draws) {
    const Sweep& sweep = open.sweep;
    if (!filters_openings(sweep.openings)) return std::optional<WindowSample>();
    WindowSample sample;
    // The distinct positions in plan order, then up to 8 spread over them.
    std::vector<const Cell*> positions;
    const std::vector<Cell> cells = make_cells(sweep);
    for (const Cell& cell : cells) {
        const auto same = [&](const Cell* p) { return p->position_key == cell.position_key; };
        if (std::none_of(positions.begin(), positions.end(), same)) positions.push_back(&cell);
    }
    sample.plan_positions = positions.size();
    constexpr std::size_t kMostPositions = 8;
    const std::size_t n = std::min(positions.size(), kMostPositions);
    const int each = std::max(3, draws / static_cast<int>(std::max<std::size_t>(1, n)));
    players::engine::EngineOptions options;  // as the sweep's own evaluator (WorkerPlayers)
    options.hash_mb = 1;
    options.random_plies = 0;
    players::engine::Engine evaluator(options);
    for (std::size_t i = 0; i < n; ++i) {
        const Cell& cell = *positions[i * positions.size() / n];
        WindowSample::Position position{cell.position_key};
        for (int index = 0; index < each; ++index) {
            auto draw = first_opening_draw(sweep.openings, open.rules.of(cell),
                                           opening_seed(sweep.seed, cell.position_key, index),
                                           index, evaluator);
            if (!draw) return draw.error();
            if (!*draw) continue;  // the line ended the game: the sweep draws again
            ++position.drawn;
            position.within += (*draw)->within ? 1 : 0;
            if (!sample.centre_cp) sample.centre_cp = (*draw)->centre_cp;
        }
        sample.positions.push_back(std::move(position));
    }
    return std::optional<WindowSample>(std::move(sample));
}

}  // namespace balance::tournament
