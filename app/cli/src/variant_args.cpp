#include "variant_args.hpp"

#include <cctype>
#include <sstream>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "balance/config/army_reader.hpp"
#include "balance/config/suggest.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/army_lookup.hpp"

namespace balance::cli {

namespace {

Result<std::string> resolve_army(const core::VariantSpec& spec, const std::string& given,
                                 const std::string& fallback, const char* flag) {
    if (given.empty()) return fallback;
    if (const core::ArmySpec* army = core::find_army(spec.armies, given)) return army->name;
    return make_error(fmt::format("unknown army '{}' for variant '{}'{}", given, spec.name,
                                  config::unknown_army_hint(given, spec.armies)),
                      flag);
}

// The FEN's army tags: {"W" or "B", army as written}, and the FEN without its tag field.
struct FenTags {
    std::vector<std::pair<char, std::string>> tags;
    std::string rest;  // the FEN before the tag field
};

FenTags fen_tags(const std::string& fen) {
    FenTags out{{}, fen};
    const auto open = fen.rfind(" {");
    if (open == std::string::npos || fen.back() != '}') return out;
    out.rest = fen.substr(0, open);
    std::istringstream words(fen.substr(open + 2, fen.size() - open - 3));
    for (std::string token; words >> token;) {
        const auto colon = token.find(':');
        if (colon != 1) continue;  // malformed: the FEN reader names it
        const char side = static_cast<char>(std::toupper(static_cast<unsigned char>(token[0])));
        out.tags.emplace_back(side, token.substr(2));
    }
    return out;
}

}  // namespace

void add_variant_args(CLI::App& command, VariantArgs& args, const std::string& program) {
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
                    fmt::format("Optional rules: NAME (a switch turned on) or NAME=VALUE; repeat "
                                "or separate with commas. `{} variants NAME` lists them",
                                program))
        ->delimiter(',');
}

Result<SelectedVariant> load_selected_variant(const VariantArgs& args, const std::string& fen) {
    auto file = config::find_variant(args.variant);
    if (!file) return file.error();
    auto spec = config::load_variant(*file, args.rules);
    if (!spec) return spec.error();
    // The FEN's tags fill the colours the flags leave open; a flag overrides its colour's tag.
    std::string white_default = spec->default_white, black_default = spec->default_black;
    const FenTags tags = fen_tags(fen);
    std::string kept;
    for (const auto& [side, army] : tags.tags) {
        const bool white = side == 'W';
        if (!white && side != 'B') continue;
        if (!(white ? args.white : args.black).empty()) continue;  // overridden: dropped
        kept += std::string(kept.empty() ? "" : " ") + side + ":" + army;
        const core::ArmySpec* named = core::find_army(spec->armies, army);
        if (!named)
            return make_error(fmt::format("FEN names army '{}' for {}, which variant '{}' does not "
                                          "have{}",
                                          army, white ? "White" : "Black", spec->name,
                                          config::unknown_army_hint(army, spec->armies)),
                              "FEN '" + fen + "'");
        (white ? white_default : black_default) = named->name;
    }
    auto white = resolve_army(*spec, args.white, white_default, "--white");
    if (!white) return white.error();
    auto black = resolve_army(*spec, args.black, black_default, "--black");
    if (!black) return black.error();
    std::string used =
        tags.tags.empty() ? fen : tags.rest + (kept.empty() ? "" : " {" + kept + "}");
    return SelectedVariant{std::move(spec.value()), std::move(white.value()),
                           std::move(black.value()), std::move(used)};
}

}  // namespace balance::cli
