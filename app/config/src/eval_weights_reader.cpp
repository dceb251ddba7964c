#include "balance/config/eval_weights_reader.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <vector>

#include "balance/config/suggest.hpp"
#include "fields.hpp"
#include "toml_document.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace {

using players::engine::EvalWeights;
using players::engine::Phases;
using players::engine::PieceWeights;
using players::engine::Score;

// Far beyond any evaluation term; more would overflow its centipawn arithmetic.
constexpr double kMaxWeight = 100000.0;

std::optional<double> number_of(const toml::node& node) {
    if (const auto* f = node.as_floating_point()) return f->get();
    if (const auto* i = node.as_integer()) return static_cast<double>(i->get());
    return std::nullopt;
}

// One weight: a finite number within the bound, rounded to whole centipawns.
Result<int> read_weight(const toml::node& node, const std::string& key, const std::string& file) {
    const std::string where = where_of(node.source(), file);
    const std::optional<double> value = number_of(node);
    if (!value)
        return make_error(fmt::format("{} must be a number, not {}", key, type_phrase(node.type())),
                          where);
    if (!std::isfinite(*value) || std::abs(*value) > kMaxWeight)
        return make_error(
            fmt::format("{} = {} must be a finite number within +-{:.0f}", key, *value, kMaxWeight),
            where);
    return static_cast<int>(std::lround(*value));
}

// A [middlegame, endgame] pair, or one number for a term with a single phase.
Result<Score> read_score(const toml::node& node, const std::string& key, Phases phases,
                         const std::string& file) {
    const std::string where = where_of(node.source(), file);
    if (phases != Phases::Both) {
        if (node.as_array())
            return make_error(fmt::format("{} has one weight ({}): a number, not a list", key,
                                          phases == Phases::Middlegame ? "middlegame"
                                          : phases == Phases::Endgame  ? "endgame"
                                                                       : "after the taper"),
                              where);
        auto w = read_weight(node, key, file);
        if (!w) return w.error();
        return phases == Phases::Endgame ? Score{0, *w} : Score{*w, 0};
    }
    const auto* list = node.as_array();
    if (!list || list->size() != 2)
        return make_error(
            fmt::format(
                "{} must be [middlegame, endgame]: a list of 2 numbers, not {}", key,
                list ? fmt::format("{} of {}", "a list", list->size()) : type_phrase(node.type())),
            where);
    auto mg = read_weight(*list->get(0), key + "[0]", file);
    if (!mg) return mg.error();
    auto eg = read_weight(*list->get(1), key + "[1]", file);
    if (!eg) return eg.error();
    return Score{*mg, *eg};
}

Result<void> read_terms(const toml::table& terms, const std::string& file, EvalWeights& out) {
    std::vector<std::string> names;
    for (const auto& term : players::engine::weight_terms()) names.push_back(term.key);
    for (const auto& key : keys_in_file_order(terms, file)) {
        const toml::node& node = *terms.get(key);
        const auto* term = [&]() -> const players::engine::WeightTerm* {
            for (const auto& t : players::engine::weight_terms())
                if (key == t.key) return &t;
            return nullptr;
        }();
        if (!term)
            return make_error(fmt::format("[terms]: no term '{}'{} (terms: {})", key,
                                          did_you_mean(key, names), join_names(names)),
                              where_of(node.source(), file));
        auto score = read_score(node, "[terms] " + key, term->phases, file);
        if (!score) return score.error();
        out.*(term->member) = *score;
    }
    return {};
}

Result<PieceWeights> read_piece(const toml::table& table, const core::PieceSpec& piece,
                                const std::string& file) {
    PieceWeights out;
    const std::string section = fmt::format("[pieces.{}]", piece.name);
    std::vector<std::string> names;
    for (const auto& term : players::engine::piece_terms())
        if (players::engine::piece_has_term(piece.role, term)) names.push_back(term.key);
    for (const auto& key : keys_in_file_order(table, file)) {
        const toml::node& node = *table.get(key);
        const players::engine::PieceTerm* term = nullptr;
        for (const auto& t : players::engine::piece_terms())
            if (key == t.key && players::engine::piece_has_term(piece.role, t)) term = &t;
        if (!term)
            return make_error(
                fmt::format("{}: no term '{}' for this piece{} (its terms: {})", section, key,
                            did_you_mean(key, names), names.empty() ? "none" : join_names(names)),
                where_of(node.source(), file));
        auto score = read_score(node, section + " " + key, Phases::Both, file);
        if (!score) return score.error();
        out.*(term->member) = *score;
    }
    return out;
}

