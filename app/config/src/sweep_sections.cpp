#include "sweep_sections.hpp"

#include <fmt/format.h>

#include "balance/tournament/openings.hpp"
#include "fields.hpp"

namespace balance::config {

namespace {

using tournament::AdjudicationSpec;
using tournament::OpeningSpec;

int as_int(std::optional<std::int64_t> value, int fallback) {
    return value ? static_cast<int>(*value) : fallback;
}

}  // namespace

namespace {

// Each key of [openings] belongs to some opening types: refuses one given to another type.
Result<void> check_opening_keys(const toml::table& table, const Fields& fields,
                                const std::string& type) {
    // Random plies (and their filter) apply to random-plies openings and, after the book
    // position, to books; a book's own keys to books alone.
    const std::pair<const char*, const char*> owned[] = {{"file", "book"}, {"positions", "book"}};
    for (const auto& [key, owner] : owned) {
        if (type != owner && table.contains(key)) {
            return make_error(
                fmt::format("'{}' in [openings] applies only to type = \"{}\"", key, owner),
                fields.where(key));
        }
    }
    for (const char* key : {"plies", "max_imbalance_cp", "min_imbalance_cp", "attempts",
                            "imbalance_nodes", "centre", "on_miss", "placement"}) {
        if (type == "none" && table.contains(key)) {
            return make_error(fmt::format("'{}' in [openings] applies only to type = "
                                          "\"random-plies\" or \"book\"",
                                          key),
                              fields.where(key));
        }
    }
    if (type == "book" && table.contains("centre")) {
        return make_error(
            "'centre' in [openings] applies only to type = \"random-plies\" (a book's window "
            "always lies around the book position's own score)",
            fields.where("centre"));
    }
    if (type == "book" && !table.contains("plies")) {
        for (const char* key : {"max_imbalance_cp", "min_imbalance_cp", "attempts",
                                "imbalance_nodes", "on_miss", "placement"}) {
            if (table.contains(key)) {
                return make_error(
                    fmt::format("'{}' in [openings] needs 'plies' (random plies after the "
                                "book position)",
                                key),
                    fields.where(key));
            }
        }
    }
    return {};
}

// The random plies and their filter, shared by random-plies openings and books.
Result<void> read_opening_plies(Fields& fields, const std::string& type, OpeningSpec& spec) {
    // Free placement: random placements and then `plies` moves of play, which may be none.
    const auto placement = fields.choice("placement", {"plies", "random"}).value_or("plies");
    spec.placement =
        placement == "random" ? OpeningSpec::Placement::Random : OpeningSpec::Placement::Plies;
    const Need need = type == "random-plies" ? Need::Required : Need::Optional;
    const int least = type == "book" || placement == "random" ? 0 : 1;
    spec.plies = as_int(fields.integer("plies", need, least, 200), 0);
    spec.centre = fields.choice("centre", {"start", "zero"}).value_or("start") == "zero"
                      ? OpeningSpec::Centre::Zero
                      : OpeningSpec::Centre::Start;
    spec.on_miss = fields.choice("on_miss", {"closest", "refuse"}).value_or("closest") == "refuse"
                       ? OpeningSpec::OnMiss::Refuse
                       : OpeningSpec::OnMiss::Closest;
    spec.max_imbalance_cp = as_int(fields.integer("max_imbalance_cp", Need::Optional, 0, 100000),
                                   spec.max_imbalance_cp);
    spec.min_imbalance_cp = as_int(fields.integer("min_imbalance_cp", Need::Optional, 0, 100000),
                                   spec.min_imbalance_cp);
    if (spec.min_imbalance_cp > 0 &&
        (spec.max_imbalance_cp == 0 || spec.min_imbalance_cp > spec.max_imbalance_cp)) {
        return make_error(fmt::format("min_imbalance_cp = {} needs max_imbalance_cp at least as "
                                      "large (the window of scores an opening may have), not {}",
                                      spec.min_imbalance_cp, spec.max_imbalance_cp),
                          fields.where("min_imbalance_cp"));
    }
    // At most a million nodes per score (500 times the default, about a second of search):
    // every opening drawn is scored, up to `attempts` times, before its game can start.
    spec.imbalance_nodes =
        static_cast<std::uint64_t>(fields.integer("imbalance_nodes", Need::Optional, 1, 1'000'000)
                                       .value_or(static_cast<std::int64_t>(spec.imbalance_nodes)));
    spec.attempts = as_int(fields.integer("attempts", Need::Optional, 1, 100000), spec.attempts);
    return {};
}

// A book's positions, from an EPD/FEN file or inline (`positions = [...]`): short books such as
// material-odds starts then live in the sweep file itself.
Result<void> read_opening_book(const toml::table& table, Fields& fields, const std::string& file,
                               const std::filesystem::path& dir, OpeningSpec& spec) {
    if (table.contains("file") == table.contains("positions")) {
        return make_error(
            "[openings] type = \"book\" needs exactly one of 'file' and "
            "'positions'",
            fields.where("type"));
    }
    const auto book = fields.string("file");
    if (const auto inline_positions = fields.strings("positions")) {
        spec.book_file = file + " ([openings] positions)";
        for (const std::string& line : *inline_positions)
            spec.book.push_back(tournament::epd_to_fen(line));
        if (spec.book.empty())
            fields.fail(table.get("positions")->source(), "'positions' is empty");
    }
    if (book) {
        std::filesystem::path path(*book);
        // Not there (or a path the file system refuses): beside the sweep file, where
        // reading it reports the failure with the file's name.
        std::error_code ec;
        if (path.is_relative() && !std::filesystem::exists(path, ec)) path = dir / path;
        spec.book_file = path.string();
        auto positions = tournament::read_book(spec.book_file);
        if (!positions) {
            fields.fail(table.get("file")->source(), positions.error().to_string());
        } else {
            spec.book = std::move(*positions);
        }
    }
    return {};
}

}  // namespace

Result<OpeningSpec> read_openings(const toml::table& table, const std::string& file,
                                  const std::filesystem::path& dir) {
    Fields fields(table, "[openings]", file);
    OpeningSpec spec;
    const auto type = fields.choice("type", {"none", "random-plies", "book"}).value_or("none");
    if (auto keys = check_opening_keys(table, fields, type); !keys) return keys.error();
    if (type != "none") {
        if (auto plies = read_opening_plies(fields, type, spec); !plies) return plies.error();
    }
    if (type == "random-plies") {
        spec.kind = OpeningSpec::Kind::RandomPlies;
    } else if (type == "book") {
        spec.kind = OpeningSpec::Kind::Book;
        if (auto book = read_opening_book(table, fields, file, dir, spec); !book) {
            return book.error();
        }
    }
    if (auto done = fields.finish(); !done) return done.error();
    return spec;
}

Result<AdjudicationSpec> read_adjudication(const toml::table& table, const std::string& file) {
    Fields fields(table, "[adjudication]", file);
    AdjudicationSpec spec;
    spec.max_plies = as_int(fields.integer("max_plies", Need::Optional, 0, 100000), spec.max_plies);
    if (const toml::table* resign = fields.table("resign")) {
        Fields r(*resign, "[adjudication.resign]", file);
        spec.resign.enabled = r.boolean("enabled").value_or(spec.resign.enabled);
        spec.resign.score_cp =
            as_int(r.integer("score_cp", Need::Optional, 1, 100000), spec.resign.score_cp);
        spec.resign.moves = as_int(r.integer("moves", Need::Optional, 1, 1000), spec.resign.moves);
        if (auto done = r.finish(); !done) return done.error();
    }
    if (const toml::table* draw = fields.table("draw")) {
        Fields d(*draw, "[adjudication.draw]", file);
        spec.draw.enabled = d.boolean("enabled").value_or(spec.draw.enabled);
        spec.draw.score_cp =
            as_int(d.integer("score_cp", Need::Optional, 0, 100000), spec.draw.score_cp);
        spec.draw.moves = as_int(d.integer("moves", Need::Optional, 1, 1000), spec.draw.moves);
        spec.draw.after_ply =
            as_int(d.integer("after_ply", Need::Optional, 0, 100000), spec.draw.after_ply);
        if (auto done = d.finish(); !done) return done.error();
    }
    if (auto done = fields.finish(); !done) return done.error();
    return spec;
}

Result<tournament::AdaptiveSpec> read_adaptive(const toml::table& table, const std::string& file) {
    Fields fields(table, "[adaptive]", file);
    tournament::AdaptiveSpec spec;
    if (auto target = fields.number("target_half_width", Need::Required)) {
        if (*target <= 0.0 || *target >= 0.5) {
            fields.fail(table.get("target_half_width")->source(),
                        "'target_half_width' in [adaptive] must be between 0 and 0.5 "
                        "(a score interval half-width, e.g. 0.03)");
        }
        spec.target_half_width = *target;
    }
    spec.budget = fields.integer("budget", Need::Required, 1, tournament::kMaxSweepGames)
                      .value_or(spec.budget);
    spec.initial_games =
        as_int(fields.integer("initial_games", Need::Optional, 1, 1000000), spec.initial_games);
    spec.wave_games =
        as_int(fields.integer("wave_games", Need::Optional, 1, tournament::kMaxSweepGames),
               spec.wave_games);
    if (auto done = fields.finish(); !done) return done.error();
    return spec;
}

}  // namespace balance::config
