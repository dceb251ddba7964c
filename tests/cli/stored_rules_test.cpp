// The rules a game was played under live in its database: readers rebuild them from there (a
// report is unchanged after its variant file is edited or deleted), resume refuses changed rules
// naming the change, --force keeps new games apart, and schema-1 databases keep working.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "../support/temp_dir.hpp"
#include "balance/config/spec_text.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/tournament/store.hpp"
#include "cli_runner.hpp"
#include "report_store_fixture.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using testing::CliRun;

std::string read_stored_text(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

// A private copy of chess named "stored-chess" (so no shipped file can stand in for it) and a
// tiny sweep of it, fast players only.
struct Fixture {
    TempDir dir;
    std::filesystem::path variant;
    std::filesystem::path sweep;
    std::filesystem::path db;
    std::string original;

    Fixture() {
        original = replaced(read_stored_text(std::filesystem::path(BALANCE_SOURCE_DIR) /
                                             "configs/variants/chess.toml"),
                            "name = \"chess\"", "name = \"stored-chess\"");
        variant = dir.write("stored-chess.toml", original);
        sweep = dir.write("stored.toml", "name = \"stored\"\nvariant = \"" + variant.string() +
                                             R"("
seed = 5
games_per_cell = 3
[players.greedy]
type = "greedy"
[adjudication]
max_plies = 30
)");
        db = dir.path() / "stored.db";
    }

    CliRun sweep_run(const std::vector<std::string>& extra = {}) const {
        std::vector<std::string> args = {"sweep", sweep.string(), "--db", db.string(), "--threads",
                                         "1",     "--quiet"};
        args.insert(args.end(), extra.begin(), extra.end());
        return testing::run_balance(args);
    }
    std::string report(const std::string& format = "md") const {
        const CliRun run =
            testing::run_balance({"report", "--db", db.string(), "--format", format});
        EXPECT_EQ(run.status, 0) << run.err;
        return run.out;
    }
};

TEST(StoredRules, ReportIsUnchangedAfterTheVariantFileIsEditedOrDeleted) {
    Fixture f;
    ASSERT_EQ(f.sweep_run().status, 0);
    const std::string before = f.report();
    const std::string before_json = f.report("json");
    ASSERT_NE(before.find("stored-chess"), std::string::npos);
    const auto pgn = f.dir.path() / "before.pgn";
    ASSERT_EQ(testing::run_balance({"export", "--db", f.db.string(), "--pgn", pgn.string()}).status,
              0);

    // The knight becomes a knight-wazir: replaying the stored games under it would differ.
    f.dir.write("stored-chess.toml", replaced(f.original, "betza = \"N\"", "betza = \"NW\""));
    EXPECT_EQ(f.report(), before);
    EXPECT_EQ(f.report("json"), before_json);

    std::filesystem::remove(f.variant);
    EXPECT_EQ(f.report(), before);
    const auto after = f.dir.path() / "after.pgn";
    ASSERT_EQ(
        testing::run_balance({"export", "--db", f.db.string(), "--pgn", after.string()}).status, 0);
    EXPECT_EQ(read_stored_text(after), read_stored_text(pgn));
}

TEST(StoredRules, ResumeRefusesChangedRulesNamingTheChangeAndForceKeepsThemApart) {
    Fixture f;
    ASSERT_EQ(f.sweep_run().status, 0);
    const std::string before = f.report();
    f.dir.write("stored-chess.toml", replaced(f.original, "betza = \"N\"", "betza = \"NW\""));

    const CliRun refused = f.sweep_run({"--resume"});
    EXPECT_EQ(refused.status, 1);
    EXPECT_NE(refused.err.find("pieces.knight.betza: 'N' -> 'NW'"), std::string::npos)
        << refused.err;
    EXPECT_NE(refused.err.find("--force"), std::string::npos) << refused.err;
    EXPECT_EQ(f.report(), before);  // nothing was stored

    ASSERT_EQ(f.sweep_run({"--force"}).status, 0);
    auto store = tournament::ResultStore::open_existing(f.db);
    ASSERT_TRUE(store.ok());
    auto specs = store->rule_specs();
    ASSERT_TRUE(specs.ok());
    ASSERT_EQ(specs->size(), 2u);  // the rule set under its old and its new spec
    auto games = store->games();
    ASSERT_TRUE(games.ok());
    EXPECT_EQ(games->size(), 6u);
    int apart = 0;
    for (const auto& spec : *specs) {
        if (spec.cell_rules == spec.rules) continue;
        ++apart;
        EXPECT_EQ(spec.cell_rules, spec.rules + "@" + spec.spec_hash.substr(0, 8));
        for (const auto& game : *games) {
            if (game.spec_hash == spec.spec_hash) {
                EXPECT_NE(game.cell_key.find("|" + spec.cell_rules + "|"), std::string::npos);
            }
        }
    }
    EXPECT_EQ(apart, 1);
    const std::string forced = f.report();
    EXPECT_NE(forced.find("@"), std::string::npos) << forced;

    // Resuming under the new rules now continues their own cells, without --force.
    const CliRun resumed = f.sweep_run({"--resume"});
    EXPECT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_NE(resumed.out.find("0 games played in this run, 3 were already stored"),
              std::string::npos)
        << resumed.out;
}

TEST(StoredRules, PublishedValuesAreDocumentationNotRules) {
    // chess.toml names published piece values; a copy that names others, or none, is the same
    // rules: the canonical text (what a database keeps and compares) leaves them out.
    auto chess = config::find_variant("chess");
    ASSERT_TRUE(chess.ok());
    auto shipped = config::resolve_variant(*chess, {});
    ASSERT_TRUE(shipped.ok()) << shipped.error().to_string();
    ASSERT_FALSE(shipped->spec.reference.values.empty());
    EXPECT_EQ(shipped->spec_toml.find("values_source"), std::string::npos);
    EXPECT_EQ(shipped->spec_toml.find("[reference"), std::string::npos);
    balance::testing::TempDir dir;
    const auto other = dir.write("chess.toml", "inherits = \"" + chess->string() + R"("
[reference]
values_source = "someone else"
values = { knight = 3.5 }
)");
    auto resolved = config::resolve_variant(other, {});
    ASSERT_TRUE(resolved.ok()) << resolved.error().to_string();
    EXPECT_EQ(resolved->spec.reference.values_source, "someone else");
    EXPECT_EQ(resolved->spec_toml, shipped->spec_toml);
    // A published table of results stays part of the text, as before.
    auto asymmetric = config::resolve_variant(*config::find_variant("asymmetric"), {});
    ASSERT_TRUE(asymmetric.ok());
    EXPECT_NE(asymmetric->spec_toml.find("[reference]"), std::string::npos);
    // A published value for a piece the variant lacks is an error naming the line.
    const auto bad = dir.write("bad.toml", "inherits = \"" + chess->string() + R"("
[reference]
values_source = "x"
values = { sprite = 1.2 }
)");
    auto refused = config::resolve_variant(bad, {});
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().to_string().find("bad.toml:4: [reference] values: unknown piece "
                                               "'sprite'"),
              std::string::npos)
        << refused.error().to_string();
}

