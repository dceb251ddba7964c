// One section of the JSON report as CSV (RFC 4180 quoting): the same numbers, flattened.

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "balance/analysis/render.hpp"

namespace balance::analysis {

namespace {

// Scalars of `value` under dotted names; arrays inside a row are written as JSON text.
void flatten(const Json& value, const std::string& prefix,
             std::vector<std::pair<std::string, std::string>>& out) {
    if (value.is_object()) {
        for (const auto& [key, item] : value.items())
            flatten(item, prefix.empty() ? key : prefix + "." + key, out);
        return;
    }
    std::string text;
    if (value.is_string()) {
        text = value.get<std::string>();
    } else if (value.is_null()) {
        text = "";
    } else if (value.is_number_float()) {
        text = fmt::format("{:.10g}", value.get<double>());
    } else {
        text = value.dump();
    }
    out.emplace_back(prefix, std::move(text));
}

std::string csv_field(const std::string& field) {
    if (field.find_first_of(",\"\n\r") == std::string::npos) return field;
    std::string out = "\"";
    for (char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

}  // namespace

std::string csv_table_names() {
    return "cells (default), summary, pairs, armies, rule_effects, players, player_scales, "
           "failures, points, series, values, strength, strength_rungs, strength_gaps, "
           "strength_agree, strength_armies";
}

Result<std::string> render_csv(const Json& report, const std::string& table) {
    const Json* section = nullptr;
    if (table == "armies") {
        section = &report["armies"]["fits"];
    } else if (table != "meta" && report.contains(table)) {
        section = &report[table];
    }
    if (!section || !section->is_array()) {
        return make_error(fmt::format("unknown table '{}' (tables: {})", table, csv_table_names()));
    }
    // Rows: each element flattened; armies are expanded to one row per army, values to one row
    // per piece, so every CSV row is one measurement.
    std::vector<std::vector<std::pair<std::string, std::string>>> rows;
    for (const auto& element : *section) {
        const char* nested = table == "armies" || table == "strength_rungs" ? "armies"
                             : table == "values"                            ? "pieces"
                             : table == "strength"                          ? "rungs"
                                                                            : nullptr;
        if (nested && element.contains(nested) && element[nested].is_array() &&
            !element[nested].empty()) {
            Json outer = element;
            outer.erase(nested);
            // A values fit carries the other methods' fits of the same games (regression,
            // odds_starts): their pieces are rows too, under their own method's columns.
            std::vector<Json> fits;
            if (table == "values") {
                for (const char* other : {"regression", "odds_starts"}) {
                    if (!outer.contains(other)) continue;
                    if (outer[other].is_object() && outer[other].contains(nested)) {
                        Json fit = outer;
                        for (const char* drop : {"regression", "odds_starts"}) fit.erase(drop);
                        for (const auto& [key, value] : outer[other].items())
                            if (key != nested) fit[key] = value;
                        fit[nested] = outer[other][nested];
                        fits.push_back(std::move(fit));
                    }
                    outer.erase(other);
                }
            }
            Json own = outer;
            own[nested] = element[nested];
            fits.insert(fits.begin(), std::move(own));
            for (Json& fit : fits) {
                const Json inners = fit[nested];
                fit.erase(nested);
                for (const auto& inner : inners) {
                    std::vector<std::pair<std::string, std::string>> row;
                    flatten(fit, "", row);
                    flatten(inner, nested, row);
                    rows.push_back(std::move(row));
                }
            }
            continue;
        }
        std::vector<std::pair<std::string, std::string>> row;
        flatten(element, "", row);
        rows.push_back(std::move(row));
    }
    // No rows, no header: an empty table is empty output, which the caller notes on stderr.
    if (rows.empty()) return std::string();
    std::vector<std::string> columns;
    for (const auto& row : rows) {
        for (const auto& [name, text] : row)
            if (std::find(columns.begin(), columns.end(), name) == columns.end())
                columns.push_back(name);
    }
    std::string out;
    for (std::size_t c = 0; c < columns.size(); ++c) out += (c ? "," : "") + csv_field(columns[c]);
    out += '\n';
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < columns.size(); ++c) {
            std::string field;
            for (const auto& [name, text] : row)
                if (name == columns[c]) field = text;
            out += (c ? "," : "") + csv_field(field);
        }
        out += '\n';
    }
    return out;
}

}  // namespace balance::analysis
