// `balance variants`: what can be played: each variant file with its armies and rule options.

#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"
#include "balance/config/variant_loader.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace balance::cli {

using analysis::Json;

namespace {

struct VariantsArgs {
    std::vector<std::string> names;  // empty: every variant in the search path
    bool json = false;
    bool readings = false;
};

struct Listing {
    core::VariantSpec spec;
    std::vector<config::VariantOption> options;
};

Result<Listing> describe(const std::filesystem::path& file) {
    auto spec = config::load_variant(file);
    if (!spec) return spec.error();
    auto options = config::list_variant_options(file);
    if (!options) return options.error();
    return Listing{std::move(spec.value()), std::move(options.value())};
}

Json to_json(const Listing& listing) {
    const core::VariantSpec& spec = listing.spec;
    Json armies = Json::array();
    for (const auto& army : spec.armies) {
        Json letters = Json::object();
        for (const auto& [letter, piece] : army.letters) letters[std::string(1, letter)] = piece;
        armies.push_back({{"name", army.name}, {"aliases", army.aliases}, {"letters", letters}});
    }
    Json options = Json::array();
    for (const auto& option : listing.options) {
        options.push_back({{"name", option.name},
                           {"description", option.description},
                           {"values", option.values},
                           {"default", option.default_value},
                           {"ambiguous", option.ambiguous},
                           {"ambiguous_under", option.ambiguous_under}});
    }
    return Json{{"name", spec.name},
                {"file", spec.file},
                {"description", spec.description},
                {"files", spec.files},
                {"ranks", spec.ranks},
                {"default_white", spec.default_white},
                {"default_black", spec.default_black},
                {"armies", std::move(armies)},
                {"options", std::move(options)}};
}

void print_text(const Listing& listing, AppContext& ctx) {
    const core::VariantSpec& spec = listing.spec;
    ctx.out << spec.name << " (" << spec.file << "): " << spec.files << "x" << spec.ranks;
    if (!spec.description.empty()) ctx.out << ", " << spec.description;
    std::vector<std::string> armies;
    for (const auto& army : spec.armies) {
        armies.push_back(army.aliases.empty()
                             ? army.name
                             : fmt::format("{} ({})", army.name, config::join_names(army.aliases)));
    }
    ctx.out << "\n  armies: " << config::join_names(armies)
            << "\n  default pairing: " << spec.default_white << " (white) vs " << spec.default_black
            << " (black)\n";
    if (listing.options.empty()) return;
    ctx.out << "  options (--rules NAME=VALUE; a bare NAME means NAME=on):\n";
    for (const auto& option : listing.options) {
        ctx.out << fmt::format(
            "    {} = {} (default {}): {}{}\n", option.name, config::join_names(option.values, "|"),
            option.default_value, option.description,
            !option.ambiguous                ? ""
            : option.ambiguous_under.empty() ? " [ambiguous: the sources leave it open]"
                                             : " [ambiguous under " + option.ambiguous_under + "]");
    }
}

// A sweep file's rule_sets line that plays every reading of the ambiguous options.
void print_readings(const Listing& listing, AppContext& ctx) {
    const auto readings = config::readings_of(listing.options);
    ctx.out << fmt::format(
        "# {}: its own reading and {} other reading(s) of the rules its sources "
        "leave open\nrule_sets = {{ ",
        listing.spec.name, readings.size() - 1);
    for (std::size_t i = 0; i < readings.size(); ++i) {
        std::vector<std::string> quoted;
        for (const auto& option : readings[i].options) quoted.push_back('"' + option + '"');
        ctx.out << fmt::format("{}{} = [{}]", i == 0 ? "" : ", ", readings[i].name,
                               config::join_names(quoted, ", "));
    }
    ctx.out << " }\n";
}

int run_variants_command(const VariantsArgs& args, AppContext& ctx) {
    std::vector<std::filesystem::path> files;
    if (args.names.empty()) files = config::list_variant_files();
    for (const auto& name : args.names) {
        auto file = config::find_variant(name);
        if (!file) return report_error(ctx, file.error());
        files.push_back(*file);
    }
    int status = 0;
    Json variants = Json::array();
    for (const auto& file : files) {
        auto listing = describe(file);
        if (!listing) {
            status = report_error(ctx, listing.error());
            continue;
        }
        if (args.readings) {
            print_readings(*listing, ctx);
        } else if (args.json) {
            variants.push_back(to_json(*listing));
        } else {
            print_text(*listing, ctx);
        }
    }
    if (args.json && !args.readings) print_json(ctx, Json{{"variants", std::move(variants)}});
    return status;
}

}  // namespace

void register_variants(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<VariantsArgs>();
    CLI::App* command =
        app.add_subcommand("variants", "List the variants with their armies and optional rules");
    command->add_option("names", args->names, "Only these variants (names or files)");
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->add_flag("--readings", args->readings,
                      "Print a sweep's rule_sets line that plays every reading of the rules the "
                      "variant's sources leave open (its ambiguous options)");
    command->callback([args, &ctx] { ctx.exit_code = run_variants_command(*args, ctx); });
}

}  // namespace balance::cli
