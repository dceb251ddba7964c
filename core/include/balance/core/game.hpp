#pragma once
// A game of any compiled variant, with the board width hidden: what the tournament runner,
// protocol adapters and command line use. Search code works on Position<BB> directly (visit()).

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "balance/core/movegen.hpp"
#include "balance/core/notation.hpp"
#include "balance/core/outcome.hpp"
#include "balance/core/position.hpp"
#include "balance/core/scoring.hpp"

namespace balance::core {

class Game {
  public:
    // The start position (fen empty) or any FEN of the compiled pairing.
    [[nodiscard]] static Result<Game> start(const AnyRules& rules, std::string_view fen = {});
    [[nodiscard]] static Result<Game> start(const VariantSpec& spec, const std::string& white_army,
                                            const std::string& black_army,
                                            std::string_view fen = {});

    [[nodiscard]] std::vector<Move> legal_moves() const;
    // UCI text first, then SAN; the error names the text and the position.
    [[nodiscard]] Result<Move> parse_move(std::string_view text) const;
    void play(Move m);  // m must be legal
    [[nodiscard]] Result<Move> play(std::string_view text);
    void undo();

    [[nodiscard]] std::string uci(Move m) const;
    [[nodiscard]] std::string san(Move m) const;
    [[nodiscard]] std::string fen() const;
    [[nodiscard]] const std::string& start_fen() const { return start_fen_; }
    [[nodiscard]] const std::vector<Move>& moves() const { return moves_; }
    [[nodiscard]] Outcome outcome() const;
    [[nodiscard]] Color side_to_move() const;
    [[nodiscard]] bool in_check() const;

    // Points variants (Stylish chess, scoring.hpp): is this one, the points so far (kept move by
    // move), and the points once the game ended with `o` (mate or draw points added; an
    // adjudicated draw pays draw points too).
    [[nodiscard]] bool scored() const;
    [[nodiscard]] const Points& points() const { return ledger_.now(); }
    [[nodiscard]] Points final_points(const Outcome& o, bool adjudicated_draw = false) const;

    template <class F>
    decltype(auto) visit(F&& f) {
        return std::visit(std::forward<F>(f), position_);
    }
    template <class F>
    decltype(auto) visit(F&& f) const {
        return std::visit(std::forward<F>(f), position_);
    }

  private:
    using AnyPosition = std::variant<Position<u64>, Position<u128>>;
    explicit Game(AnyPosition position) : position_(std::move(position)) {}

    mutable AnyPosition position_;  // SAN needs make/unmake; the position is restored
    std::string start_fen_;
    std::vector<Move> moves_;
    PointsLedger ledger_;
};

}  // namespace balance::core
