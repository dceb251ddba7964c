#include "variant_args.hpp"

#include <utility>

#include <fmt/format.h>

#include "balance/config/army_reader.hpp"
#include "balance/config/suggest.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/army_lookup.hpp"

namespace balance::app {

namespace {

Result<std::string> resolve_army(const core::VariantSpec& spec, const std::string& given,
                                 const std::string& fallback, const char* flag) {
    if (given.empty()) return fallback;
    if (const core::ArmySpec* army = core::find_army(spec.armies, given)) return army->name;
    return make_error(fmt::format("unknown army '{}' for variant '{}'{}", given, spec.name,
                                  unknown_army_hint(given, spec.armies)),
                      flag);
}

}  // namespace

void add_variant_args(CLI::App& command, VariantArgs& args) {
    command
        .add_option("--variant", args.variant,
                    "Variant name (configs/variants/<name>.toml) or file")
        ->required();
    command.add_option("--white", args.white,
                       "White's army (name or alias; default: the variant's)");
    command.add_option("--black", args.black,
                       "Black's army (name or alias; default: the variant's)");
    command
        .add_option("--rules", args.rules,
                    "Optional rules: NAME (a switch turned on) or NAME=VALUE; repeat or separate "
                    "with commas. `balance variants NAME` lists them")
        ->delimiter(',');
}

Result<SelectedVariant> load_selected_variant(const VariantArgs& args) {
    auto file = find_variant(args.variant);
    if (!file) return file.error();
    auto spec = load_variant(*file, args.rules);
    if (!spec) return spec.error();
    auto white = resolve_army(*spec, args.white, spec->default_white, "--white");
    if (!white) return white.error();
    auto black = resolve_army(*spec, args.black, spec->default_black, "--black");
    if (!black) return black.error();
    return SelectedVariant{std::move(spec.value()), std::move(white.value()),
                           std::move(black.value())};
}

}  // namespace balance::app
