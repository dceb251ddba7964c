// `balance pieces VARIANT [PIECE]`: how each piece was understood. The variant's rules are
// compiled as for a game and each piece's moves from a central square of an otherwise empty board
// are drawn on a text diagram, telling apart squares it may move to or capture on, move to only,
// capture on only, and capture on without moving (a shot) - what a variant author would
// otherwise check with `perft --depth 1 --divide`.

#include <algorithm>
#include <cctype>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"
#include "balance/config/variant_files.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/army_lookup.hpp"
#include "balance/core/rules.hpp"
#include "balance/players/external/fairymax_ini.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace balance::cli {

namespace {

struct PiecesArgs {
    std::string variant;
    std::string piece;  // empty: every piece
    std::vector<std::string> rules;
    std::string fairymax;  // write Fairy-Max's definitions of every pairing here
};

// What a square is to the piece on the diagram's centre.
enum Mark : unsigned { None = 0, Move = 1, Capture = 2, Shot = 4 };

template <core::Bitboard BB>
bool has(BB bb, int sq) {
    return (bb & core::square_bb<BB>(sq)) != BB{};
}

// The marks of every square for a piece of colour c and type t standing alone on `from`.
template <core::Bitboard BB>
std::vector<unsigned> marks_of(const core::Rules<BB>& rules, int c, core::PieceType t, int from) {
    std::vector<unsigned> marks(static_cast<std::size_t>(rules.squares), None);
    const core::PieceMoves<BB>& pm = rules.moves[c][t];
    const bool start = has(rules.initial_squares[c][t], from);
    for (int sq = 0; sq < rules.squares; ++sq) {
        unsigned& m = marks[static_cast<std::size_t>(sq)];
        const auto& leap = pm.leaps[from];
        if (has(leap.quiet, sq) || (start && has(leap.initial_quiet, sq))) m |= Move;
        if (has(leap.capture, sq) || (start && has(leap.initial_capture, sq))) m |= Capture;
        for (const auto& g : pm.sliders) {
            if (!has(g.reach[from], sq)) continue;
            if (g.move) m |= Move;
            if (g.capture) m |= Capture;
        }
        for (const auto& step : pm.lame(from)) {
            if (step.initial && !start) continue;
            if (has(step.quiet, sq)) m |= Move;
            if (has(step.capture, sq)) m |= Capture;
        }
        if (has(pm.shots[from], sq)) m |= Shot;
    }
    return marks;
}

char symbol(unsigned m) {
    if (m & Shot) return (m & (Move | Capture)) ? '+' : '!';
    if ((m & Move) && (m & Capture)) return '*';
    if (m & Move) return 'o';
    if (m & Capture) return 'x';
    return '.';
}

// The diagram, rank `ranks` on top, with file letters below.
template <core::Bitboard BB>
std::string diagram(const core::Rules<BB>& rules, const std::vector<unsigned>& marks, int from,
                    char letter) {
    std::string out;
    for (int rank = rules.ranks - 1; rank >= 0; --rank) {
        out += fmt::format("{:>4} ", rank + 1);
        for (int file = 0; file < rules.files; ++file) {
            const int sq = rules.square(file, rank);
            out += sq == from ? letter : symbol(marks[static_cast<std::size_t>(sq)]);
            out += file + 1 < rules.files ? " " : "\n";
        }
    }
    out += "     ";
    for (int file = 0; file < rules.files; ++file) {
        out += static_cast<char>('a' + file);
        out += file + 1 < rules.files ? " " : "\n";
    }
    return out;
}

// One piece: the first army (in file order) that has it, as White when that army may play
// White, else as Black against the variant's default White.
Result<std::string> describe_piece(const core::VariantSpec& spec, const core::PieceSpec& piece) {
    const core::ArmySpec* army = nullptr;
    char letter = '?';
    for (const auto& a : spec.armies) {
        for (const auto& [l, name] : a.letters) {
            if (name == piece.name && !army) {
                army = &a;
                letter = l;
            }
        }
    }
    if (!army) return std::string{};  // in no army: never on the board
    const bool white = army->can_play_white;
    // The opponent: the variant's default, or the first army that may play that colour.
    std::string opponent = white ? spec.default_black : spec.default_white;
    const auto can_oppose = [&](const core::ArmySpec& a) {
        return white ? a.can_play_black : a.can_play_white;
    };
    const core::ArmySpec* chosen = core::find_army(spec.armies, opponent);
    if (!chosen || !can_oppose(*chosen))
        for (const auto& a : spec.armies)
            if (can_oppose(a)) {
                opponent = a.name;
                break;
            }
    auto compiled =
        core::compile_rules(spec, white ? army->name : opponent, white ? opponent : army->name);
    if (!compiled) return compiled.error();
    const auto draw = [&](const auto& rules) -> std::string {
        const int c = white ? 0 : 1;
        const core::PieceType t = rules.armies[c].type_of_letter(letter);
        const char shown = static_cast<char>(white ? letter : std::tolower(letter));
        const int centre = rules.square((rules.files - 1) / 2, (rules.ranks - 1) / 2);
        const bool by_colour = !piece.betza_own_colour.empty();
        std::string out =
            fmt::format("{} ({}, {} {}), value {:g} {}{}\n", piece.name,
                        by_colour ? fmt::format("own colour {}, other colour {}",
                                                piece.betza_own_colour, piece.betza_other_colour)
                                  : piece.betza,
                        army->name, white ? "White" : "Black", piece.value, spec.value_unit,
                        piece.role == core::PieceRole::Normal
                            ? ""
                            : (piece.role == core::PieceRole::King ? ", royal" : ", pawn"));
        // A piece that moves by its square's colour is shown on a square of each colour.
        std::vector<int> squares{centre};
        if (by_colour) squares.push_back(centre + 1);
        for (const int from : squares) {
            const auto marks = marks_of(rules, c, t, from);
            int moves = 0, captures = 0;
            for (unsigned m : marks) {
                moves += (m & Move) ? 1 : 0;
                captures += (m & (Capture | Shot)) ? 1 : 0;
            }
            const bool light = (rules.file_of(from) + rules.rank_of(from)) % 2 == 1;
            out +=
                fmt::format("  {} on {}{}{}:\n", shown,
                            static_cast<char>('a' + rules.file_of(from)), rules.rank_of(from) + 1,
                            by_colour ? (light ? " (a light square)" : " (a dark square)") : "");
            out += diagram(rules, marks, from, shown) +
                   fmt::format("     {} squares to move to, {} to capture on\n", moves, captures);
        }
        return out;
    };
    return compiled->narrow ? draw(*compiled->narrow) : draw(*compiled->wide);
}

// Fairy-Max's definitions of every pairing (players/external/fairymax_ini.hpp), for playing the
// variant against Fairy-Max by hand (`fairymax 20 FILE`, then `variant <white>-<black>`).
int write_fairymax(const core::VariantSpec& spec, const std::string& path, AppContext& ctx) {
    auto text = players::external::fairymax_ini(spec, players::external::fairymax_pairings(spec));
    if (!text) return report_error(ctx, text.error());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << *text;
    if (!out.flush()) return report_error(ctx, make_error("cannot write the file", path));
    const std::size_t pairings = players::external::fairymax_pairings(spec).size();
    ctx.out << fmt::format("wrote Fairy-Max's definitions of {} pairing{} of {} to {}\n", pairings,
                           pairings == 1 ? "" : "s", spec.name, path);
    return 0;
}

int run_pieces(const PiecesArgs& args, AppContext& ctx) {
    auto file = config::find_variant(args.variant);
    if (!file) return report_error(ctx, file.error());
    auto spec = config::load_variant(*file, args.rules);
    if (!spec) return report_error(ctx, spec.error());
    if (!args.fairymax.empty()) return write_fairymax(*spec, args.fairymax, ctx);
    std::vector<std::string> names;
    for (const auto& p : spec->pieces) names.push_back(p.name);
    if (!args.piece.empty() && std::find(names.begin(), names.end(), args.piece) == names.end()) {
        return report_error(
            ctx,
            make_error(fmt::format("unknown piece '{}' in variant '{}'{} (pieces: {})", args.piece,
                                   spec->name, config::did_you_mean(args.piece, names),
                                   config::join_names(names)),
                       "PIECE"));
    }
    bool first = true;
    for (const auto& piece : spec->pieces) {
        if (!args.piece.empty() && piece.name != args.piece) continue;
        auto text = describe_piece(*spec, piece);
        if (!text) return report_error(ctx, text.error());
        if (text->empty()) continue;
        ctx.out << (first ? "" : "\n") << *text;
        first = false;
    }
    ctx.out << "\n* moves or captures   o moves only   x captures only   ! captures without "
               "moving   + both * and !\n";
    return 0;
}

}  // namespace

void register_pieces(CLI::App& app, AppContext& ctx) {
    auto args = std::make_shared<PiecesArgs>();
    CLI::App* command = app.add_subcommand(
        "pieces", "Draw each piece's moves from a central square, as the rules compile them");
    command->add_option("variant", args->variant, "Variant name or file")->required();
    command->add_option("piece", args->piece, "Only this piece (default: every piece)");
    command
        ->add_option("--rules", args->rules,
                     "Optional rules: NAME or NAME=VALUE; repeat or separate with commas")
        ->delimiter(',');
    command->add_option("--fairymax", args->fairymax,
                        "Instead of drawing, write Fairy-Max's definitions of every army pairing "
                        "to this file (or say which piece or rule Fairy-Max cannot express)");
    command->callback([args, &ctx] { ctx.exit_code = run_pieces(*args, ctx); });
}

}  // namespace balance::cli