Result<void> read_pieces(const toml::table& pieces, const core::VariantSpec& spec,
                         const std::string& file, EvalWeights& out) {
    std::vector<std::string> names;
    for (const auto& p : spec.pieces) names.push_back(p.name);
    for (const auto& name : keys_in_file_order(pieces, file)) {
        const toml::node& node = *pieces.get(name);
        const core::PieceSpec* piece = nullptr;
        for (const auto& p : spec.pieces)
            if (p.name == name) piece = &p;
        if (!piece)
            return make_error(fmt::format("[pieces]: variant '{}' has no piece '{}'{}", spec.name,
                                          name, did_you_mean(name, names)),
                              where_of(node.source(), file));
        const auto* table = node.as_table();
        if (!table)
            return make_error(
                fmt::format("[pieces.{}] must be a table, not {}", name, type_phrase(node.type())),
                where_of(node.source(), file));
        auto weights = read_piece(*table, *piece, file);
        if (!weights) return weights.error();
        out.pieces[name] = std::move(*weights);
    }
    return {};
}

std::string score_text(Score s, Phases phases) {
    switch (phases) {
        case Phases::Both:
            return fmt::format("[{}, {}]", s.mg, s.eg);
        case Phases::Endgame:
            return fmt::format("{}", s.eg);
        default:
            return fmt::format("{}", s.mg);
    }
}

}  // namespace

Result<EvalWeights> load_eval_weights_file(const std::filesystem::path& path,
                                           const core::VariantSpec& spec) {
    auto doc = parse_toml_file(path);
    if (!doc) return doc.error();
    const std::string file = display_path(path.string());
    Fields fields(*doc, "the evaluation file", file);
    const auto variant = fields.string("variant", Need::Required);
    const toml::table* terms = fields.table("terms");
    const toml::table* pieces = fields.table("pieces");
    (void)fields.string("description");
    if (auto done = fields.finish(); !done) return done.error();
    if (*variant != spec.name) {
        return make_error(fmt::format("evaluation weights for variant '{}', but the game is '{}'",
                                      *variant, spec.name),
                          fields.where("variant"));
    }
    EvalWeights out;
    if (terms)
        if (auto read = read_terms(*terms, file, out); !read) return read.error();
    if (pieces)
        if (auto read = read_pieces(*pieces, spec, file, out); !read) return read.error();
    return out;
}

Result<std::string> eval_file_variant(const std::filesystem::path& path) {
    auto doc = parse_toml_file(path);
    if (!doc) return doc.error();
    const std::string file = display_path(path.string());
    const toml::node* variant = doc->get("variant");
    if (!variant || !variant->as_string())
        return make_error("an evaluation file needs variant = \"<name>\"",
                          variant ? where_of(variant->source(), file) : file);
    return variant->as_string()->get();
}

std::string eval_weights_toml(const EvalWeights& weights, const core::VariantSpec& spec,
                              const std::string& comment) {
    std::string out = comment_lines(comment);
    out += fmt::format("variant = \"{}\"\n\n[terms]\n", spec.name);
    for (const auto& term : players::engine::weight_terms())
        out += fmt::format("{} = {}\n", term.key, score_text(weights.*(term.member), term.phases));
    for (const auto& piece : spec.pieces) {
        const auto found = weights.pieces.find(piece.name);
        if (found == weights.pieces.end()) continue;
        std::string lines;
        for (const auto& term : players::engine::piece_terms())
            if (const auto& score = found->second.*(term.member))
                lines += fmt::format("{} = {}\n", term.key, score_text(*score, Phases::Both));
        if (!lines.empty()) out += fmt::format("\n[pieces.{}]\n{}", piece.name, lines);
    }
    return out;
}

}  // namespace balance::config
