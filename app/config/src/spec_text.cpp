#include "balance/config/spec_text.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "spec_reader.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace {

bool bare_key(std::string_view key) {
    if (key.empty()) return false;
    for (const char c : key) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '-' || c == '_';
        if (!ok) return false;
    }
    return true;
}

std::string key_text(const std::string& key) {
    if (bare_key(key)) return key;
    std::ostringstream out;
    out << toml::toml_formatter{toml::value<std::string>(key)};
    return out.str();
}

void value_text(const toml::node& node, const std::string& file, std::string& out);

void inline_table_text(const toml::table& table, const std::string& file, std::string& out) {
    out += "{ ";
    bool first = true;
    for (const std::string& key : keys_in_file_order(table, file)) {
        if (!first) out += ", ";
        first = false;
        out += key_text(key) + " = ";
        value_text(*table.get(key), file, out);
    }
    out += first ? "}" : " }";
}

void value_text(const toml::node& node, const std::string& file, std::string& out) {
    if (const auto* table = node.as_table()) {
        inline_table_text(*table, file, out);
    } else if (const auto* array = node.as_array()) {
        out += "[";
        for (std::size_t i = 0; i < array->size(); ++i) {
            if (i > 0) out += ", ";
            value_text(*array->get(i), file, out);
        }
        out += "]";
    } else {
        std::ostringstream text;
        text << toml::toml_formatter{node};
        out += text.str();
    }
}

// Published piece values ([reference] values, values_source) document the variant; they are
// not rules, so the canonical text leaves them out and adding them makes no stored game another
// variant's. A [reference] table with nothing else is left out whole.
bool documentation_only(const std::string& path) {
    return path == "reference.values" || path == "reference.values_source";
}

bool has_rules_text(const toml::table& table, const std::string& header) {
    for (const auto& [key, node] : table) {
        const std::string path =
            header.empty() ? std::string(key.str()) : header + "." + std::string(key.str());
        if (!documentation_only(path)) return true;
    }
    return false;
}

void table_text(const toml::table& table, const std::string& header, const std::string& file,
                std::string& out) {
    const auto keys = keys_in_file_order(table, file);
    const auto path_of = [&](const std::string& key) {
        return header.empty() ? key : header + "." + key;
    };
    for (const std::string& key : keys) {
        const toml::node& node = *table.get(key);
        if (node.is_table() || documentation_only(path_of(key))) continue;
        out += key_text(key) + " = ";
        value_text(node, file, out);
        out += "\n";
    }
    for (const std::string& key : keys) {
        const auto* sub = table.get(key)->as_table();
        if (!sub || documentation_only(path_of(key))) continue;
        if (path_of(key) == "reference" && !has_rules_text(*sub, "reference")) continue;
        const std::string path = header.empty() ? key_text(key) : header + "." + key_text(key);
        out += "\n[" + path + "]\n";
        table_text(*sub, path, file, out);
    }
}

// Every leaf as "path" -> its text, in document order.
void leaves(const toml::table& table, const std::string& prefix, const std::string& file,
            std::vector<std::pair<std::string, std::string>>& out) {
    for (const std::string& key : keys_in_file_order(table, file)) {
        const toml::node& node = *table.get(key);
        const std::string path = prefix.empty() ? key : prefix + "." + key;
        if (const auto* sub = node.as_table()) {
            leaves(*sub, path, file, out);
        } else {
            std::string text;
            value_text(node, file, text);
            out.emplace_back(path, std::move(text));
        }
    }
}

Result<toml::table> parse_text(const std::string& text, const std::string& where) {
    try {
        return toml::parse(text, where);
    } catch (const toml::parse_error& e) {
        return make_error(fmt::format("stored rules are not valid TOML: {}", e.description()),
                          where_of(e.source(), where));
    }
}

std::string shown(const std::string& value) {
    // Strings appear in TOML quotes already; show them in single quotes as the messages do.
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
        return "'" + value.substr(1, value.size() - 2) + "'";
    return value;
}

}  // namespace

std::string canonical_spec_text(const toml::table& doc, const std::string& file) {
    std::string out;
    table_text(doc, "", file, out);
    return out;
}

Result<core::VariantSpec> spec_from_text(const std::string& text, const std::string& rules,
                                         const std::string& where) {
    auto doc = parse_text(text, where);
    if (!doc) return doc.error();
    auto spec = read_variant_spec(*doc, where, "unnamed");
    if (!spec) return spec.error();
    spec->active_options = split_rules(rules);
    return spec;
}

std::string spec_differences(const std::string& before, const std::string& after) {
    if (before == after) return "";
    auto a = parse_text(before, "before");
    auto b = parse_text(after, "after");
    if (!a || !b) return "the documents differ";
    std::vector<std::pair<std::string, std::string>> old_leaves;
    std::vector<std::pair<std::string, std::string>> new_leaves;
    leaves(*a, "", "before", old_leaves);
    leaves(*b, "", "after", new_leaves);
    const std::map<std::string, std::string> old_map(old_leaves.begin(), old_leaves.end());
    const std::map<std::string, std::string> new_map(new_leaves.begin(), new_leaves.end());
    std::vector<std::string> changes;
    for (const auto& [path, value] : old_leaves) {
        const auto it = new_map.find(path);
        if (it == new_map.end()) {
            changes.push_back(fmt::format("removed {} = {}", path, shown(value)));
        } else if (it->second != value) {
            changes.push_back(fmt::format("{}: {} -> {}", path, shown(value), shown(it->second)));
        }
    }
    for (const auto& [path, value] : new_leaves) {
        if (!old_map.count(path))
            changes.push_back(fmt::format("added {} = {}", path, shown(value)));
    }
    if (changes.empty()) return "the same keys and values in another order";
    constexpr std::size_t kShown = 8;
    std::string out;
    for (std::size_t i = 0; i < changes.size() && i < kShown; ++i)
        out += (i ? "; " : "") + changes[i];
    if (changes.size() > kShown) out += fmt::format("; and {} more", changes.size() - kShown);
    return out;
}

std::vector<std::string> split_rules(const std::string& rules) {
    std::vector<std::string> out;
    std::size_t begin = 0;
    while (begin < rules.size()) {
        const std::size_t end = std::min(rules.find(',', begin), rules.size());
        if (end > begin) out.push_back(rules.substr(begin, end - begin));
        begin = end + 1;
    }
    return out;
}

}  // namespace balance::config
