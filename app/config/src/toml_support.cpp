#include "toml_support.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <system_error>
#include <tuple>
#include <utility>

namespace balance::config {

std::string where_of(const toml::source_region& source, std::string_view fallback) {
    const std::string file = source.path ? *source.path : std::string(fallback);
    if (source.begin.line == 0) return file;
    return file + ":" + std::to_string(source.begin.line);
}

std::string type_phrase(toml::node_type type) {
    switch (type) {
        case toml::node_type::table:
            return "a table";
        case toml::node_type::array:
            return "an array";
        case toml::node_type::string:
            return "a string";
        case toml::node_type::integer:
            return "an integer";
        case toml::node_type::floating_point:
            return "a number";
        case toml::node_type::boolean:
            return "a boolean";
        case toml::node_type::date:
            return "a date";
        case toml::node_type::time:
            return "a time";
        case toml::node_type::date_time:
            return "a date-time";
        case toml::node_type::none:
            break;
    }
    return "nothing";
}

std::vector<std::string> keys_in_file_order(const toml::table& table, const std::string& top_file) {
    struct Entry {
        bool from_top;
        std::uint32_t line;
        std::string key;
    };
    std::vector<Entry> entries;
    for (auto&& [key, node] : table) {
        const auto& source = node.source();
        entries.push_back(
            {source.path && *source.path == top_file, source.begin.line, std::string(key.str())});
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return std::tie(a.from_top, a.line, a.key) < std::tie(b.from_top, b.line, b.key);
    });
    std::vector<std::string> keys;
    for (auto& entry : entries) keys.push_back(std::move(entry.key));
    return keys;
}

void deep_merge(toml::table& base, toml::table&& overlay) {
    for (auto it = overlay.begin(); it != overlay.end(); ++it) {
        toml::node& value = it->second;
        toml::node* existing = base.get(it->first.str());
        if (existing && existing->is_table() && value.is_table()) {
            deep_merge(*existing->as_table(), std::move(*value.as_table()));
        } else {
            base.insert_or_assign(toml::key(it->first), std::move(value));
        }
    }
}

bool is_plain_name(std::string_view name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

std::string display_path(const std::string& file) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path path(file);
    if (path.is_relative()) return file;
    const fs::path relative = fs::proximate(path, fs::current_path(ec), ec);
    if (ec || relative.empty() || *relative.begin() == "..") return file;
    return relative.string();
}

std::string comment_lines(const std::string& comment) {
    std::string out;
    for (std::size_t at = 0; at < comment.size();) {
        const auto end = comment.find('\n', at);
        out += "# " + comment.substr(at, end == std::string::npos ? end : end - at) + "\n";
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return out;
}

}  // namespace balance::config
