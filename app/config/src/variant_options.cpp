#include "balance/config/variant_options.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"
#include "fields.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace {

bool contains(const std::vector<std::string>& names, std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// Reads [options.<name>.values.*] into `option`, in file order.
Result<void> read_values(toml::table& values, const std::string& file, RuleOption& option) {
    for (const std::string& value : keys_in_file_order(values, file)) {
        toml::node& node = *values.get(value);
        const std::string section = fmt::format("[options.{}.values.{}]", option.info.name, value);
        auto* fragment = node.as_table();
        if (!fragment) {
            return make_error(fmt::format("{} must be a table (a fragment of the variant), not {}",
                                          section, type_phrase(node.type())),
                              where_of(node.source(), file));
        }
        if (!is_plain_name(value)) {
            return make_error(
                fmt::format("value name '{}' may use only a-z, 0-9, '-' and '_'", value),
                where_of(node.source(), file));
        }
        for (const char* reserved : {"options", "inherits"}) {
            if (const toml::node* bad = fragment->get(reserved)) {
                return make_error(fmt::format("{} may not set '{}'", section, reserved),
                                  where_of(bad->source(), file));
            }
        }
        option.info.values.push_back(value);
        option.fragments.push_back(std::move(*fragment));
    }
    return {};
}

Result<RuleOption> parse_option(const std::string& name, toml::node& node,
                                const std::string& file) {
    const std::string section = fmt::format("[options.{}]", name);
    auto* table = node.as_table();
    if (!table) {
        return make_error(
            fmt::format("{} must be a table, not {}", section, type_phrase(node.type())),
            where_of(node.source(), file));
    }
    if (!is_plain_name(name)) {
        return make_error(fmt::format("option name '{}' may use only a-z, 0-9, '-' and '_'", name),
                          where_of(node.source(), file));
    }
    Fields fields(*table, section, file);
    RuleOption option;
    option.info.name = name;
    option.info.where = where_of(table->source(), file);
    option.info.description = fields.string("description", Need::Required).value_or("");
    const auto default_value = fields.string("default");
    option.info.ambiguous = fields.boolean("ambiguous").value_or(false);
    option.info.ambiguous_under = fields.string("ambiguous_under").value_or("");
    if (!option.info.ambiguous_under.empty()) option.info.ambiguous = true;
    fields.table("values", Need::Required);
    if (auto done = fields.finish(); !done) return done.error();
    if (auto done = read_values(*table->get_as<toml::table>("values"), file, option); !done) {
        return done.error();
    }

    auto& values = option.info.values;
    if (values.size() == 1 && values.front() == "on") {  // a switch whose `off` changes nothing
        values.insert(values.begin(), "off");
        option.fragments.insert(option.fragments.begin(), toml::table{});
    }
    option.info.is_switch = values.size() == 2 && contains(values, "on") && contains(values, "off");
    if (values.empty())
        return make_error(fmt::format("{} has no values", section), option.info.where);
    if (!default_value && !option.info.is_switch) {
        return make_error(fmt::format("{} is missing required key 'default' (one of {})", section,
                                      join_names(values)),
                          option.info.where);
    }
    option.info.default_value = default_value.value_or("off");
    if (!contains(values, option.info.default_value)) {
        return make_error(fmt::format("default '{}' of {} is not one of its values ({}){}",
                                      option.info.default_value, section, join_names(values),
                                      did_you_mean(option.info.default_value, values)),
                          fields.where("default"));
    }
    return option;
}

void collect_leaf_paths(const toml::table& table, const std::string& prefix,
                        std::vector<std::string>& out) {
    for (auto&& [key, node] : table) {
        const std::string path =
            prefix.empty() ? std::string(key.str()) : fmt::format("{}.{}", prefix, key.str());
        if (const auto* sub = node.as_table()) {
            collect_leaf_paths(*sub, path, out);
        } else {
            out.push_back(path);
        }
    }
}

std::string canonical_choice(const VariantOption& option, const std::string& value) {
    if (option.is_switch && value == "on") return option.name;
    return fmt::format("{}={}", option.name, value);
}

// Parses "name" / "name=value" against the declared options; returns option index -> value.
Result<std::map<std::size_t, std::string>> parse_selection(
    const std::vector<RuleOption>& options, const std::vector<std::string>& selection,
    const std::string& file) {
    std::vector<std::string> option_names;
    for (const auto& option : options) option_names.push_back(option.info.name);
    std::map<std::size_t, std::string> chosen;
    for (const auto& item : selection) {
        const auto eq = item.find('=');
        const std::string name = item.substr(0, eq);
        const std::string value = eq == std::string::npos ? "on" : item.substr(eq + 1);
        const auto it = std::find(option_names.begin(), option_names.end(), name);
        if (it == option_names.end()) {
            const std::string known = option_names.empty()
                                          ? " (this variant has no options)"
                                          : fmt::format(" (options: {})", join_names(option_names));
            return make_error(fmt::format("unknown option '{}'{}{}", name,
                                          did_you_mean(name, option_names), known),
                              file);
        }
        const auto index = static_cast<std::size_t>(it - option_names.begin());
        const VariantOption& info = options[index].info;
        if (!contains(info.values, value)) {
            const std::string hint = eq == std::string::npos
                                         ? fmt::format("; it needs a value: {}=<value>", name)
                                         : did_you_mean(value, info.values);
            return make_error(fmt::format("option '{}' has no value '{}'{} (values: {})", name,
                                          value, hint, join_names(info.values)),
                              file);
        }
        auto [slot, fresh] = chosen.emplace(index, value);
        if (!fresh && slot->second != value) {
            return make_error(fmt::format("option '{}' is given twice, as '{}' and as '{}'", name,
                                          slot->second, value),
                              file);
        }
    }
    return chosen;
}

}  // namespace

