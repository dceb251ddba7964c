// The parameters of a fit and the conversions between them and an evaluation's weights.

#include <algorithm>
#include <cmath>

#include "balance/players/engine/eval_features.hpp"

namespace balance::players::engine {

int WeightLayout::term_parameter(int term, ParameterPhase phase) const {
    for (int i = 0; i < size(); ++i)
        if (parameters[i].term == term && parameters[i].phase == phase) return i;
    return -1;
}

int WeightLayout::piece_parameter(const std::string& piece, int piece_term) const {
    for (int i = 0; i < size(); ++i)
        if (parameters[i].piece_term == piece_term && parameters[i].piece == piece) return i;
    return -1;
}

WeightLayout weight_layout(const core::VariantSpec& spec) {
    WeightLayout layout;
    const auto terms = weight_terms();
    for (int i = 0; i < static_cast<int>(terms.size()); ++i) {
        const std::string key = terms[i].key;
        switch (terms[i].phases) {
            case Phases::Both:
                layout.parameters.push_back({key + ".mg", ParameterPhase::Middlegame, i, "", -1});
                layout.parameters.push_back({key + ".eg", ParameterPhase::Endgame, i, "", -1});
                break;
            case Phases::Middlegame:
                layout.parameters.push_back({key, ParameterPhase::Middlegame, i, "", -1});
                break;
            case Phases::Endgame:
                layout.parameters.push_back({key, ParameterPhase::Endgame, i, "", -1});
                break;
            case Phases::Flat:
                layout.parameters.push_back({key, ParameterPhase::Flat, i, "", -1});
                break;
        }
    }
    const auto piece = piece_terms();
    for (const auto& p : spec.pieces)
        for (int j = 0; j < static_cast<int>(piece.size()); ++j) {
            if (!piece_has_term(p.role, piece[j])) continue;
            const std::string key = p.name + "." + piece[j].key;
            layout.parameters.push_back({key + ".mg", ParameterPhase::Middlegame, -1, p.name, j});
            layout.parameters.push_back({key + ".eg", ParameterPhase::Endgame, -1, p.name, j});
        }
    return layout;
}

namespace {

int phase_value(Score s, ParameterPhase phase) {
    return phase == ParameterPhase::Endgame ? s.eg : s.mg;
}

void set_phase(Score& s, ParameterPhase phase, int w) {
    (phase == ParameterPhase::Endgame ? s.eg : s.mg) = w;
}

}  // namespace

template <core::Bitboard BB>
std::vector<core::PieceType> pairing_types(const core::Rules<BB>& rules) {
    std::vector<core::PieceType> out;
    for (int c = 0; c < 2; ++c)
        for (core::PieceType t : rules.armies[c].types)
            if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    return out;
}

template std::vector<core::PieceType> pairing_types(const core::Rules<core::u64>&);
template std::vector<core::PieceType> pairing_types(const core::Rules<core::u128>&);

template <core::Bitboard BB>
void read_weights(const WeightLayout& layout, const core::Rules<BB>& rules,
                  const EvalTables<BB>& tables, std::vector<double>& out) {
    out.resize(static_cast<std::size_t>(layout.size()));
    const auto terms = weight_terms();
    for (int i = 0; i < layout.size(); ++i) {
        const WeightParameter& p = layout.parameters[i];
        if (p.term >= 0) out[i] = phase_value(tables.weights.*(terms[p.term].member), p.phase);
    }
    // Only the pairing's pieces: the tables derive nothing for the others.
    for (core::PieceType t : pairing_types(rules)) {
        const Score per_term[PieceTermCount] = {tables.material[t], tables.mobility_weight[t],
                                                tables.centre[t], tables.advance[t],
                                                tables.king_attack[t]};
        for (int j = 0; j < PieceTermCount; ++j) {
            const int first = layout.piece_parameter(rules.pieces[t].name, j);
            if (first < 0) continue;
            out[first] = per_term[j].mg;
            out[first + 1] = per_term[j].eg;
        }
    }
}

template void read_weights(const WeightLayout&, const core::Rules<core::u64>&,
                           const EvalTables<core::u64>&, std::vector<double>&);
template void read_weights(const WeightLayout&, const core::Rules<core::u128>&,
                           const EvalTables<core::u128>&, std::vector<double>&);

EvalWeights weights_of(const WeightLayout& layout, std::span<const double> w) {
    EvalWeights out;
    const auto terms = weight_terms();
    const auto piece = piece_terms();
    for (int i = 0; i < layout.size(); ++i) {
        const WeightParameter& p = layout.parameters[i];
        const int value = static_cast<int>(std::lround(w[i]));
        if (p.term >= 0) {
            set_phase(out.*(terms[p.term].member), p.phase, value);
        } else {
            std::optional<Score>& slot = out.pieces[p.piece].*(piece[p.piece_term].member);
            if (!slot) slot = Score{};
            set_phase(*slot, p.phase, value);
        }
    }
    return out;
}

int evaluation_from_features(const WeightLayout& layout, const EvalFeatures& f,
                             std::span<const double> w) {
    // The fixed part holds the rounding of the terms evaluate() divides, so each phase's sum is
    // a whole number: summed in real arithmetic, rounded once.
    double mg = f.fixed_mg, eg = f.fixed_eg, flat = 0.0;
    for (int i = 0; i < layout.size(); ++i) {
        const double term = w[i] * f.count[i];
        switch (layout.parameters[i].phase) {
            case ParameterPhase::Middlegame:
                mg += term;
                break;
            case ParameterPhase::Endgame:
                eg += term;
                break;
            case ParameterPhase::Flat:
                flat += term;
                break;
        }
    }
    const long long tapered =
        (std::llround(mg) * f.phase + std::llround(eg) * (256 - f.phase)) / 256;
    const int v = static_cast<int>(f.divisor == 8   ? tapered / 8
                                   : f.divisor == 4 ? tapered / 4
                                                    : tapered) +
                  f.mop_up;
    // The tempo's count is the side to move's sign: White's view, like every count.
    return f.stm * (v + static_cast<int>(std::llround(flat)));
}

void linear_row(const WeightLayout& layout, const EvalFeatures& f, std::span<double> row,
                double& constant) {
    const double mg = f.phase / 256.0 / f.divisor, eg = (256 - f.phase) / 256.0 / f.divisor;
    for (int i = 0; i < layout.size(); ++i) {
        switch (layout.parameters[i].phase) {
            case ParameterPhase::Middlegame:
                row[i] = f.count[i] * mg;
                break;
            case ParameterPhase::Endgame:
                row[i] = f.count[i] * eg;
                break;
            case ParameterPhase::Flat:
                row[i] = f.count[i];
                break;
        }
    }
    constant = f.fixed_mg * mg + f.fixed_eg * eg + f.mop_up;
}

}  // namespace balance::players::engine
