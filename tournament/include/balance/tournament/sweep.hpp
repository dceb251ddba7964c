#pragma once
// A sweep, resolved: what a sweep file (configs/sweeps/*.toml, read by app/) says once every
// default is filled in and every variant rule set is loaded. Plain data; the tournament module
// never reads TOML.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "balance/core/spec.hpp"
#include "balance/players/engine/search_types.hpp"
#include "balance/players/external/process.hpp"
#include "balance/players/player.hpp"

namespace balance::tournament {

// Fairymax, Sjaakii: Fairy-Max or SjaakII over XBoard with definitions written from the variant
// file (players/external/fairymax_player.hpp, sjaakii_player.hpp); their ExternalSpec holds the
// program, timeouts and logs. FairyStockfish: a current Fairy-Stockfish under Node over UCI, from
// a variants.ini written and verified likewise (fairy_stockfish_player.hpp); its command is Node.
enum class PlayerKind { Engine, Random, Greedy, Uci, Xboard, Fairymax, Sjaakii, FairyStockfish };

// Players whose engine definitions are written from the variant file.
[[nodiscard]] inline bool writes_definitions(PlayerKind kind) {
    return kind == PlayerKind::Fairymax || kind == PlayerKind::Sjaakii ||
           kind == PlayerKind::FairyStockfish;
}

// External engines: a process the harness talks to (Uci, Xboard, Fairymax, Sjaakii).
[[nodiscard]] inline bool is_external(PlayerKind kind) {
    return kind == PlayerKind::Uci || kind == PlayerKind::Xboard || writes_definitions(kind);
}

[[nodiscard]] const char* player_kind_name(PlayerKind kind);

// How to run an external engine.
struct ExternalSpec {
    std::vector<std::string> command;                          // program and arguments
    std::string working_dir;                                   // empty: the current directory
    std::vector<std::pair<std::string, std::string>> options;  // UCI setoption / XBoard option
    // UCI_Variant or XBoard `variant`; empty: none. "{white}" and "{black}" stand for the
    // game's armies (through army_names), for engines with one variant per pairing:
    // Fairy-Max's "asym-{white}-{black}" -> "asym-elf-orc".
    std::string variant;
    std::map<std::string, std::string> army_names;  // our army name -> the engine's
    std::string variant_path;      // UCI VariantPath (Fairy-Stockfish), set before the variant
    int timeout_margin_ms = 2000;  // added to every derived search deadline
    // The deadline of a move when no limit bounds its time (depth alone): a hanging engine
    // loses the game after this long.
    int depth_timeout_ms = 60'000;
    // uci/uciok, feature done=1, isready/readyok, ping/pong, and a protocol-1 test move.
    int handshake_timeout_ms = 10'000;
    // Where the engine's stderr is appended (every worker's instance, restarts included); empty:
    // discarded. Set by the caller from the database path, not read from the sweep file, and
    // not part of the sweep's identity (moving a database does not make it another sweep).
    std::string stderr_log;
    // The cap of that log (ProcessOptions::stderr_log_max_bytes; 0: none). Set by the caller too
    // (`balance sweep --engine-log-mb`), not part of the sweep's identity.
    std::uint64_t stderr_log_max_bytes = players::external::kDefaultStderrLogMaxBytes;
};

// One named player of the sweep, with the limits it searches under (odds games: two players
// with different limits).
//
// Strength ladders: a player whose limit is a list in the sweep file (nodes = [4000, 16000])
// becomes one PlayerSpec per value, a rung, named "<player>:<limit>=<value>"
// ("balance:nodes=4000"; see ladder.hpp). Written names hold only a-z, 0-9, '-' and '_', so
// the ':' tells a rung apart, and a rung's name never holds the key separators '|', '#', '@'.
struct PlayerSpec {
    std::string name;  // the sweep's name for it, stored as white_player/black_player
    PlayerKind kind = PlayerKind::Engine;
    players::SearchLimits limits;
    std::string ladder;  // a rung: the player's name in the sweep file; empty otherwise
    int rung = 0;        // a rung: its index on the ladder, weakest first
    // Internal engine only.
    int hash_mb = 16;  // the internal engine's and Fairy-Stockfish's
    int threads = 1;   // Fairy-Stockfish's search threads
    // Fairy-Stockfish: the package's folder; empty: the default (fairy_stockfish_runtime.hpp).
    std::string module_dir;
    int random_plies = 8;
    int random_margin_cp = 25;
    players::engine::EvalTerms eval = players::engine::EvalTerms::Full;
    // Piece values the engine plays by instead of the variant file's (EngineOptions::
    // piece_values, in the variant's value_unit); empty: the documented values. Part of the
    // player's identity (stored with its settings), so two players differing only in values
    // can be matched and told apart.
    std::map<std::string, double> piece_values;
    std::string values_file;  // where they were read from, for messages; "" when inline
    // The evaluation's weights from an evaluation file (`eval = "FILE"`); none: the hand-set
    // ones. Part of the player's identity, like its piece values.
    std::optional<players::engine::EvalWeights> eval_weights;
    std::string eval_file;      // where they were read from, as the sweep file names it
    std::string command_where;  // file:line of its program (`command`, or its table), for messages
    // External engines only.
    ExternalSpec external;
    // The sweep stops (with an error naming the engine) when this player's engine cannot be
    // started, or loses on time, this many times in a row: an outage or a hanging engine must
    // not turn the rest of the sweep into forfeits or into hours of timeouts.
    int max_failures_in_row = 3;