TEST(StoredRules, CanonicalTextRebuildsTheSameSpecWithoutTheFile) {
    auto file = config::find_variant("asymmetric");
    ASSERT_TRUE(file.ok());
    auto resolved = config::resolve_variant(*file, {"stalemate-win"});
    ASSERT_TRUE(resolved.ok()) << resolved.error().to_string();
    auto again = config::resolve_variant(*file, {"stalemate-win"});
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(resolved->spec_toml, again->spec_toml);
    auto rebuilt = config::spec_from_text(resolved->spec_toml, "stalemate-win", "stored");
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().to_string();
    const core::VariantSpec& a = resolved->spec;
    const core::VariantSpec& b = *rebuilt;
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.start_fen, b.start_fen);
    EXPECT_EQ(a.active_options, b.active_options);
    EXPECT_EQ(a.rules.stalemate, b.rules.stalemate);
    ASSERT_EQ(a.pieces.size(), b.pieces.size());
    for (std::size_t i = 0; i < a.pieces.size(); ++i) {
        EXPECT_EQ(a.pieces[i].name, b.pieces[i].name);
        EXPECT_EQ(a.pieces[i].betza, b.pieces[i].betza);
        EXPECT_EQ(a.pieces[i].value, b.pieces[i].value);
    }
    ASSERT_EQ(a.armies.size(), b.armies.size());
    for (std::size_t i = 0; i < a.armies.size(); ++i) {
        EXPECT_EQ(a.armies[i].name, b.armies[i].name);
        EXPECT_EQ(a.armies[i].aliases, b.armies[i].aliases);
        EXPECT_EQ(a.armies[i].letters, b.armies[i].letters);
        EXPECT_EQ(a.armies[i].promotions, b.armies[i].promotions);
    }
    // The text round-trips: written again from its own parse, it is the same text.
    auto reparsed = config::resolve_variant(*file, {"stalemate-win"});
    ASSERT_TRUE(reparsed.ok());
    EXPECT_EQ(config::spec_differences(resolved->spec_toml, reparsed->spec_toml), "");
}

