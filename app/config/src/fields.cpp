#include "fields.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"
#include "toml_support.hpp"

namespace balance::config {

Fields::Fields(const toml::table& table, std::string section, std::string file)
    : table_(table), section_(std::move(section)), file_(std::move(file)) {}

const toml::node* Fields::get(std::string_view key, Need need) {
    known_.emplace_back(key);
    const toml::node* node = table_.get(key);
    if (!node && need == Need::Required) {
        fail(table_.source(), fmt::format("{} is missing required key '{}'", section_, key));
    }
    return node;
}

void Fields::wrong_type(std::string_view key, const toml::node& node, std::string_view expected) {
    fail(node.source(), fmt::format("'{}' in {} must be {}, not {}", key, section_, expected,
                                    type_phrase(node.type())));
}

void Fields::fail(const toml::source_region& at, std::string message) {
    if (!error_) error_ = make_error(std::move(message), where_of(at, file_));
}

std::string Fields::where(std::string_view key) const {
    const toml::node* node = table_.get(key);
    return where_of(node ? node->source() : table_.source(), file_);
}

std::optional<std::string> Fields::string(std::string_view key, Need need) {
    const toml::node* node = get(key, need);
    if (!node) return std::nullopt;
    if (const auto* value = node->as_string()) return value->get();
    wrong_type(key, *node, "a string");
    return std::nullopt;
}

std::optional<std::int64_t> Fields::integer(std::string_view key, Need need, std::int64_t min,
                                            std::int64_t max) {
    const toml::node* node = get(key, need);
    if (!node) return std::nullopt;
    const auto* value = node->as_integer();
    if (!value) {
        wrong_type(key, *node, "an integer");
        return std::nullopt;
    }
    if (value->get() < min || value->get() > max) {
        fail(node->source(), fmt::format("'{}' in {} must be between {} and {}, not {}", key,
                                         section_, min, max, value->get()));
        return std::nullopt;
    }
    return value->get();
}

std::optional<double> Fields::number(std::string_view key, Need need) {
    const toml::node* node = get(key, need);
    if (!node) return std::nullopt;
    if (const auto* value = node->as_floating_point()) {
        // TOML allows nan and inf; no setting means either, and nan passes every comparison
        // a range check makes.
        if (!std::isfinite(value->get())) {
            fail(node->source(), fmt::format("'{}' in {} must be a finite number, not {}", key,
                                             section_, value->get()));
            return std::nullopt;
        }
        return value->get();
    }
    if (const auto* value = node->as_integer()) return static_cast<double>(value->get());
    wrong_type(key, *node, "a number");
    return std::nullopt;
}

std::optional<bool> Fields::boolean(std::string_view key, Need need) {
    const toml::node* node = get(key, need);
    if (!node) return std::nullopt;
    if (const auto* value = node->as_boolean()) return value->get();
    wrong_type(key, *node, "a boolean (true or false)");
    return std::nullopt;
}

std::optional<std::vector<std::string>> Fields::strings(std::string_view key, Need need) {
    const toml::node* node = get(key, need);
    if (!node) return std::nullopt;
    const auto* array = node->as_array();
    if (!array) {
        wrong_type(key, *node, "an array of strings");
        return std::nullopt;
    }
    std::vector<std::string> out;
    for (const toml::node& element : *array) {
        const auto* value = element.as_string();
        if (!value) {
            fail(element.source(), fmt::format("'{}' in {} must hold only strings, not {}", key,
                                               section_, type_phrase(element.type())));
            return std::nullopt;
        }
        out.push_back(value->get());
    }
    return out;
}

const toml::table* Fields::table(std::string_view key, Need need) {
    const toml::node* node = get(key, need);
    if (!node) return nullptr;
    if (const auto* value = node->as_table()) return value;
    wrong_type(key, *node, "a table");
    return nullptr;
}

const toml::array* Fields::array(std::string_view key, Need need) {
    const toml::node* node = get(key, need);
    if (!node) return nullptr;
    if (const auto* value = node->as_array()) return value;
    wrong_type(key, *node, "an array");
    return nullptr;
}

std::optional<std::string> Fields::choice(std::string_view key,
                                          const std::vector<std::string>& choices, Need need) {
    auto value = string(key, need);
    if (!value) return std::nullopt;
    if (std::find(choices.begin(), choices.end(), *value) != choices.end()) return value;
    fail(table_.get(key)->source(),
         fmt::format("'{}' in {} must be one of {}, not '{}'{}", key, section_, join_names(choices),
                     *value, did_you_mean(*value, choices)));
    return std::nullopt;
}

Result<void> Fields::finish() const {
    // Report the unknown key that comes first in the file, not first in toml++'s sorted order.
    const toml::key* unknown = nullptr;
    for (const auto& [key, node] : table_) {
        if (std::find(known_.begin(), known_.end(), key.str()) != known_.end()) continue;
        if (!unknown || key.source().begin.line < unknown->source().begin.line) unknown = &key;
    }
    if (unknown) {
        return make_error(fmt::format("unknown key {} in {}{}", quoted_name(unknown->str()),
                                      section_, did_you_mean(unknown->str(), known_)),
                          where_of(unknown->source(), file_));
    }
    if (error_) return *error_;
    return {};
}

}  // namespace balance::config
