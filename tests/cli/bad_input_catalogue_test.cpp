// The bad-input catalogue: one row per distinct bad input a user can give `balance` (sweep
// files, variant files, FENs, flags, databases). Every row must end in a non-zero exit and an
// error naming the file (with its line), the flag or the database, and saying what was expected;
// and a results database that exists before the command (existing.db, a finished sweep's
// database) must be byte-identical afterwards. UCI input (`balance uci`) is catalogued in
// uci_bad_input_test.cpp: the protocol requires the engine to go on, so there each bad command
// gets an `info string error:` line instead of an exit.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <sqlite3.h>

#include "../support/file_text.hpp"
#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

namespace fs = std::filesystem;

void write_bytes(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

void sql(const fs::path& db, const std::string& statements) {
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    char* message = nullptr;
    EXPECT_EQ(sqlite3_exec(handle, statements.c_str(), nullptr, nullptr, &message), SQLITE_OK)
        << (message ? message : "");
    sqlite3_free(message);
    sqlite3_close(handle);
}

// Overwrites the first byte of the page holding `table` (its b-tree page type) with 0xff, as a
// disk error would: the file stays a SQLite database whose header and run records read well.
void damage_table(const fs::path& db, const std::string& table) {
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    const std::string query =
        "SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM "
        "sqlite_master WHERE name = '" +
        table + "'";
    ASSERT_EQ(sqlite3_prepare_v2(handle, query.c_str(), -1, &stmt, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
    const auto offset = (sqlite3_column_int64(stmt, 0) - 1) * sqlite3_column_int64(stmt, 1);
    sqlite3_finalize(stmt);
    sqlite3_close(handle);
    std::string bytes = balance::testing::file_text(db);
    ASSERT_LT(static_cast<std::size_t>(offset), bytes.size());
    bytes[static_cast<std::size_t>(offset)] = '\xff';
    write_bytes(db, bytes);
}

// A sweep of random movers on orthodox chess: quick to play, and the witness database.
constexpr const char* kWitnessSweep = R"(variant = "chess"
games_per_cell = 2
[players.mover]
type = "random"
[adjudication]
max_plies = 20
)";

// Files every case may use, written beside existing.db.
constexpr const char* kGoodVariant = R"(start_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
[pieces.king]
betza = "K"
role = "king"
[armies.solo]
letters = { K = "king" }
)";

std::string sweep_with(const std::string& top, const std::string& players = R"([players.mover]
type = "random"
)") {
    return "variant = \"chess\"\n" + top + players;
}

struct BadInput {
    std::string name;
    std::vector<std::pair<std::string, std::string>> files;  // written into the case directory
    std::vector<std::string> args;                           // "{dir}" = the case directory
    std::vector<std::string> expect;                         // substrings of stderr, "{dir}" too
    std::function<void(const fs::path& dir)> prepare = {};   // extra set-up (databases)
    bool needs_permissions = false;  // file modes must bind (skipped when run as root)
};

std::ostream& operator<<(std::ostream& out, const BadInput& c) {
    return out << c.name;
}

std::string expand(std::string text, const fs::path& dir) {
    for (auto at = text.find("{dir}"); at != std::string::npos; at = text.find("{dir}"))
        text.replace(at, 5, dir.string());
    return text;
}