Result<std::vector<RuleOption>> take_options(toml::table& doc, const std::string& file) {
    std::vector<RuleOption> options;
    toml::node* node = doc.get("options");
    if (!node) return options;
    auto* table = node->as_table();
    if (!table) {
        return make_error(
            fmt::format("'options' must be a table of [options.<name>] tables, not {}",
                        type_phrase(node->type())),
            where_of(node->source(), file));
    }
    for (const std::string& name : keys_in_file_order(*table, file)) {
        auto option = parse_option(name, *table->get(name), file);
        if (!option) return option.error();
        options.push_back(std::move(option.value()));
    }
    for (const RuleOption& option : options) {
        const std::string& under = option.info.ambiguous_under;
        if (under.empty()) continue;
        const bool known = std::any_of(options.begin(), options.end(),
                                       [&](const RuleOption& o) { return o.info.name == under; });
        if (!known || under == option.info.name) {
            return make_error(fmt::format("ambiguous_under of [options.{}] names no other option "
                                          "of this file: '{}'",
                                          option.info.name, under),
                              option.info.where);
        }
    }
    doc.erase("options");
    return options;
}

std::vector<Reading> readings_of(const std::vector<VariantOption>& options) {
    std::vector<Reading> out{{"default", {}}};
    const auto choice = [&](const VariantOption& option, const std::string& value) {
        return option.is_switch && value == "on" ? option.name : option.name + "=" + value;
    };
    const auto has = [&](const std::string& name) {
        return std::any_of(out.begin(), out.end(),
                           [&](const Reading& r) { return r.name == name; });
    };
    for (const VariantOption& option : options) {
        if (!option.ambiguous) continue;
        std::vector<std::string> base;
        if (!option.ambiguous_under.empty()) {
            const auto under = std::find_if(options.begin(), options.end(), [&](const auto& o) {
                return o.name == option.ambiguous_under;
            });
            base.push_back(under->is_switch ? under->name
                                            : under->name + "=" + under->values.back());
            if (!has(option.ambiguous_under)) out.push_back({option.ambiguous_under, base});
        }
        for (const std::string& value : option.values) {
            if (value == option.default_value) continue;
            Reading reading;
            reading.name =
                (base.empty() ? "" : option.ambiguous_under + "--") + option.name + "-" + value;
            reading.options = base;
            reading.options.push_back(choice(option, value));
            out.push_back(std::move(reading));
        }
    }
    return out;
}

Result<std::vector<std::string>> apply_options(toml::table& doc, std::vector<RuleOption>&& options,
                                               const std::vector<std::string>& selection,
                                               const std::string& file) {
    auto chosen = parse_selection(options, selection, file);
    if (!chosen) return chosen.error();

    // Defaults first, so a default that restates a base value never undoes a chosen value.
    std::vector<std::string> active;
    std::map<std::string, std::string> set_by;  // leaf key path -> the choice that set it
    for (bool defaults : {true, false}) {
        for (std::size_t i = 0; i < options.size(); ++i) {
            RuleOption& option = options[i];
            const auto pick = chosen->find(i);
            const std::string& value =
                pick == chosen->end() ? option.info.default_value : pick->second;
            if ((value == option.info.default_value) != defaults) continue;
            const auto& values = option.info.values;
            toml::table& fragment = option.fragments[static_cast<std::size_t>(
                std::find(values.begin(), values.end(), value) - values.begin())];
            if (!defaults) {
                const std::string choice = canonical_choice(option.info, value);
                std::vector<std::string> paths;
                collect_leaf_paths(fragment, "", paths);
                for (const auto& path : paths) {
                    auto [other, fresh] = set_by.emplace(path, choice);
                    if (!fresh) {
                        return make_error(
                            fmt::format(
                                "options '{}' and '{}' both set '{}' and cannot be combined",
                                other->second, choice, path),
                            file);
                    }
                }
                active.push_back(choice);
            }
            deep_merge(doc, std::move(fragment));
        }
    }
    std::sort(active.begin(), active.end());
    return active;
}

}  // namespace balance::config
