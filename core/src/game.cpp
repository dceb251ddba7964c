#include "balance/core/game.hpp"

namespace balance::core {

Result<Game> Game::start(const AnyRules& rules, std::string_view fen) {
    auto build = [&](const auto& r) -> Result<Game> {
        using P = Position<std::remove_cvref_t<decltype(r->board)>>;
        if (fen.empty()) {
            Game g{AnyPosition{P(r)}};
            g.start_fen_ = g.fen();
            return g;
        }
        auto pos = P::from_fen(r, fen);
        if (!pos) return pos.error();
        Game g{AnyPosition{std::move(*pos)}};
        g.start_fen_ = g.fen();
        return g;
    };
    if (rules.narrow) return build(rules.narrow);
    if (rules.wide) return build(rules.wide);
    return make_error("no compiled rules");
}

Result<Game> Game::start(const VariantSpec& spec, const std::string& white_army,
                         const std::string& black_army, std::string_view fen) {
    auto rules = compile_rules(spec, white_army, black_army);
    if (!rules) return rules.error();
    return start(*rules, fen);
}

std::vector<Move> Game::legal_moves() const {
    return visit([](const auto& pos) {
        MoveList list;
        generate_legal(pos, list);
        return std::vector<Move>(list.begin(), list.end());
    });
}

Result<Move> Game::parse_move(std::string_view text) const {
    return visit([&](auto& pos) -> Result<Move> {
        if (auto m = parse_uci(pos, text)) return *m;
        auto san = parse_san(pos, text);
        if (san) return *san;
        return make_error("'" + std::string(text) + "' is not a legal move (UCI or SAN)",
                          "FEN '" + pos.fen() + "'");
    });
}

void Game::play(Move m) {
    visit([&](auto& pos) {
        ledger_.play(pos, m);
        pos.make(m);
    });
    moves_.push_back(m);
}

Result<Move> Game::play(std::string_view text) {
    auto m = parse_move(text);
    if (m) play(*m);
    return m;
}

void Game::undo() {
    if (moves_.empty()) return;
    visit([](auto& pos) { pos.unmake(); });
    ledger_.undo();
    moves_.pop_back();
}

std::string Game::uci(Move m) const {
    return visit([&](const auto& pos) { return to_uci(pos, m); });
}

std::string Game::san(Move m) const {
    return visit([&](auto& pos) { return to_san(pos, m); });
}

std::string Game::fen() const {
    return visit([](const auto& pos) { return pos.fen(); });
}

Outcome Game::outcome() const {
    return visit([](const auto& pos) { return core::outcome(pos); });
}

Color Game::side_to_move() const {
    return visit([](const auto& pos) { return pos.side_to_move(); });
}

bool Game::in_check() const {
    return visit([](const auto& pos) { return !pos.in_placement() && pos.in_check(); });
}

bool Game::scored() const {
    return visit([](const auto& pos) { return pos.rules().scoring != nullptr; });
}

Points Game::final_points(const Outcome& o, bool adjudicated_draw) const {
    return visit([&](auto& pos) { return core::final_points(pos, points(), o, adjudicated_draw); });
}

}  // namespace balance::core