// ---- sweep files: `balance sweep <file> --db existing.db` ----
std::vector<BadInput> sweep_cases() {
    auto sweep = [](std::string name, std::string text, std::vector<std::string> expect) {
        return BadInput{name,
                        {{"bad.toml", std::move(text)}},
                        {"sweep", "{dir}/bad.toml", "--db", "{dir}/existing.db", "--quiet"},
                        std::move(expect)};
    };
    const std::string mover = "[players.mover]\ntype = \"random\"\n";
    return {
        sweep("SweepTomlSyntax", "variant = \"chess\"\ngames_per_cell = [\n",
              {"bad.toml:2", "TOML syntax error"}),
        sweep("SweepEmptyFile", "", {"bad.toml", "the file is empty"}),
        sweep("SweepMissingVariant", "games_per_cell = 2\n" + mover,
              {"bad.toml", "missing required key 'variant'"}),
        sweep("SweepUnknownVariant", "variant = \"chesss\"\ngames_per_cell = 2\n" + mover,
              {"bad.toml:1", "chesss", "did you mean 'chess'"}),
        sweep("SweepUnknownTopKey", sweep_with("games_per_cel = 2\n"),
              {"bad.toml:2", "unknown key 'games_per_cel'"}),
        sweep("SweepGamesPerCellZero", sweep_with("games_per_cell = 0\n"),
              {"bad.toml:2", "'games_per_cell'", "must be between 1 and"}),
        sweep("SweepGamesPerCellHuge", sweep_with("games_per_cell = 100000000\n"),
              {"bad.toml:2", "'games_per_cell'", "must be between 1 and 1000000"}),
        sweep("SweepPlanTooLarge", "variant = \"asymmetric\"\ngames_per_cell = 200000\n" + mover,
              {"bad.toml:2", "more than one sweep may plan (1000000)"}),
        sweep("SweepGamesPerCellNotInteger", sweep_with("games_per_cell = \"ten\"\n"),
              {"bad.toml:2", "'games_per_cell'", "must be an integer, not a string"}),
        sweep("SweepBothFixedAndAdaptive",
              sweep_with("games_per_cell = 2\n[adaptive]\ntarget_half_width = 0.05\nbudget = 10\n"),
              {"bad.toml:3", "set either games_per_cell or an [adaptive] table"}),
        sweep("SweepNeitherFixedNorAdaptive", sweep_with(""),
              {"bad.toml", "set either games_per_cell or an [adaptive] table"}),
        sweep("SweepAdaptiveBudgetHuge",
              sweep_with("", mover + "[adaptive]\ntarget_half_width = 0.05\nbudget = 1000000000\n"),
              {"bad.toml:6", "'budget'", "must be between 1 and 1000000"}),
        sweep("SweepAdaptiveWaveHuge",
              sweep_with("", mover + "[adaptive]\ntarget_half_width = 0.05\nbudget = 100\n"
                                     "wave_games = 100000000\n"),
              {"bad.toml:7", "'wave_games'", "must be between 1 and 1000000"}),
        sweep("SweepAdaptiveTargetTooWide",
              sweep_with("", mover + "[adaptive]\ntarget_half_width = 0.7\nbudget = 100\n"),
              {"bad.toml:5", "'target_half_width'", "between 0 and 0.5"}),
        sweep("SweepPlayerUnknownType",
              sweep_with("games_per_cell = 2\n", "[players.mover]\ntype = \"randm\"\n"),
              {"bad.toml:4", "randm", "did you mean 'random'"}),
        sweep("SweepPlayerMissingType", sweep_with("games_per_cell = 2\n", "[players.mover]\n"),
              {"bad.toml:3", "missing required key 'type'"}),
        sweep("SweepNoPlayers", "variant = \"chess\"\ngames_per_cell = 2\n",
              {"bad.toml", "missing required key 'players'"}),
        sweep("SweepMatchupUnknownPlayer",
              sweep_with("games_per_cell = 2\nmatchups = [[\"mover\", \"ghost\"]]\n"),
              {"bad.toml:3", "ghost"}),
        sweep("SweepMatchupTwice",
              sweep_with("games_per_cell = 2\nmatchups = [[\"mover\", \"mover\"], [\"mover\", "
                         "\"mover\"]]\n"),
              {"bad.toml:3", "matchup mover-mover is listed twice"}),
        sweep("SweepHashTooLarge",
              sweep_with("games_per_cell = 2\n",
                         "[players.e]\ntype = \"engine\"\nhash_mb = "
                         "1000000\n"),
              {"bad.toml:5", "'hash_mb'", "must be between 1 and 4096"}),
        sweep("SweepNodesZero",
              sweep_with("games_per_cell = 2\n", "[players.e]\ntype = \"engine\"\nnodes = 0\n"),
              {"bad.toml:5", "'nodes'", "must be between 1 and"}),
        sweep("SweepDepthTooDeep",
              sweep_with("games_per_cell = 2\n", "[players.e]\ntype = \"engine\"\ndepth = 100\n"),
              {"bad.toml:5", "'depth'", "must be between 1 and 99"}),
        sweep("SweepMisplacedPlayerKey",
              sweep_with("games_per_cell = 2\n",
                         "[players.e]\ntype = \"engine\"\ncommand = \"/bin/true\"\n"),
              {"bad.toml", "command"}),
        sweep("SweepBadName", sweep_with("name = \"my sweep!\"\ngames_per_cell = 2\n"),
              {"bad.toml:2", "sweep name 'my sweep!' may hold only"}),
        sweep("SweepUnknownRuleOption",
              sweep_with("games_per_cell = 2\n[rule_sets]\nodd = [\"stalemate-loss\"]\n"),
              {"bad.toml:4", "stalemate-loss"}),
        sweep("SweepUnknownArmyInPairings",
              sweep_with("games_per_cell = 2\npairings = [[\"fide\", \"elves\"]]\n"),
              {"bad.toml:3", "elves"}),
        sweep("SweepNegativeSeed", sweep_with("seed = -1\ngames_per_cell = 2\n"),
              {"bad.toml:2", "'seed'", "must be between 0 and"}),
        sweep("SweepEmptyMatchups", sweep_with("games_per_cell = 2\nmatchups = []\n"),
              {"bad.toml", "matchups is empty"}),
        sweep("SweepMaxPliesNegative",
              sweep_with("games_per_cell = 2\n", mover + "[adjudication]\nmax_plies = -5\n"),
              {"bad.toml:6", "'max_plies'", "must be between 0 and"}),
        sweep("SweepOpeningPliesZero",
              sweep_with("games_per_cell = 2\n",
                         mover + "[openings]\ntype = \"random-plies\"\nplies = 0\n"),
              {"bad.toml:7", "'plies'", "must be between 1 and 200"}),
        sweep("SweepOpeningsTypeCutShort",
              sweep_with("games_per_cell = 2\n", mover + "[openings]\ntype = \"random\"\n"),
              {"bad.toml:6", "'type' in [openings]", "did you mean 'random-plies'"}),
        sweep("SweepValuesFileMissing",
              sweep_with("games_per_cell = 2\n",
                         "[players.e]\ntype = \"engine\"\nnodes = 300\nvalues = "
                         "\"nosuch-values.toml\"\n"),
              {"bad.toml:6", "[players.e] values: no values file 'nosuch-values.toml'"}),
        // Fails when the engine starts: into a new database, which must not be left behind.
        BadInput{"SweepEngineMissing",
                 {{"bad.toml", sweep_with("games_per_cell = 2\n",
                                          "[players.ghost]\ntype = \"uci\"\ncommand = "
                                          "\"/nonexistent/engine\"\ndepth = 1\n")}},
                 {"sweep", "{dir}/bad.toml", "--db", "{dir}/ghost.db", "--quiet"},
                 {"ghost", "/nonexistent/engine"}},
        // `check` looks for the program before anything starts, and names the key's line.
        BadInput{
            "CheckEngineMissing",
            {{"bad.toml", sweep_with("games_per_cell = 2\n",
                                     "[players.ghost]\ntype = \"uci\"\ncommand = "
                                     "\"/nonexistent/engine\"\ndepth = 1\n")}},
            {"check", "{dir}/bad.toml"},
            {"bad.toml:5", "[players.ghost] command: program '/nonexistent/engine' not found"}},
        // Fairy-Max 5.0b exits on a board wider than 12 files: refused before any game.
        BadInput{"CheckFairymaxBoardTooWide",
                 {{"wide.toml", R"(inherits = "chess"
name = "wide"
files = 13
start_fen = "rnbqkbnrrnbrr/ppppppppppppp/13/13/13/13/PPPPPPPPPPPPP/RNBQKBNRRNBRR w - - 0 1"
[castling]
enabled = false
)"}},
                 {"check", "{dir}/fm.toml"},
                 {"{dir}/fm.toml", "[players.fm] (type = \"fairymax\")",
                  "Fairy-Max plays boards of at most 12 files and 16 ranks; this one is 13 x 8"},
                 [](const fs::path& dir) {
                     write_bytes(dir / "fm.toml", "variant = \"" + (dir / "wide.toml").string() +
                                                      "\"\ngames_per_cell = 2\n[players.fm]\n"
                                                      "type = \"fairymax\"\ndepth = 1\n");
                 }},
        BadInput{"SweepFileMissing",
                 {},
                 {"sweep", "{dir}/nowhere.toml", "--db", "{dir}/existing.db"},
                 {"{dir}/nowhere.toml", "no such sweep or file"}},
        // Names longer than a file name may be (255 bytes): the file system refuses to look
        // them up, which must read as "not found", not as an exception (found by the sweep
        // file fuzzer).
        sweep("SweepVariantNameTooLong",
              "variant = \"" + std::string(300, 'v') + "\"\ngames_per_cell = 2\n" + mover,
              {"bad.toml:1", std::string(300, 'v')}),
        // A huge unknown key: no "did you mean" search over it (that took gigabytes), and the
        // message shows its start and length rather than all of it.
        sweep("SweepUnknownKeyHuge", sweep_with(std::string(1'000'000, 'k') + " = 2\n"),
              {"bad.toml:2", "unknown key '" + std::string(32, 'k') + "...' (1000000 characters)"}),
        sweep("SweepBookNameTooLong",
              sweep_with("games_per_cell = 2\n", mover + "[openings]\ntype = \"book\"\nfile = \"" +
                                                     std::string(300, 'b') + "\"\n"),
              {"bad.toml:7", "cannot read the opening book", std::string(300, 'b')}),
    };
}

// ---- variant files: `balance check <file>` ----
std::vector<BadInput> variant_cases() {
    auto variant = [](std::string name, std::string text, std::vector<std::string> expect) {
        return BadInput{
            name, {{"v.toml", std::move(text)}}, {"check", "{dir}/v.toml"}, std::move(expect)};
    };
    const std::string head = "[pieces.king]\nbetza = \"K\"\nrole = \"king\"\n";
    const std::string army = "[armies.solo]\nletters = { K = \"king\", P = \"pawn\" }\n";
    const std::string pawn = "[pieces.pawn]\nbetza = \"fmWfcF\"\nrole = \"pawn\"\n";
    auto fen = [](const std::string& f) { return "start_fen = \"" + f + "\"\n"; };
    return {
        variant("VariantTomlSyntax", "start_fen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", {"v.toml:1"}),
        variant("VariantEmptyFile", "", {"v.toml", "the file is empty"}),
        variant("VariantOnlyComments", "# nothing here yet\n", {"v.toml", "the file is empty"}),
        variant("VariantMissingStartFen", head + army,
                {"v.toml", "missing required key 'start_fen'"}),
        variant("VariantBadBetza",
                fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + head + "[pieces.pawn]\nbetza = \"fmWq\"\n" +
                    army,
                {"v.toml:6", "betza"}),
        variant("VariantBetzaRangeOverflow",
                fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + head +
                    "[pieces.pawn]\nbetza = \"W99999999999\"\n" + army,
                {"v.toml:6", "range too large (at most 99 squares)"}),
        // Linear to compile at any length, but no piece needs more than a few dozen letters:
        // a generous limit keeps a runaway string from costing memory per letter.
        variant("VariantBetzaTooLong",
                fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + head + "[pieces.pawn]\nbetza = \"" +
                    [] {
                        std::string text;
                        for (int i = 0; i < 400; ++i) text += "fsW";
                        return text;
                    }() +
                    "\"\n" + army,
                {"v.toml:6", "piece 'pawn'", "longer than 1000 characters"}),
        variant("VariantBoardTooWide",
                "files = 17\n" + fen("4k12/17/17/17/17/17/17/4K12 w - - 0 1") + head +
                    "[armies.solo]\nletters = { K = \"king\" }\n",
                {"v.toml:1", "board 17x8 is not supported"}),
        variant("VariantBoardTooSmall",
                "files = 1\n" + fen("k/8/8/8/8/8/8/K w - - 0 1") + head +
                    "[armies.solo]\nletters = { K = \"king\" }\n",
                {"v.toml:1", "board 1x8 is not supported"}),
        variant("VariantStartFenLeadingZero",
                fen("4k3/08/8/8/8/8/8/4K3 w - - 0 1") + head + pawn + army,
                {"v.toml:1", "must not start with 0"}),
        variant("VariantPawnOnFirstRank",
                fen("4k3/8/8/8/8/8/8/P3K3 w - - 0 1") + head + pawn + army,
                {"v.toml:1", "a pawn ('P') on White's first rank, at a1"}),
        variant("VariantCastlingPastRook",
                fen("4k3/8/8/8/8/8/8/R5KR w - - 0 1") + head +
                    "[pieces.rook]\nbetza = \"R\"\n[castling]\nking_travel = 3\n" +
                    "[armies.solo]\nletters = { K = \"king\", R = \"rook\" }\n",
                {"v.toml:7", "castling: the king would travel past its rook"}),
        variant("VariantCastlingUnknownWing",
                fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1") + head +
                    "[pieces.rook]\nbetza = \"R\"\n[castling.left]\nking_to = \"b\"\n" +
                    "[armies.solo]\nletters = { K = \"king\", R = \"rook\" }\n",
                {"v.toml:7", "unknown wing 'left' in [castling] (wings: kingside, queenside)"}),
        variant("VariantCastlingKingToOffTheBoard",
                fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1") + head +
                    "[pieces.rook]\nbetza = \"R\"\n[armies.solo]\n" +
                    "letters = { K = \"king\", R = \"rook\" }\n" +
                    "[armies.solo.castling.queenside]\nking_to = \"q\"\n",
                {"v.toml:10", "king_to = \"q\" in [armies.solo.castling.queenside]",
                 "is off the board (files a-h)"}),
        variant(
            "VariantBetzaChiralHalfMixed",
            fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + head + "[pieces.pawn]\nbetza = \"hrfN\"\n" +
                army,
            {"v.toml:6", "piece 'pawn'", "the chiral half 'hr' must be the atom's only direction"}),
        variant("VariantNoKingInStart", fen("8/8/8/8/8/8/8/4K3 w - - 0 1") + head + pawn + army,
                {"v.toml:1", "a side has no king"}),
        variant("VariantTwoKings", fen("4k3/8/8/8/8/8/8/3KK3 w - - 0 1") + head + pawn + army,
                {"v.toml:1", "more than one king"}),
        variant("VariantLetterNotInArmy",
                fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1") + head + pawn + army,
                {"v.toml:1", "letter 'Q' is not in army 'solo'"}),
        variant("VariantRankCount", fen("4k3/8/8/8/8/8/4K3 w - - 0 1") + head + pawn + army,
                {"v.toml:1", "the board must have 8 ranks of 8 files"}),
        variant("VariantPieceInNoArmy",
                fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + head + pawn +
                    "[armies.solo]\nletters = { P = \"pawn\" }\n",
                {"v.toml:3", "piece 'king' is used by no army"}),
        variant("VariantUnknownPiece",
                fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + head +
                    "[armies.solo]\nletters = { K = \"king\", U = \"unicorn\" }\n",
                {"v.toml:6", "unknown piece 'unicorn'"}),
        variant("VariantUnknownKey", "rank = 9\n" + fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + head,
                {"v.toml:1", "unknown key 'rank'"}),
        variant("VariantBadRole",
                fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") +
                    "[pieces.king]\nbetza = \"K\"\nrole = \"kng\"\n[armies.solo]\nletters = "
                    "{ K = \"king\" }\n",
                {"v.toml:4", "kng"}),
        variant("VariantBonusUnknownPiece",
                fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + head + army + pawn +
                    "[[bonuses]]\npieces = [\"bishop\"]\nvalue = 0.5\n",
                {"v.toml:11", "unknown piece 'bishop'"}),
        BadInput{"VariantMissing",
                 {},
                 {"check", "{dir}/nowhere.toml"},
                 {"{dir}/nowhere.toml", "no such file, variant or sweep"}},
    };
}

// ---- FENs: `balance perft --variant chess --fen <FEN> -d 1` ----
std::vector<BadInput> fen_cases() {
    auto fen = [](std::string name, std::string text, std::vector<std::string> expect) {
        expect.insert(expect.begin(), "FEN '" + text + "'");
        return BadInput{
            name, {}, {"perft", "--variant", "chess", "--fen", text, "-d", "1"}, std::move(expect)};
    };
    const std::string board = "4k3/8/8/8/8/8/8/4K3";
    return {
        fen("FenNegativeFullmove", board + " w - - 0 -3", {"fullmove number '-3'"}),
        fen("FenZeroFullmove", board + " w - - 0 0", {"fullmove number '0'"}),
        fen("FenTextHalfmove", board + " w - - x 1", {"halfmove clock 'x'"}),
        fen("FenHugeFullmove", board + " w - - 0 99999999999", {"fullmove number"}),
        fen("FenRankDigitWithZero", "4k3/08/8/8/8/8/8/4K3 w - - 0 1", {"must not start with 0"}),
        fen("FenRankDigitOverflow", "4k3/99999999999/8/8/8/8/8/4K3 w - - 0 1",
            {"rank 7 is longer than 8 files"}),
        fen("FenUnclosedArmyBrace", board + " w - - 0 1 {W:fide B:fide",
            {"army metadata '{W:fide B:fide' has no closing '}'"}),
        fen("FenWrongArmy", board + " w - - 0 1 {W:elves}", {"FEN names army 'elves'"}),
        fen("FenSideToMove", board + " x - - 0 1", {"side to move must be 'w' or 'b'"}),
        fen("FenTooManyRanks", "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", {"more than 8 ranks"}),
        fen("FenUnknownLetter", "4k3/8/8/8/8/8/8/4K2Z w - - 0 1", {"piece letter 'Z'"}),
        fen("FenTwoWhiteKings", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            {"White must have exactly one king, has 2"}),
        fen("FenCastlingWithoutRook", board + " w K - 0 1", {"castling right 'K' needs"}),
        fen("FenBadEnPassant", board + " w - z9 0 1", {"bad e.p. square 'z9'"}),
        fen("FenSideNotToMoveInCheck", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            {"not to move is in check"}),
        fen("FenPawnOnLastRank", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", {"promotion rank"}),
        fen("FenOnlyTheBoard", board, {"FEN needs at least the board and the side to move"}),
        fen("FenJunkAfterFullmove", board + " w - - 0 1 junk", {"'junk'", "after the FEN"}),
        fen("FenJunkAfterArmies", board + " w - - 0 1 {W:fide B:fide} junk",
            {"'junk'", "after the FEN"}),
        fen("FenJunkBraces", board + " w - - 0 1 }{W:dwarves", {"'}{W:dwarves'", "after the FEN"}),
    };
}

// ---- flags ----
std::vector<BadInput> flag_cases() {
    auto flags = [](std::string name, std::vector<std::string> args,
                    std::vector<std::string> expect) {
        return BadInput{name, {}, std::move(args), std::move(expect)};
    };
    return {
        flags("FlagConfidenceNaN", {"report", "--db", "{dir}/existing.db", "--confidence", "nan"},
              {"--confidence", "nan is not in [0.5, 0.9999]"}),
        flags("FlagConfidenceOutOfRange",
              {"report", "--db", "{dir}/existing.db", "--confidence", "1.5"}, {"--confidence"}),
        flags("FlagUnitValueNaN", {"values", "--db", "{dir}/existing.db", "--unit-value", "nan"},
              {"--unit-value", "nan is not a finite number above 0"}),
        flags("FlagUnitValueZero", {"values", "--db", "{dir}/existing.db", "--unit-value", "0"},
              {"--unit-value", "0 is not a finite number above 0"}),
        flags("FlagUnitValueInf", {"values", "--db", "{dir}/existing.db", "--unit-value", "inf"},
              {"--unit-value"}),
        flags("FlagSprtMarginNaN",
              {"sprt", "--db", "{dir}/existing.db", "--white", "fide", "--black", "fide",
               "--margin", "nan"},
              {"--margin", "nan is not in"}),
        flags("FlagThreadsZero",
              {"sweep", "{dir}/witness.toml", "--db", "{dir}/existing.db", "--threads", "0"},
              {"--threads"}),
        flags("FlagShardOutOfRange",
              {"sweep", "{dir}/witness.toml", "--db", "{dir}/existing.db", "--shard", "3/2"},
              {"--shard", "shard must be K/N with 1 <= K <= N"}),
        flags("FlagMaxGamesNegative",
              {"sweep", "{dir}/witness.toml", "--db", "{dir}/existing.db", "--max-games", "-1"},
              {"--max-games"}),
        flags("FlagEngineLogMbNegative",
              {"sweep", "{dir}/witness.toml", "--db", "{dir}/existing.db", "--engine-log-mb", "-1"},
              {"--engine-log-mb"}),
        flags("FlagReportFormat", {"report", "--db", "{dir}/existing.db", "--format", "xml"},
              {"--format", "xml"}),
        flags("FlagBootstrapNegative", {"values", "--db", "{dir}/existing.db", "--bootstrap", "-1"},
              {"--bootstrap"}),
        BadInput{"FlagThreadsTimesHashTooLarge",
                 {{"hashy.toml",
                   sweep_with("games_per_cell = 2\n",
                              "[players.e]\ntype = \"engine\"\nnodes = 100\nhash_mb = 4096\n")}},
                 {"sweep", "{dir}/hashy.toml", "--db", "{dir}/hashy.db", "--threads", "1024"},
                 {"--threads", "need 8388608 MB of hash tables"}},
        flags("FlagUnknownSubcommand", {"sweeps", "{dir}/witness.toml"}, {"sweeps"}),
        flags("FlagPerftDepthHuge", {"perft", "--variant", "chess", "-d", "1000"}, {"--depth"}),
        flags("FlagUnknownVariant", {"perft", "--variant", "chesss", "-d", "1"},
              {"chesss", "no such variant or file"}),
        flags("FlagExportUnknownCell",
              {"export", "--db", "{dir}/existing.db", "--pgn", "{dir}/out.pgn", "--cell", "nope"},
              {"--cell", "no games in cell 'nope'"}),
    };
}

// ---- databases ----
std::vector<BadInput> database_cases() {
    return {
        BadInput{"DbNotSqlite",
                 {{"notes.db", "these are my notes, not a database\n"}},
                 {"report", "--db", "{dir}/notes.db"},
                 {"{dir}/notes.db", "not a database"}},
        BadInput{"DbNotSqliteForSweep",
                 {{"notes.db", "these are my notes, not a database\n"}},
                 {"sweep", "{dir}/witness.toml", "--db", "{dir}/notes.db", "--quiet"},
                 {"{dir}/notes.db", "not a database"}},
        BadInput{"DbTruncated",
                 {},
                 {"report", "--db", "{dir}/truncated.db"},
                 {"{dir}/truncated.db"},
                 [](const fs::path& dir) {
                     const std::string bytes = balance::testing::file_text(dir / "existing.db");
                     write_bytes(dir / "truncated.db", bytes.substr(0, bytes.size() / 2));
                 }},
        // (More games per cell would not be another sweep: it extends the stored one.)
        BadInput{"DbOfAnotherSweep",
                 {{"other.toml", sweep_with("games_per_cell = 3\nseed = 99\n")}},
                 {"sweep", "{dir}/other.toml", "--db", "{dir}/existing.db", "--quiet"},
                 {"{dir}/existing.db", "differs in: name, seed, adjudication", "--force"}},
        // Refused before anything is written (the refusal used to come after the journal mode
        // was switched, which changed header bytes).
        BadInput{"DbDamagedForSweep",
                 {},
                 {"sweep", "{dir}/witness.toml", "--db", "{dir}/damaged.db", "--quiet"},
                 {"{dir}/damaged.db", "is damaged"},
                 [](const fs::path& dir) {
                     fs::copy_file(dir / "existing.db", dir / "damaged.db");
                     damage_table(dir / "damaged.db", "games");
                 }},
        BadInput{"DbDamagedIndexForSweep",
                 {},
                 {"sweep", "{dir}/witness.toml", "--db", "{dir}/damaged.db", "--quiet"},
                 {"{dir}/damaged.db", "is damaged"},
                 [](const fs::path& dir) {
                     fs::copy_file(dir / "existing.db", dir / "damaged.db");
                     damage_table(dir / "damaged.db", "games_cell");
                 }},
        BadInput{"DbDamagedForMerge",
                 {},
                 {"merge", "{dir}/damaged.db", "{dir}/existing.db"},
                 {"{dir}/damaged.db", "is damaged"},
                 [](const fs::path& dir) {
                     fs::copy_file(dir / "existing.db", dir / "damaged.db");
                     damage_table(dir / "damaged.db", "games_cell");
                 }},
        BadInput{"DbNewerSchema",
                 {},
                 {"report", "--db", "{dir}/newer.db"},
                 {"{dir}/newer.db", "schema version 99"},
                 [](const fs::path& dir) {
                     fs::copy_file(dir / "existing.db", dir / "newer.db");
                     sql(dir / "newer.db", "PRAGMA user_version = 99;");
                 }},
        BadInput{"DbNewerSchemaForSweep",
                 {},
                 {"sweep", "{dir}/witness.toml", "--db", "{dir}/newer.db", "--quiet"},
                 {"{dir}/newer.db", "schema version 99"},
                 [](const fs::path& dir) {
                     fs::copy_file(dir / "existing.db", dir / "newer.db");
                     sql(dir / "newer.db", "PRAGMA user_version = 99;");
                 }},
        BadInput{"DbSomeoneElsesSqlite",
                 {},
                 {"sweep", "{dir}/witness.toml", "--db", "{dir}/theirs.db", "--quiet"},
                 {"{dir}/theirs.db", "not a balance results database"},
                 [](const fs::path& dir) {
                     sql(dir / "theirs.db",
                         "CREATE TABLE recipes (name TEXT); INSERT INTO "
                         "recipes VALUES ('bread');");
                 }},
        BadInput{"DbSomeoneElsesSqliteForReport",
                 {},
                 {"report", "--db", "{dir}/theirs.db"},
                 {"{dir}/theirs.db", "not a balance results database"},
                 [](const fs::path& dir) {
                     sql(dir / "theirs.db", "CREATE TABLE recipes (name TEXT);");
                 }},
        BadInput{"DbReadOnlyForSweep",
                 {},
                 {"sweep", "{dir}/witness.toml", "--db", "{dir}/locked.db", "--quiet"},
                 {"{dir}/locked.db", "readonly"},
                 [](const fs::path& dir) {
                     fs::copy_file(dir / "existing.db", dir / "locked.db");
                     fs::permissions(dir / "locked.db", fs::perms::owner_read);
                 },
                 true},
        BadInput{"DbMissing",
                 {},
                 {"report", "--db", "{dir}/nowhere.db"},
                 {"{dir}/nowhere.db", "no such results database"}},
        BadInput{"DbMissingDirectory",
                 {},
                 {"values", "--db", "{dir}/no/such/dir/x.db"},
                 {"{dir}/no/such/dir/x.db", "no such results database"}},
        BadInput{"DbResumeWithoutDatabase",
                 {},
                 {"sweep", "{dir}/witness.toml", "--db", "{dir}/fresh.db", "--resume"},
                 {"{dir}/fresh.db", "nothing to resume"}},
        BadInput{"DbMergeNotSqlite",
                 {{"notes.db", "not a database at all\n"}},
                 {"merge", "{dir}/existing.db", "{dir}/notes.db"},
                 {"{dir}/notes.db", "not a database"}},
        BadInput{"DbMergeIntoItself",
                 {},
                 {"merge", "{dir}/existing.db", "{dir}/existing.db"},
                 {"{dir}/existing.db", "the output is also an input"}},
        BadInput{"DbSweepIntoDirectory",
                 {},
                 {"sweep", "{dir}/witness.toml", "--db", "{dir}"},
                 {"{dir}", "is a directory, not a results database file"}},
        BadInput{"DbReportOnDirectory",
                 {},
                 {"report", "--db", "{dir}"},
                 {"{dir}", "is a directory, not a results database file"}},
        BadInput{"DbMergeIntoDirectory",
                 {},
                 {"merge", "{dir}", "{dir}/existing.db"},
                 {"{dir}", "is a directory, not a results database file"}},
        // A FIFO as --db: SQLite's open would wait for a writer on the other end forever.
        BadInput{"DbSweepIntoFifo",
                 {},
                 {"sweep", "{dir}/witness.toml", "--db", "{dir}/pipe"},
                 {"{dir}/pipe", "is not a regular file"},
                 [](const fs::path& dir) { ASSERT_EQ(mkfifo((dir / "pipe").c_str(), 0600), 0); }},
        BadInput{"DbReportOnFifo",
                 {},
                 {"report", "--db", "{dir}/pipe"},
                 {"{dir}/pipe", "is not a regular file"},
                 [](const fs::path& dir) { ASSERT_EQ(mkfifo((dir / "pipe").c_str(), 0600), 0); }},
        BadInput{"DbMergeIntoFifo",
                 {},
                 {"merge", "{dir}/pipe", "{dir}/existing.db"},
                 {"{dir}/pipe", "is not a regular file"},
                 [](const fs::path& dir) { ASSERT_EQ(mkfifo((dir / "pipe").c_str(), 0600), 0); }},
        BadInput{"DbMergeFromDirectory",
                 {},
                 {"merge", "{dir}/merged.db", "{dir}/shards"},
                 {"{dir}/shards", "is a directory, not a results database file"},
                 [](const fs::path& dir) { fs::create_directories(dir / "shards"); }},
        // Calibrate reads its round players' games back: another sweep's database is refused.
        BadInput{"DbOfASweepForCalibrate",
                 {{"cal.toml", R"(variant = "chess"
games_per_cell = 2
[players.tiny]
type = "engine"
nodes = 100
[calibrate]
player = "tiny"
)"}},
                 {"calibrate", "{dir}/cal.toml", "--db", "{dir}/existing.db", "--quiet"},
                 {"{dir}/existing.db", "holds games of 'witness'", "not of this calibration"}},
        BadInput{"DbNameTooLongForSweep",
                 {},
                 {"sweep", "{dir}/witness.toml", "--db", "{dir}/" + std::string(300, 'd') + ".db",
                  "--quiet"},
                 {"{dir}/" + std::string(300, 'd') + ".db", "File name too long"}},
        BadInput{"DbNameTooLongForReport",
                 {},
                 {"report", "--db", "{dir}/" + std::string(300, 'd') + ".db"},
                 {"{dir}/" + std::string(300, 'd') + ".db", "File name too long"}},
        BadInput{"DbMergeOutputNameTooLong",
                 {},
                 {"merge", "{dir}/" + std::string(300, 'd') + ".db", "{dir}/existing.db"},
                 {"{dir}/" + std::string(300, 'd') + ".db", "File name too long"}},
    };
}

// ---- fix and calibration files, output paths: `balance check`, `fix`, `calibrate`, ... ----
std::vector<BadInput> search_cases() {
    // Line 6 holds the key each case adds: the [fix] table's first line.
    const std::string fix_head =
        "variant = \"chess\"\n[players.tiny]\ntype = \"engine\"\nnodes = 300\n[fix]\n";
    const std::string fix_tail = "margin = 0.1\nbudget = 100\nround_games = 10\n";
    auto fix = [&](std::string name, std::string line, std::vector<std::string> expect) {
        return BadInput{name,
                        {{"bad.toml", fix_head + line + fix_tail}},
                        {"check", "{dir}/bad.toml"},
                        std::move(expect)};
    };
    const std::string calibration =
        "variant = \"chess\"\ngames_per_cell = 2\n[players.tiny]\ntype = \"engine\"\n"
        "nodes = 300\n[calibrate]\nplayer = \"tiny\"\n";
    return {
        fix("FixTargetNan", "target = nan\n",
            {"bad.toml:6", "'target' in [fix] must be a finite number, not nan"}),
        BadInput{"FixMarginInf",
                 {{"bad.toml", fix_head + "margin = inf\nbudget = 100\nround_games = 10\n"}},
                 {"check", "{dir}/bad.toml"},
                 {"bad.toml:6", "'margin' in [fix] must be a finite number, not inf"}},
        fix("FixConfidenceNan", "confidence = nan\n",
            {"bad.toml:6", "'confidence' in [fix] must be a finite number"}),
        fix("FixBandBeyondOne", "target = 0.95\n",
            {"bad.toml:7", "the band target +- margin = [0.85, 1.05] must lie within"}),
        fix("FixCandidateCapBelowOneRound", "max_candidate_games = 5\n",
            {"bad.toml:6", "max_candidate_games = 5 is less than one round of a candidate"}),
        fix("FixConfidenceAboveDropConfidence", "confidence = 0.995\n",
            {"bad.toml:6", "confidence = 0.995 is above drop_confidence = 0.99"}),
        fix("FixPiecesEmpty", "pieces = []\n", {"bad.toml:6", "[fix] pieces is empty"}),
        BadInput{"FixIntoDirectory",  // a budget for the 127 candidates: the database is next
                 {{"fix.toml", fix_head + "margin = 0.1\nbudget = 1000\nround_games = 10\n"}},
                 {"fix", "{dir}/fix.toml", "--db", "{dir}", "--quiet"},
                 {"{dir}", "is a directory, not a results database file"}},
        BadInput{"FixHtmlIntoDirectory",
                 {{"fix.toml", fix_head + fix_tail}},
                 {"fix", "{dir}/fix.toml", "--db", "{dir}/fix.db", "--quiet", "--html", "{dir}"},
                 {"{dir}", "is a directory: give the output file's name"}},
        BadInput{"CalibrateIntoDirectory",
                 {{"cal.toml", calibration}},
                 {"calibrate", "{dir}/cal.toml", "--db", "{dir}", "--quiet"},
                 {"{dir}", "is a directory, not a results database file"}},
        BadInput{"CalibrateValuesIntoDirectory",
                 {{"cal.toml", calibration}},
                 {"calibrate", "{dir}/cal.toml", "--db", "{dir}/cal.db", "--quiet",
                  "--write-values", "{dir}"},
                 {"{dir}", "is a directory: give the output file's name"}},
        BadInput{"CalibrateOddsStartsWithoutBook",
                 {{"cal.toml", calibration + "method = \"odds-starts\"\n"}},
                 {"check", "{dir}/cal.toml"},
                 {"cal.toml:8", "method = \"odds-starts\"", "[openings] type = \"book\""}},
        BadInput{"OpeningsImbalanceNodesHuge",
                 {{"bad.toml", sweep_with("games_per_cell = 2\n[openings]\ntype = "
                                          "\"random-plies\"\nplies = 2\nimbalance_nodes = "
                                          "1000000000000000\n")}},
                 {"check", "{dir}/bad.toml"},
                 {"bad.toml:6", "'imbalance_nodes'", "must be between 1 and 1000000"}},
        BadInput{"VariantBoardSizeFromTheInheritingFile",
                 {{"base.toml", "files = 8\nranks = 8\n" + std::string(kGoodVariant)},
                  {"v.toml", "inherits = \"base\"\nranks = 17\n"}},
                 {"check", "{dir}/v.toml"},
                 {"v.toml:2", "board 8x17 is not supported"}},
        BadInput{"ReportOutIntoDirectory",
                 {},
                 {"report", "--db", "{dir}/existing.db", "--out", "{dir}"},
                 {"{dir}", "is a directory: give the output file's name"}},
        BadInput{"ExportPgnIntoDirectory",
                 {},
                 {"export", "--db", "{dir}/existing.db", "--pgn", "{dir}"},
                 {"{dir}", "is a directory: give the output file's name"}},
        BadInput{"ExportPgnBelowAFile",
                 {{"notes.txt", "a file, not a directory\n"}},
                 {"export", "--db", "{dir}/existing.db", "--pgn", "{dir}/notes.txt/out.pgn"},
                 {"{dir}/notes.txt/out.pgn", "Not a directory"}},
    };
}

std::vector<BadInput> all_cases() {
    std::vector<BadInput> all;
    for (auto part : {sweep_cases(), variant_cases(), fen_cases(), flag_cases(), database_cases(),
                      search_cases()})
        all.insert(all.end(), part.begin(), part.end());
    return all;
}

class BadInputCatalogue : public ::testing::TestWithParam<BadInput> {
  protected:
    // The witness database is played once per process (by the first case), then copied into
    // each case directory. (TempDir needs a running test, so the directory is made here.)
    static const fs::path& witness_dir() {
        static const fs::path dir = [] {
            const fs::path made =
                fs::temp_directory_path() / ("balance-witness-" + std::to_string(::getpid()));
            fs::remove_all(made);
            fs::create_directories(made);
            write_bytes(made / "witness.toml", kWitnessSweep);
            const auto run = testing::run_balance({"sweep", (made / "witness.toml").string(),
                                                   "--db", (made / "existing.db").string(),
                                                   "--threads", "1", "--quiet"});
            EXPECT_EQ(run.status, 0) << run.err;
            return made;
        }();
        return dir;
    }
    static void TearDownTestSuite() {
        std::error_code error;
        fs::remove_all(
            fs::temp_directory_path() / ("balance-witness-" + std::to_string(::getpid())), error);
    }
};

TEST_P(BadInputCatalogue, ClearErrorNonZeroExitDatabaseUntouched) {
    const BadInput& c = GetParam();
    if (c.needs_permissions && ::geteuid() == 0) GTEST_SKIP() << "root ignores file modes";
    balance::testing::TempDir dir;
    fs::copy_file(witness_dir() / "existing.db", dir.path() / "existing.db");
    fs::copy_file(witness_dir() / "witness.toml", dir.path() / "witness.toml");
    dir.write("good-variant.toml", kGoodVariant);
    for (const auto& [name, text] : c.files) dir.write(name, text);
    if (c.prepare) c.prepare(dir.path());
    // Every database in the directory, byte for byte, before the command.
    std::vector<std::pair<fs::path, std::string>> before;
    for (const auto& entry : fs::directory_iterator(dir.path()))
        if (entry.path().extension() == ".db")
            before.emplace_back(entry.path(), balance::testing::file_text(entry.path()));

    std::vector<std::string> args;
    for (const auto& arg : c.args) args.push_back(expand(arg, dir.path()));
    const auto run = testing::run_balance(args);

    EXPECT_NE(run.status, 0) << run.out << run.err;
    for (const auto& part : c.expect)
        EXPECT_NE(run.err.find(expand(part, dir.path())), std::string::npos)
            << "expected '" << expand(part, dir.path()) << "' in:\n"
            << run.err;
    EXPECT_EQ(run.err.find("internal error"), std::string::npos) << run.err;
    for (const auto& [file, bytes] : before) {
        EXPECT_TRUE(balance::testing::file_text(file) == bytes) << file << " changed";
        EXPECT_FALSE(fs::exists(file.string() + "-wal")) << file << " got a WAL file";
    }
    // A command that fails leaves no new database behind.
    for (const auto& entry : fs::directory_iterator(dir.path())) {
        bool known = entry.path().extension() != ".db";
        for (const auto& [file, bytes] : before) known = known || file == entry.path();
        EXPECT_TRUE(known) << "left a new database " << entry.path();
    }
}

INSTANTIATE_TEST_SUITE_P(Catalogue, BadInputCatalogue, ::testing::ValuesIn(all_cases()),
                         [](const auto& info) { return info.param.name; });

TEST(BadInputCatalogueSize, HoldsAtLeastSixtyDistinctInputs) {
    EXPECT_GE(all_cases().size(), 60u);
}

}  // namespace
}  // namespace balance::cli

namespace balance::cli {
namespace {

// Runs the built binary through sh (for ulimit), returning its exit status and stderr.
testing::CliRun run_binary_with_shell(const std::string& prefix, const std::string& args,
                                      const fs::path& err_file) {
    const std::string command = prefix + " exec " + BALANCE_BINARY_DIR + "/app/balance " + args +
                                " >/dev/null 2>" + err_file.string();
    const int status = std::system(("sh -c '" + command + "'").c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), "",
            balance::testing::file_text(err_file)};
}

// A full disk while the results are written: the file-size limit (ulimit -f, SIGXFSZ ignored)
// makes SQLite's writes fail as on a full disk (200 blocks: room for the schema, the rules and
// a game or two, measured). The sweep must stop with an error naming the
// database, keep every game it committed, and finish on resume once there is room again.
TEST(BadInputDiskFull, StopsWithAnErrorAndResumes) {
    balance::testing::TempDir dir;
    const auto sweep = dir.write("filling.toml", R"(variant = "chess"
games_per_cell = 60
[players.mover]
type = "random"
[adjudication]
max_plies = 200
)");
    const auto db = dir.path() / "filling.db";
    const std::string args =
        "sweep " + sweep.string() + " --db " + db.string() + " --threads 1 --quiet";
    const auto full =
        run_binary_with_shell("ulimit -f 200; trap \"\" XFSZ;", args, dir.path() / "err1.txt");
    EXPECT_NE(full.status, 0) << full.err;
    EXPECT_NE(full.err.find(db.string()), std::string::npos) << full.err;
    EXPECT_EQ(full.err.find("internal error"), std::string::npos) << full.err;
    const auto resumed = run_binary_with_shell("", args + " --resume", dir.path() / "err2.txt");
    EXPECT_EQ(resumed.status, 0) << resumed.err;
    const auto report = testing::run_balance({"report", "--db", db.string(), "--format", "json"});
    EXPECT_EQ(report.status, 0) << report.err;
    EXPECT_NE(report.out.find("\"games\": 60"), std::string::npos) << report.out.substr(0, 600);
}

}  // namespace
}  // namespace balance::cli
