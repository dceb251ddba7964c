// `balance pieces VARIANT [PIECE]`: how each piece was understood. The variant's rules are
// compiled as for a game and each piece's moves from a central square of an otherwise empty board
// are drawn on a text diagram, telling apart squares it may move to or capture on, move to only,
// capture on only, and capture on without moving (a shot) - what a variant author would
// otherwise check with `perft --depth 1 --divide`.

#include <algorithm>
#include <cctype>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"
#include "balance/config/variant_files.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/piece_diagram.hpp"
#include "balance/players/external/fairymax_ini.hpp"
#include "balance/players/external/sjaakii_definitions.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "output_file.hpp"

namespace balance::cli {

namespace {

struct PiecesArgs {
    std::string variant;
    std::string piece;  // empty: every piece
    std::vector<std::string> rules;
    std::string fairymax;  // write Fairy-Max's definitions of every pairing here
    std::string sjaakii;   // write SjaakII's definitions of every pairing here
};

// The diagram, rank `ranks` on top, with file letters below.
std::string diagram(const core::PieceDiagram& d, const core::PieceBoard& board) {
    std::string out;
    for (int rank = d.ranks - 1; rank >= 0; --rank) {
        out += fmt::format("{:>4} ", rank + 1);
        for (int file = 0; file < d.files; ++file) {
            const int sq = file + rank * d.files;
            out += sq == board.from ? d.letter
                                    : core::reach_symbol(board.reach[static_cast<std::size_t>(sq)]);
            out += file + 1 < d.files ? " " : "\n";
        }
    }
    out += "     ";
    for (int file = 0; file < d.files; ++file) {
        out += static_cast<char>('a' + file);
        out += file + 1 < d.files ? " " : "\n";
    }
    return out;
}

// One piece: the first army (in file order) that has it, as White when that army may play
// White, else as Black against the variant's default White.
Result<std::string> describe_piece(const core::VariantSpec& spec, const core::PieceSpec& piece) {
    auto drawn = core::piece_diagram(spec, piece);
    if (!drawn) return drawn.error();
    if (!*drawn) return std::string{};  // in no army: never on the board
    const core::PieceDiagram& d = **drawn;
    const bool by_colour = d.boards.size() > 1;
    std::string out = fmt::format("{} ({}, {} {}), value {:g} {}{}\n", d.piece, d.moves_text,
                                  d.army, d.white ? "White" : "Black", d.value, spec.value_unit,
                                  d.role == core::PieceRole::Normal
                                      ? ""
                                      : (d.role == core::PieceRole::King ? ", royal" : ", pawn"));
    if (d.chiral)
        out +=
            "  chiral: the other side's piece turns the same way (its moves turned half a "
            "circle)\n";
    for (const core::PieceBoard& board : d.boards) {
        out +=
            fmt::format("  {} on {}{}{}:\n", d.letter,
                        static_cast<char>('a' + board.from % d.files), board.from / d.files + 1,
                        by_colour ? (board.light ? " (a light square)" : " (a dark square)") : "");
        out += diagram(d, board) + fmt::format("     {} square{} to move to, {} to capture on\n",
                                               board.moves, board.moves == 1 ? "" : "s",
                                               board.captures);
    }
    return out;
}

// An engine's definitions of every pairing (players/external/fairymax_ini.hpp,
// sjaakii_definitions.hpp), for playing the variant against the engine by hand (`fairymax 20
// FILE` or `sjaakii -xboard FILE`, then `variant <white>-<black>`).
int write_definitions(
    const core::VariantSpec& spec, const std::string& path, AppContext& ctx, const char* engine,
    Result<std::string> (*definitions)(const core::VariantSpec&,
                                       const std::vector<std::pair<std::string, std::string>>&)) {
    const auto pairings = players::external::fairymax_pairings(spec);
    auto text = definitions(spec, pairings);
    if (!text) return report_error(ctx, text.error());
    if (auto written = write_text_file(path, *text); !written)
        return report_error(ctx, written.error());
    ctx.out << fmt::format("wrote {}'s definitions of {} pairing{} of {} to {}\n", engine,
                           pairings.size(), pairings.size() == 1 ? "" : "s", spec.name, path);
    return 0;
}

int run_pieces(const PiecesArgs& args, AppContext& ctx) {
    auto file = config::find_variant(args.variant);
    if (!file) return report_error(ctx, file.error());
    auto spec = config::load_variant(*file, args.rules);
    if (!spec) return report_error(ctx, spec.error());
    if (!args.fairymax.empty())
        return write_definitions(*spec, args.fairymax, ctx, "Fairy-Max",
                                 players::external::fairymax_ini);
    if (!args.sjaakii.empty())
        return write_definitions(*spec, args.sjaakii, ctx, "SjaakII",
                                 players::external::sjaakii_definitions);
    std::vector<std::string> names;
    for (const auto& p : spec->pieces) names.push_back(p.name);
    // A piece by name, or by a FEN letter ("N", "n"): each army's piece with that letter, as the
    // diagrams name them (Asymmetric's N is the Knight, the Unicorn and the Werewolf).
    std::set<std::string> wanted;
    if (std::find(names.begin(), names.end(), args.piece) != names.end()) wanted.insert(args.piece);
    if (args.piece.size() == 1) {
        const char upper =
            static_cast<char>(std::toupper(static_cast<unsigned char>(args.piece[0])));
        for (const auto& army : spec->armies)
            if (auto it = army.letters.find(upper); it != army.letters.end())
                wanted.insert(it->second);
    }
    if (!args.piece.empty() && wanted.empty()) {
        return report_error(
            ctx,
            make_error(fmt::format("unknown piece '{}' in variant '{}'{} (pieces: {}; or a "
                                   "piece's letter)",
                                   args.piece, spec->name, config::did_you_mean(args.piece, names),
                                   config::join_names(names)),
                       "PIECE"));
    }
    // Every diagram first: an error in one piece prints none of them.
    std::string out;
    for (const auto& piece : spec->pieces) {
        if (!args.piece.empty() && !wanted.contains(piece.name)) continue;
        auto text = describe_piece(*spec, piece);
        if (!text) return report_error(ctx, text.error());
        if (text->empty()) continue;
        out += (out.empty() ? "" : "\n") + *text;
    }
    ctx.out << out;
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
    command->add_option("--sjaakii", args->sjaakii,
                        "Instead of drawing, write SjaakII's definitions of every army pairing "
                        "to this file (or say which piece or rule SjaakII cannot express)");
    command->callback([args, &ctx] { ctx.exit_code = run_pieces(*args, ctx); });
}

}  // namespace balance::cli