TEST(StoredRules, SchemaOneIsReadAsItIsAndMigratedOnOpenForWrite) {
    TempDir dir;
    const auto db = dir.path() / "old.db";
    {
        testing::TestStore old(db);
        for (int i = 0; i < 4; ++i) {
            testing::TestGame game;
            game.white_score = i % 2 == 0 ? 1.0 : 0.5;
            game.moves = "e2e4 e7e5";
            game.plies = 2;
            old.add(game);
        }
    }
    {
        auto read = tournament::ResultStore::open_existing(db);
        ASSERT_TRUE(read.ok()) << read.error().to_string();
        EXPECT_EQ(read->schema_version(), 1);
        auto specs = read->rule_specs();
        ASSERT_TRUE(specs.ok());
        EXPECT_TRUE(specs->empty());
    }
    const std::string report_v1 =
        testing::run_balance({"report", "--db", db.string(), "--format", "md"}).out;
    EXPECT_FALSE(tournament::ResultStore::open(db).ok());  // writing needs the configs
    {
        auto written = tournament::ResultStore::open(db, config::spec_text_from_configs);
        ASSERT_TRUE(written.ok()) << written.error().to_string();
        EXPECT_EQ(written->schema_version(), tournament::kSchemaVersion);
        auto specs = written->rule_specs();
        ASSERT_TRUE(specs.ok());
        ASSERT_EQ(specs->size(), 1u);
        EXPECT_EQ((*specs)[0].origin, "migrated");
        EXPECT_EQ((*specs)[0].variant, "chess");
        auto games = written->games();
        ASSERT_TRUE(games.ok());
        for (const auto& game : *games) EXPECT_EQ(game.spec_hash, (*specs)[0].spec_hash);
    }
    EXPECT_EQ(testing::run_balance({"report", "--db", db.string(), "--format", "md"}).out,
              report_v1);
}

// A version-1 database (rules not recorded) merged with a version-2 one: the output is version
// 2, the old games get the rules of the variant files on disk (origin "migrated"), the new ones
// keep the rules they were played under, and the version-1 input is not changed.
TEST(StoredRules, MergeTakesASchemaOneInputBesideASchemaTwoOne) {
    Fixture f;
    ASSERT_EQ(f.sweep_run().status, 0);
    const auto old_db = f.dir.path() / "old.db";
    {
        testing::TestStore old(old_db);
        for (int i = 0; i < 3; ++i) {
            testing::TestGame game;
            game.white_score = 1.0;
            game.moves = "e2e4 e7e5";
            game.plies = 2;
            old.add(game);
        }
    }
    const std::string old_bytes = read_stored_text(old_db);
    const auto merged = f.dir.path() / "merged.db";
    const CliRun run =
        testing::run_balance({"merge", merged.string(), old_db.string(), f.db.string(), "--force"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(read_stored_text(old_db), old_bytes);

    auto store = tournament::ResultStore::open_existing(merged);
    ASSERT_TRUE(store.ok()) << store.error().to_string();
    EXPECT_EQ(store->schema_version(), tournament::kSchemaVersion);
    auto specs = store->rule_specs();
    ASSERT_TRUE(specs.ok());
    std::map<std::string, std::string> origin_by_variant;
    for (const auto& spec : *specs) origin_by_variant[spec.variant] = spec.origin;
    EXPECT_EQ(origin_by_variant["chess"], "migrated");
    EXPECT_EQ(origin_by_variant["stored-chess"], "sweep");
    auto games = store->games();
    ASSERT_TRUE(games.ok());
    int old_games = 0;
    for (const auto& game : *games) {
        EXPECT_FALSE(game.spec_hash.empty()) << game.game_key;
        if (game.variant == "chess") ++old_games;
    }
    EXPECT_EQ(old_games, 3);
    EXPECT_GT(games->size(), 3u);
    // The merged database reports without the stored-chess file, from its own rules.
    std::filesystem::remove(f.variant);
    const CliRun report = testing::run_balance({"report", "--db", merged.string()});
    EXPECT_EQ(report.status, 0) << report.err;
}

TEST(StoredRules, NewerSchemaIsRefusedClearly) {
    TempDir dir;
    const auto db = dir.path() / "new.db";
    {
        testing::TestStore store(db);
        store.exec("PRAGMA user_version = 9");
    }
    auto read = tournament::ResultStore::open_existing(db);
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.error().to_string().find("newer balance"), std::string::npos)
        << read.error().to_string();
    EXPECT_FALSE(tournament::ResultStore::open(db, config::spec_text_from_configs).ok());
}

}  // namespace
}  // namespace balance::cli
