#include "balance/config/piece_values_reader.hpp"

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

std::vector<std::string> valued_pieces(const core::VariantSpec& spec) {
    std::vector<std::string> names;
    for (const auto& p : spec.pieces)
        if (p.role != core::PieceRole::King) names.push_back(p.name);
    return names;
}

const core::PieceSpec* find_piece(const core::VariantSpec& spec, const std::string& name) {
    for (const auto& p : spec.pieces)
        if (p.name == name) return &p;
    return nullptr;
}

}  // namespace

Result<PieceValues> read_piece_values(const toml::table& values, const std::string& section,
                                      const std::string& file, const core::VariantSpec& spec) {
    PieceValues out;
    for (const auto& name : keys_in_file_order(values, file)) {
        const toml::node& node = *values.get(name);
        const std::string where = where_of(node.source(), file);
        const core::PieceSpec* piece = find_piece(spec, name);
        if (!piece) {
            return make_error(fmt::format("{}: variant '{}' has no piece '{}'{}", section,
                                          spec.name, name, did_you_mean(name, valued_pieces(spec))),
                              where);
        }
        if (piece->role == core::PieceRole::King) {
            return make_error(
                fmt::format("{}: '{}' is royal: it carries no material value", section, name),
                where);
        }
        std::optional<double> value;
        if (const auto* f = node.as_floating_point()) value = f->get();
        if (const auto* i = node.as_integer()) value = static_cast<double>(i->get());
        if (!value) {
            return make_error(fmt::format("{}: {} must be a number (in {}s), not {}", section, name,
                                          spec.value_unit, type_phrase(node.type())),
                              where);
        }
        // 1000 units is beyond any piece in any variant; larger values overflow the
        // evaluation's centipawn arithmetic.
        if (!std::isfinite(*value) || *value <= 0.0 || *value > 1000.0) {
            return make_error(fmt::format("{}: {} = {} must be a positive number of {}s, at most "
                                          "1000",
                                          section, name, *value, spec.value_unit),
                              where);
        }
        out[name] = *value;
    }
    return out;
}

Result<PieceValues> load_piece_values_file(const std::filesystem::path& path,
                                           const core::VariantSpec& spec) {
    auto doc = parse_toml_file(path);
    if (!doc) return doc.error();
    const std::string file = display_path(path.string());
    Fields fields(*doc, "the values file", file);
    const auto variant = fields.string("variant", Need::Required);
    const auto unit = fields.string("value_unit");
    const toml::table* values = fields.table("values", Need::Required);
    (void)fields.string("description");
    if (auto done = fields.finish(); !done) return done.error();
    if (*variant != spec.name) {
        return make_error(
            fmt::format("values for variant '{}', but the game is '{}'", *variant, spec.name),
            fields.where("variant"));
    }
    if (unit && *unit != spec.value_unit) {
        return make_error(fmt::format("values in {}s, but variant '{}' counts in {}s", *unit,
                                      spec.name, spec.value_unit),
                          fields.where("value_unit"));
    }
    return read_piece_values(*values, "[values]", file, spec);
}

std::string piece_values_toml(const PieceValues& values, const core::VariantSpec& spec,
                              const std::string& comment) {
    std::string out = comment_lines(comment);
    out += fmt::format("variant = \"{}\"\nvalue_unit = \"{}\"\n\n[values]\n", spec.name,
                       spec.value_unit);
    std::vector<std::string> order;
    for (const auto& p : spec.pieces)
        if (values.contains(p.name)) order.push_back(p.name);
    for (const auto& [name, value] : values)
        if (!find_piece(spec, name)) order.push_back(name);
    for (const auto& name : order) out += fmt::format("{} = {:.4f}\n", name, values.at(name));
    return out;
}

}  // namespace balance::config
