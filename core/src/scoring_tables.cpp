#include "balance/core/scoring_tables.hpp"

namespace balance::core {

namespace {

std::string section_where(const std::string& where, const std::string& fallback) {
    return where.empty() ? fallback : where;
}

// The capture row(s) of one capturer: a single row, or a diagonal and an orthogonal one.
Result<void> compile_capture_rows(const ScoringSpec& spec, const std::vector<ScoredPiece>& pieces,
                                  int t, ScoringTables& out) {
    const ScoredPiece& capturer = pieces[t];
    const CaptureRowSpec* rows[3] = {nullptr, nullptr, nullptr};  // Any, Diagonal, Orthogonal
    for (const CaptureRowSpec& row : spec.capture)
        if (row.capturer == capturer.name) rows[static_cast<int>(row.direction)] = &row;
    const bool split = rows[1] || rows[2];
    if (split && rows[0])
        return make_error("[scoring.capture] has both a '" + capturer.name +
                              "' row and a diagonal/orthogonal split of it: keep one",
                          rows[0]->where);
    if (!rows[0] && !(rows[1] && rows[2]))
        return make_error(
            "[scoring.capture] has no row for capturer '" + capturer.name + "'" +
                (split ? " (a split row needs both '" + capturer.name + "-diagonal' and '" +
                             capturer.name + "-orthogonal')"
                       : ""),
            section_where(split ? (rows[1] ? rows[1] : rows[2])->where : spec.capture_where,
                          spec.where));
    const CaptureRowSpec* diagonal = rows[0] ? rows[0] : rows[1];
    const CaptureRowSpec* orthogonal = rows[0] ? rows[0] : rows[2];
    for (std::size_t u = 0; u < pieces.size(); ++u) {
        if (pieces[u].royal) continue;  // kings are never captured
        for (const CaptureRowSpec* row : {diagonal, orthogonal}) {
            const auto it = row->points.find(pieces[u].name);
            if (it == row->points.end())
                return make_error(
                    "scoring capture row '" + row->capturer +
                        (row->direction == CaptureDirection::Diagonal     ? "-diagonal"
                         : row->direction == CaptureDirection::Orthogonal ? "-orthogonal"
                                                                          : "") +
                        "' has no entry for captured piece '" + pieces[u].name + "'",
                    section_where(row->where, spec.where));
        }
        out.capture_diagonal[t][u] = diagonal->points.at(pieces[u].name);
        out.capture_orthogonal[t][u] = orthogonal->points.at(pieces[u].name);
    }
    return {};
}

}  // namespace

Result<ScoringTables> compile_scoring(const ScoringSpec& spec,
                                      const std::vector<ScoredPiece>& pieces) {
    ScoringTables out;
    out.discovered_bonus = spec.discovered_bonus;
    out.newly_covered_bonus = spec.newly_covered_bonus;
    out.newly_covered = spec.newly_covered;
    out.promoted_mate_bonus = spec.promoted_mate_bonus;
    out.draw_max_material = spec.draw_max_material;
    out.bare_kings_points = spec.bare_kings_points;
    out.draw_equal_material = spec.draw_equal_material;
    out.draw_clamp = spec.draw_clamp;
    out.draw_points = spec.draw_points;
    out.equal_points = spec.equal_points;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const int t = static_cast<int>(i);
        const ScoredPiece& piece = pieces[i];
        if (auto done = compile_capture_rows(spec, pieces, t, out); !done) return done.error();
        for (const std::string& name : spec.lone_minor)
            if (name == piece.name) out.lone_minor[t] = true;
        if (piece.royal) continue;
        const MateEntrySpec* mate = nullptr;
        for (const MateEntrySpec& e : spec.mate)
            if (e.piece == piece.name) mate = &e;
        if (!mate)
            return make_error("[scoring.mate] has no entry for checking piece '" + piece.name + "'",
                              section_where(spec.mate_where, spec.where));
        out.mate_adjacent[t] = mate->adjacent;
        out.mate_distant[t] = mate->distant;
        const auto material = spec.draw_material.find(piece.name);
        if (material == spec.draw_material.end())
            return make_error("[scoring.draw] material has no value for piece '" + piece.name + "'",
                              section_where(spec.draw_material_where, spec.where));
        out.draw_material[t] = material->second;
        if (piece.promotable) {
            const auto bonus = spec.promotion.find(piece.name);
            if (bonus == spec.promotion.end())
                return make_error(
                    "[scoring.promotion] has no bonus for promoting to '" + piece.name + "'",
                    section_where(spec.promotion_where, spec.where));
            out.promotion[t] = bonus->second;
        }
    }
    return out;
}

}  // namespace balance::core
