#pragma once
// The flags shared by every command that plays a variant (perft now; sweep, bench, uci, ...
// later): which variant, which armies, which optional rules.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::cli {

struct VariantArgs {
    std::string variant;  // a name ("asymmetric") or a path
    std::string white;    // army name or alias; empty: the variant's default
    std::string black;
    std::vector<std::string> rules;  // option selections, "stalemate-win", "x=y"
};

// Adds --variant (required), --white, --black and --rules to `command`; `program` is the
// program as typed, for the command the help names.
void add_variant_args(CLI::App& command, VariantArgs& args, const std::string& program);

struct SelectedVariant {
    core::VariantSpec spec;
    std::string white;  // canonical army names
    std::string black;
    std::string fen;  // the FEN given, without army tags that --white/--black overrode
};

// Finds and loads the variant with the selected rules and resolves the army names and aliases.
// A FEN's army tags ("{W:elves B:orcs}") choose the armies that --white and --black leave open;
// a flag overrides its colour's tag (which is then dropped from `fen`).
[[nodiscard]] Result<SelectedVariant> load_selected_variant(const VariantArgs& args,
                                                            const std::string& fen = {});

}  // namespace balance::cli
