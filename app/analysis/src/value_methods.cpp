#include "balance/analysis/value_methods.hpp"

namespace balance::analysis {

const std::vector<std::string>& value_method_names() {
    static const std::vector<std::string> names = {"texel", "regression", "odds-starts"};
    return names;
}

std::optional<ValueMethod> value_method(std::string_view name) {
    if (name == "texel") {
        ValueMethod m;
        m.name = "texel";
        m.sampling.per_game = 8;
        m.sampling.settled_plies = 4;
        m.sampling.positional = true;
        m.positional = PositionalTerm::Held;
        m.bootstrap = 200;
        m.summary =
            "settled positions (no capture or promotion in the next 4 plies), the engine's "
            "positional evaluation held at its own weight, game-bootstrap intervals";
        return m;
    }
    if (name == "odds-starts") {
        // Games from designed material-odds starts (a book of them, each followed by a few
        // random plies): the result against the start's material. The material was set by the
        // design, not won by the players, so nothing can be confounded with it and no
        // positional term is needed. Starts whose odds are compensated (a knight against three
        // pawns) score near 50%, where a game carries the most information; the values come out
        // in pawns directly, without the ratio to a pawn-odds Elo that makes plain odds vague.
        ValueMethod m;
        m.name = "odds-starts";
        m.sampling.start_only = true;
        m.sampling.per_game = 1;
        m.sampling.min_ply = 0;
        m.bootstrap = 200;
        m.summary =
            "the start's material of games from designed odds starts, game-bootstrap "
            "intervals";
        return m;
    }
    if (name == "regression") {
        ValueMethod m;
        m.name = "regression";
        m.summary = "quiet positions, material only, delta-method intervals";
        return m;
    }
    return std::nullopt;
}

std::string describe(const ValueMethod& method, int bootstrap) {
    if (method.sampling.start_only) {
        std::string text = method.name + ": each game's start position (after its opening)";
        if (method.positional != PositionalTerm::None)
            text += ", positional evaluation " + positional_term_name(method.positional);
        return text + (bootstrap > 0 ? ", " + std::to_string(bootstrap) + " bootstrap resamples"
                                     : ", delta-method intervals");
    }
    std::string text = method.name + ": positions from ply " +
                       std::to_string(method.sampling.min_ply) + ", up to " +
                       std::to_string(method.sampling.per_game) + " a game";
    if (method.sampling.settled_plies > 0)
        text += ", settled for " + std::to_string(method.sampling.settled_plies) + " plies";
    text += ", positional evaluation " + positional_term_name(method.positional);
    text += bootstrap > 0 ? ", " + std::to_string(bootstrap) + " bootstrap resamples"
                          : ", delta-method intervals";
    return text;
}

const std::vector<std::string>& positional_term_names() {
    static const std::vector<std::string> names = {"none", "held", "free"};
    return names;
}

std::optional<PositionalTerm> positional_term(std::string_view name) {
    if (name == "none") return PositionalTerm::None;
    if (name == "held") return PositionalTerm::Held;
    if (name == "free") return PositionalTerm::Free;
    return std::nullopt;
}

std::string positional_term_name(PositionalTerm term) {
    switch (term) {
        case PositionalTerm::Held:
            return "held";
        case PositionalTerm::Free:
            return "free";
        case PositionalTerm::None:
            break;
    }
    return "none";
}

}  // namespace balance::analysis