    // Names it in errors: "player 'fsf'", plus " (uci engine /usr/games/fairy-stockfish)".
    [[nodiscard]] std::string label() const;
};

// A named selection of the variant's rule options, loaded into a spec.
struct RuleSet {
    std::string name;                  // "baseline", "stalemate-win"
    std::vector<std::string> options;  // as written in the sweep file
    core::VariantSpec spec;            // spec.active_options: the canonical selection
    // The complete resolved variant document `spec` was read from, written canonically (the
    // same rules give the same text): stored with the games, so readers need nothing from
    // configs/. Filled by the loader.
    std::string spec_toml;
    // "" normally. "@<first 8 hex digits of hash()>" when the database already holds games of
    // these rules played under another spec and `--force` keeps the new games in cells of
    // their own (set by assign_spec_cells).
    std::string cell_suffix;

    // spec.active_options joined with "," ("" = the variant's defaults): the `rules` column.
    [[nodiscard]] std::string rules() const;
    // The rules field of its cells' keys: rules() + cell_suffix.
    [[nodiscard]] std::string cell_rules() const { return rules() + cell_suffix; }
    // spec_hash(spec_toml): the rule_specs row of its games.
    [[nodiscard]] std::string hash() const;
};

struct Pairing {
    std::string white;  // canonical army names
    std::string black;
};

struct Matchup {
    std::string white;  // player names
    std::string black;
    // Neighbouring rungs of one ladder against each other (Sweep::rung_gap_games): played in the
    // mirror pairings only, when the sweep has any, and reported as the Elo between rungs.
    bool rung_gap = false;
};

struct OpeningSpec {
    enum class Kind { None, RandomPlies, Book };
    Kind kind = Kind::None;
    // Uniformly random legal moves from the start (RandomPlies: required) or after the book
    // position (Book: optional, 0 = none).
    int plies = 0;
    // Redraw the random plies while a quick search of the internal engine scores the position
    // beyond this many centipawns either way (Book: beyond the book position's own score);
    // 0 = no filter.
    int max_imbalance_cp = 0;
    // And while it scores the position within this many centipawns (0 = no lower bound): openings
    // that favour one side, for matches between players, where each opening is played with both
    // colours and its pair of games is scored together (an opening's bias then cancels within
    // the pair and narrows the paired interval; a balance study keeps level openings).
    int min_imbalance_cp = 0;
    std::uint64_t imbalance_nodes = 2000;
    int attempts = 50;  // draws before the window counts as missed
    // Where the window lies. Start: around the start position's own score by the same search
    // (the first move's edge is the variant's, not the opening's); Zero: around 0, which keeps
    // preferentially the openings whose random plies threw that edge away (sweeps before the
    // option). A book's window always lies around the book position's own score.
    enum class Centre { Start, Zero };
    Centre centre = Centre::Start;
    // When no draw of `attempts` lands in the window. Closest: play the closest one seen (the
    // game is marked as such in the store); Refuse: the game is an error naming its cell, and
    // the sweep stops before playing it.
    enum class OnMiss { Closest, Refuse };
    OnMiss on_miss = OnMiss::Closest;
    // Rule sets with free placement, whose first moves place the back ranks. Plies: the random
    // plies are those placements (White's first ones, as White places all its pieces before
    // Black); Random: both sides' placements are drawn at random first, then `plies` random
    // moves of play, and the window is applied after them.
    enum class Placement { Plies, Random };
    Placement placement = Placement::Plies;
    std::string book_file;          // Book: the EPD/FEN file as given
    std::vector<std::string> book;  // Book: its positions, game i plays book[i % size]
};

struct AdjudicationSpec {
    int max_plies = 400;  // plies played from the start position of the game; 0 = off
    struct Resign {
        bool enabled = true;
        int score_cp = 800;  // both sides' scores beyond this, for the winner ...
        int moves = 4;       // ... over this many consecutive moves of each side
    } resign;
    struct Draw {
        bool enabled = true;
        int score_cp = 15;   // both sides' scores within +-this ...
        int moves = 10;      // ... over this many consecutive moves of each side ...
        int after_ply = 80;  // ... once this many plies have been played
    } draw;
};

// The most games one sweep may plan: a run keeps its plan in memory (about 300 bytes a game, so
// ~300 MB here). Larger experiments are several sweeps (or sweep files) merged afterwards.
inline constexpr std::int64_t kMaxSweepGames = 1'000'000;

// Adaptive mode: waves of games go to the cells whose score intervals are widest.
struct AdaptiveSpec {
    double target_half_width = 0.05;  // 95% interval half-width on the score, per cell
    std::int64_t budget = 10000;      // games in all cells together
    int initial_games = 20;           // per cell, in the first wave
    int wave_games = 200;             // games per later wave
};

// A sweep file's [calibrate] table (`balance calibrate`): rounds of self-play by one engine
// player, each round playing by the piece values fitted from the round before, until the values
// no longer move.
struct CalibrationSpec {
    std::string player;            // the engine player whose piece values are calibrated
    int max_rounds = 4;            // self-play rounds at most (round 0 plays the file's values)
    int match_games = 400;         // each round's values against the previous round's, both colours
    std::string method = "texel";  // the fit (`balance values --method`)
    // How far each round moves from the values played toward the values fitted (geometrically:
    // played x (fitted / played)^step). 1 plays the fit itself; below 1 damps a calibration whose
    // values swing from round to round instead of settling.
    double step = 1.0;
    std::string where;  // file:line of the table
};

// A sweep file's [fix] table (`balance fix`): a search over rule changes for the one that
// brings a score into a band, candidates raced in rounds. The candidates themselves are built by
// the app (they need the variant file); this is what the file asks for.
struct FixSpec {
    std::string player;  // the player (or ladder) that plays itself in every candidate's games
    std::string side;    // the army whose score is balanced (pooled over colours); "": White's
    double target = 0.5;
    double margin = 0.02;           // the band: target +- margin
    double confidence = 0.95;       // a candidate is balanced when this interval is in the band
    double drop_confidence = 0.99;  // ... and dropped when this interval misses the band
    std::int64_t budget = 10000;    // games in all candidates and rounds together
    int round_games = 20;           // games per cell of a racing candidate, each round
    std::int64_t max_candidate_games = 0;  // the most one candidate gets (0: no limit)
    std::vector<std::string> edits;        // kinds of generated edits (options, betza, pawns, ...)
    std::vector<std::string> pieces;  // pieces whose Betza is edited; empty: the armies' pieces
    std::vector<std::string> add;     // move components a Betza edit may add
    // Combinations of two single changes: "none", "all" (raced with the singles), "fallback"
    // (raced after the singles, with the budget left, when no single one is balanced), "best"
    // (as fallback, but only the pairs that build on the `pairs_base` singles closest to the
    // target: every second change on top of the best first ones).
    std::string pairs = "none";
    int pairs_base = 1;
    std::string variant_path;  // the variant file the candidates are built from
    std::string where;         // file:line of the table
};

struct Sweep {
    std::string name;     // the database and every stored game carry it
    std::string file;     // the sweep file
    std::string variant;  // variant name
    std::uint64_t seed = 1;
    std::vector<RuleSet> rule_sets;
    std::vector<Pairing> pairings;
    std::vector<PlayerSpec> players;
    std::vector<Matchup> matchups;
    int games_per_cell = 0;                // fixed mode
    int rung_gap_games = 0;                // fixed mode: games per rung-gap cell (0: none)
    std::optional<AdaptiveSpec> adaptive;  // adaptive mode (then games_per_cell is unused)
    OpeningSpec openings;
    AdjudicationSpec adjudication;
    std::optional<CalibrationSpec> calibration;  // a calibration file ([calibrate])
    std::optional<FixSpec> fix;                  // a fix file ([fix])

    [[nodiscard]] const PlayerSpec* find_player(const std::string& name) const;
};

}  // namespace balance::tournament
