#include "balance/core/piece_diagram.hpp"

#include <cctype>
#include <vector>

#include "balance/core/army_lookup.hpp"
#include "balance/core/betza.hpp"
#include "balance/core/rules.hpp"

namespace balance::core {

namespace {

template <Bitboard BB>
bool contains_square(BB bb, int sq) {
    return (bb & square_bb<BB>(sq)) != BB{};
}

// The reach of every square for a piece of colour c and type t standing alone on `from`.
template <Bitboard BB>
std::vector<unsigned> reach_from(const Rules<BB>& rules, int c, PieceType t, int from) {
    std::vector<unsigned> reach(static_cast<std::size_t>(rules.squares), ReachNone);
    const PieceMoves<BB>& pm = rules.moves[c][t];
    const bool start = contains_square(rules.initial_squares[c][t], from);
    for (int sq = 0; sq < rules.squares; ++sq) {
        unsigned& r = reach[static_cast<std::size_t>(sq)];
        const auto& leap = pm.leaps[from];
        if (contains_square(leap.quiet, sq) || (start && contains_square(leap.initial_quiet, sq)))
            r |= ReachMove;
        if (contains_square(leap.capture, sq) ||
            (start && contains_square(leap.initial_capture, sq)))
            r |= ReachCapture;
        for (const auto& g : pm.sliders) {
            if (!contains_square(g.reach[from], sq)) continue;
            if (g.move) r |= ReachMove;
            if (g.capture) r |= ReachCapture;
        }
        for (const auto& step : pm.lame(from)) {
            if (step.initial && !start) continue;
            if (contains_square(step.quiet, sq)) r |= ReachMove;
            if (contains_square(step.capture, sq)) r |= ReachCapture;
        }
        if (contains_square(pm.shots[from], sq)) r |= ReachShot;
    }
    return reach;
}

template <Bitboard BB>
void draw_boards(const Rules<BB>& rules, PieceDiagram& d, bool by_colour) {
    const int c = d.white ? 0 : 1;
    const PieceType t = rules.armies[c].type_of_letter(
        static_cast<char>(std::toupper(static_cast<unsigned char>(d.letter))));
    d.files = rules.files;
    d.ranks = rules.ranks;
    const int centre = rules.square((rules.files - 1) / 2, (rules.ranks - 1) / 2);
    std::vector<int> squares{centre};
    if (by_colour) squares.push_back(centre + 1);
    for (const int from : squares) {
        PieceBoard board;
        board.from = from;
        board.light = (rules.file_of(from) + rules.rank_of(from)) % 2 == 1;
        board.reach = reach_from(rules, c, t, from);
        for (const unsigned r : board.reach) {
            board.moves += (r & ReachMove) ? 1 : 0;
            board.captures += (r & (ReachCapture | ReachShot)) ? 1 : 0;
        }
        d.boards.push_back(std::move(board));
    }
}

}  // namespace

char reach_symbol(unsigned reach) {
    if (reach & ReachShot) return (reach & (ReachMove | ReachCapture)) ? '+' : '!';
    if ((reach & ReachMove) && (reach & ReachCapture)) return '*';
    if (reach & ReachMove) return 'o';
    if (reach & ReachCapture) return 'x';
    return '.';
}

Result<std::optional<PieceDiagram>> piece_diagram(const VariantSpec& spec, const PieceSpec& piece) {
    const ArmySpec* army = nullptr;
    char letter = '?';
    for (const auto& a : spec.armies) {
        for (const auto& [l, name] : a.letters) {
            if (name == piece.name && !army) {
                army = &a;
                letter = l;
            }
        }
    }
    if (!army) return std::optional<PieceDiagram>{};  // in no army: never on the board
    const bool white = army->can_play_white;
    // The opponent: the variant's default, or the first army that may play that colour.
    std::string opponent = white ? spec.default_black : spec.default_white;
    const auto can_oppose = [&](const ArmySpec& a) {
        return white ? a.can_play_black : a.can_play_white;
    };
    const ArmySpec* chosen = find_army(spec.armies, opponent);
    if (!chosen || !can_oppose(*chosen)) {
        for (const auto& a : spec.armies) {
            if (can_oppose(a)) {
                opponent = a.name;
                break;
            }
        }
    }
    auto compiled =
        compile_rules(spec, white ? army->name : opponent, white ? opponent : army->name);
    if (!compiled) return compiled.error();
    PieceDiagram d;
    d.piece = piece.name;
    const bool by_colour = !piece.betza_own_colour.empty();
    d.moves_text = by_colour ? "own colour " + piece.betza_own_colour + ", other colour " +
                                   piece.betza_other_colour
                             : piece.betza;
    d.army = army->name;
    d.white = white;
    d.letter = white ? letter : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    d.value = piece.value;
    d.role = piece.role;
    // The rules compiled, so every Betza string of the piece parses (an empty one is skipped).
    std::vector<const std::string*> texts = {&piece.betza, &piece.betza_own_colour,
                                             &piece.betza_other_colour};
    for (const auto& ranked : piece.ranked) texts.push_back(&ranked.betza);
    for (const std::string* text : texts)
        if (auto atoms = parse_betza(*text); atoms)
            for (const BetzaAtom& a : *atoms) d.chiral = d.chiral || a.chiral;
    if (compiled->narrow)
        draw_boards(*compiled->narrow, d, by_colour);
    else
        draw_boards(*compiled->wide, d, by_colour);
    return std::optional<PieceDiagram>{std::move(d)};
}

}  // namespace balance::core
