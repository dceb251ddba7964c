#include "balance/config/variant_loader.hpp"

#include <utility>

#include "balance/config/spec_text.hpp"
#include "spec_reader.hpp"
#include "toml_document.hpp"
#include "toml_support.hpp"

namespace balance::config {

Result<core::VariantSpec> load_variant(const std::filesystem::path& file,
                                       const std::vector<std::string>& options) {
    auto resolved = resolve_variant(file, options);
    if (!resolved) return resolved.error();
    return std::move(resolved->spec);
}

Result<ResolvedVariant> resolve_variant(const std::filesystem::path& file,
                                        const std::vector<std::string>& options) {
    const std::string shown = display_path(file.string());
    auto doc = load_variant_document(file);
    if (!doc) return doc.error();
    auto declared = take_options(*doc, shown);
    if (!declared) return declared.error();
    auto active = apply_options(*doc, std::move(declared.value()), options, shown);
    if (!active) return active.error();
    auto spec = read_variant_spec(*doc, shown, file.stem().string());
    if (!spec) return spec.error();
    spec->active_options = std::move(active.value());
    // The name is written out: a file without one is named after its stem, which the stored
    // text no longer has.
    doc->insert_or_assign("name", spec->name);
    std::string text = canonical_spec_text(*doc, shown);
    return ResolvedVariant{std::move(*spec), std::move(text)};
}

Result<std::string> spec_text_from_configs(const std::string& variant, const std::string& rules) {
    auto file = find_variant(variant);
    if (!file) return file.error();
    auto resolved = resolve_variant(*file, split_rules(rules));
    if (!resolved) return resolved.error();
    return std::move(resolved->spec_toml);
}

Result<std::vector<VariantOption>> list_variant_options(const std::filesystem::path& file) {
    auto doc = load_variant_document(file);
    if (!doc) return doc.error();
    auto declared = take_options(*doc, display_path(file.string()));
    if (!declared) return declared.error();
    std::vector<VariantOption> infos;
    for (auto& option : declared.value()) infos.push_back(std::move(option.info));
    return infos;
}

}  // namespace balance::config
