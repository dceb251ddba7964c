#include "toml_document.hpp"

#include <fstream>
#include <set>
#include <sstream>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "balance/config/variant_files.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace fs = std::filesystem;

namespace {

// Deep enough for any sensible chain; stops a cycle through differently spelt paths.
constexpr int kMaxInheritDepth = 16;

Result<toml::table> load_chain(const fs::path& file, std::set<fs::path>& seen, int depth);

Result<fs::path> resolve_base(const std::string& base, const fs::path& child) {
    fs::path beside = child.parent_path() / base;
    if (beside.extension() != ".toml") beside += ".toml";
    std::error_code ec;
    if (fs::is_regular_file(beside, ec)) return beside;
    return find_variant(base);
}

Result<toml::table> load_chain(const fs::path& file, std::set<fs::path>& seen, int depth) {
    auto parsed = parse_toml_file(file);
    if (!parsed) return parsed.error();
    toml::table child = std::move(parsed.value());
    const toml::node* inherits = child.get("inherits");
    if (!inherits) return child;

    const std::string where = where_of(inherits->source(), display_path(file.string()));
    const auto* base_name = inherits->as_string();
    if (!base_name) {
        return make_error(fmt::format("'inherits' must be a string naming a variant, not {}",
                                      type_phrase(inherits->type())),
                          where);
    }
    auto base_file = resolve_base(base_name->get(), file);
    if (!base_file) {
        return make_error(fmt::format("'inherits': {}", base_file.error().to_string()), where);
    }
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(*base_file, ec);
    if (depth >= kMaxInheritDepth || !seen.insert(canonical).second) {
        return make_error(fmt::format("'inherits' makes a cycle through {}", base_file->string()),
                          where);
    }
    auto base = load_chain(*base_file, seen, depth + 1);
    if (!base) return base.error();
    toml::table merged = std::move(base.value());
    merged.erase("name");
    child.erase("inherits");
    deep_merge(merged, std::move(child));
    return merged;
}

}  // namespace

Result<toml::table> parse_toml_file(const fs::path& file) {
    const std::string shown = display_path(file.string());
    std::ifstream in(file, std::ios::binary);
    if (!in) return make_error("cannot open the file", shown);
    std::ostringstream text;
    text << in.rdbuf();
    try {
        toml::table table = toml::parse(text.str(), shown);
        // Said plainly rather than as the first required key missing ('start_fen', 'variant').
        if (table.empty()) return make_error("the file is empty (it holds no keys)", shown);
        return table;
    } catch (const toml::parse_error& e) {
        return make_error(fmt::format("TOML syntax error at column {}: {}", e.source().begin.column,
                                      e.description()),
                          where_of(e.source(), shown));
    }
}

Result<toml::table> load_variant_document(const fs::path& file) {
    std::set<fs::path> seen;
    std::error_code ec;
    seen.insert(fs::weakly_canonical(file, ec));
    return load_chain(file, seen, 0);
}

}  // namespace balance::config
