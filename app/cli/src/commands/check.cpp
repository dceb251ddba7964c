// `balance check`: loads variant files and validates them with core for the default rules and
// for every single non-default option value, so a broken option fragment is found before a
// sweep runs into it; validates sweep files as `balance sweep` would load them. Bare names are
// resolved like the commands that use them: a variant name first, then a sweep name.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"
#include "balance/config/sweep_files.hpp"
#include "balance/config/variant_files.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/compile.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "sweep_check.hpp"

namespace balance::cli {

using analysis::Json;

namespace {

struct CheckArgs {
    std::vector<std::string> files;
    bool json = false;
};

struct Problem {
    Error error;
    std::string options;  // the selection that failed, "" for the defaults
};

struct FileReport {
    std::string file;
    std::size_t pieces = 0, armies = 0, options = 0, configurations = 0;
    std::vector<Problem> problems;
};

// Loads and validates one configuration; records a problem on failure.
void check_configuration(const std::filesystem::path& file, const std::string& selection,
                         FileReport& report) {
    ++report.configurations;
    std::vector<std::string> options;
    if (!selection.empty()) options.push_back(selection);
    auto spec = config::load_variant(file, options);
    if (!spec) {
        report.problems.push_back({spec.error(), selection});
        return;
    }
    if (selection.empty()) {
        report.pieces = spec->pieces.size();
        report.armies = spec->armies.size();
    }
    if (auto valid = core::validate(*spec); !valid)
        report.problems.push_back({valid.error(), selection});
}

// Neither a variant nor a sweep: one message that names both searches, relative to where the
// user is (the absolute source directory the binary was built from is no help).
Error not_found(const std::string& name) {
    std::vector<std::string> variants, sweeps;
    for (const auto& file : config::list_variant_files()) variants.push_back(file.stem().string());
    for (const auto& file : config::list_sweep_files()) sweeps.push_back(file.stem().string());
    std::vector<std::string> known = variants;
    known.insert(known.end(), sweeps.begin(), sweeps.end());
    return make_error(fmt::format("no such file, variant or sweep{} (variants: {}; sweeps: {})",
                                  config::did_you_mean(name, known), config::join_names(variants),
                                  config::join_names(sweeps)),
                      name);
}

FileReport check_file(const std::string& name) {
    FileReport report;
    report.file = name;
    auto file = config::find_variant(name);
    if (!file) {
        report.problems.push_back({not_found(name), ""});
        return report;
    }
    report.file = file->string();
    check_configuration(*file, "", report);
    if (!report.problems.empty()) return report;  // option fragments would fail the same way
    auto options = config::list_variant_options(*file);
    if (!options) {
        report.problems.push_back({options.error(), ""});
        return report;
    }
    report.options = options->size();
    for (const auto& option : *options) {
        for (const auto& value : option.values) {
            if (value != option.default_value)
                check_configuration(*file, fmt::format("{}={}", option.name, value), report);
        }
    }
    return report;
}

Json to_json(const FileReport& report) {
    Json problems = Json::array();
    for (const auto& problem : report.problems) {
        problems.push_back({{"where", problem.error.where},
                            {"message", problem.error.message},
                            {"options", problem.options}});
    }
    return Json{{"file", report.file},          {"ok", report.problems.empty()},
                {"pieces", report.pieces},      {"armies", report.armies},
                {"options", report.options},    {"configurations", report.configurations},
                {"errors", std::move(problems)}};
}

// The sweep file `name` stands for, when it is one: a sweep file, or a bare name that is no
// variant but a shipped sweep ("quick").
std::optional<std::filesystem::path> sweep_named(const std::string& name) {
    if (config::is_sweep_file(name)) return std::filesystem::path(name);
    if (config::find_variant(name)) return std::nullopt;
    auto sweep = config::find_sweep(name);
    if (sweep) return *sweep;
    return std::nullopt;
}

int run_check_command(const CheckArgs& args, AppContext& ctx) {
    bool all_ok = true;
    Json files = Json::array();
    for (const auto& name : args.files) {
        if (const auto sweep = sweep_named(name)) {
            all_ok = check_sweep(sweep->string(), args.json, files, ctx) && all_ok;
            continue;
        }
        const FileReport report = check_file(name);
        all_ok = all_ok && report.problems.empty();
        for (const auto& problem : report.problems) {
            Error error = problem.error;
            if (!problem.options.empty())
                error.message += fmt::format(" (with option {})", problem.options);
            report_error(ctx, error);
        }
        if (args.json) {
            files.push_back(to_json(report));
        } else if (report.problems.empty()) {
            const auto count = [](std::size_t n, const char* one, const char* many) {
                return fmt::format("{} {}", n, n == 1 ? one : many);
            };
            ctx.out << fmt::format("ok {}: {}, {}, {} ({} validated)\n", report.file,
                                   count(report.pieces, "piece", "pieces"),
                                   count(report.armies, "army", "armies"),
                                   count(report.options, "option", "options"),
                                   count(report.configurations, "configuration", "configurations"));
        }
    }
    if (args.json) print_json(ctx, Json{{"ok", all_ok}, {"files", std::move(files)}});
    return all_ok ? 0 : 1;
}

}  // namespace

void register_check(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<CheckArgs>();
    CLI::App* command = app.add_subcommand(
        "check",
        "Load and validate variant files (with the default rules and each option value) and "
        "sweep files (every cell, book positions, engine programs), without playing");
    command
        ->add_option("files", args->files,
                     "Variant or sweep files or names (e.g. asymmetric, quick, "
                     "configs/sweeps/quick.toml)")
        ->required();
    command->add_flag("--json", args->json, "Print one JSON object instead of text");
    command->callback([args, &ctx] { ctx.exit_code = run_check_command(*args, ctx); });
}

}  // namespace balance::cli
