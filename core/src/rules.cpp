// Rules::compile: spec + armies -> immutable move tables, in named stages (see Compiler below).

#include "balance/core/rules.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "balance/core/army_lookup.hpp"
#include "balance/core/betza.hpp"
#include "balance/core/castling.hpp"
#include "balance/core/splitmix64.hpp"
#include "fen_board.hpp"

namespace balance::core {

const char* legality_name(Legality l) {
    switch (l) {
        case Legality::ExactPins:
            return "exact-pins";
        case Legality::RemovalTest:
            return "removal-test";
        case Legality::FullTest:
            return "full-test";
    }
    return "?";
}

namespace {

std::string army_names(const VariantSpec& spec) {
    std::string names;
    for (const auto& army : spec.armies) names += (names.empty() ? "" : ", ") + army.name;
    return names;
}

// The anti-relay move type of one atom (0: none), see rules.hpp.
unsigned move_type_of(const BetzaAtom& a) {
    if (a.kind == BetzaAtom::Kind::Slide && a.min_range == 1 && a.max_range == 0)
        return a.dx == 0 || a.dy == 0 ? RookType : BishopType;
    if (a.kind == BetzaAtom::Kind::Leap && !a.initial &&
        ((std::abs(a.dx) == 1 && std::abs(a.dy) == 2) ||
         (std::abs(a.dx) == 2 && std::abs(a.dy) == 1)))
        return KnightType;
    return 0;
}

// The pairing's pieces as the points compiler sees them (Stylish chess, scoring.hpp).
template <Bitboard BB>
std::vector<ScoredPiece> scored_pieces(const Rules<BB>& r) {
    std::vector<ScoredPiece> out;
    for (const PieceInfo& p : r.pieces) out.push_back({p.name, p.role == PieceRole::King, false});
    for (const ArmyInfo& army : r.armies)
        for (PieceType t : army.promotions) out[t].promotable = true;
    return out;
}

// The squares a piece on sq could capture en passant on, on an empty board (leaps, lame steps,
// slider lines; a slider group's reach is its lines' squares, plain or not).
template <Bitboard BB>
BB en_passant_reach_from(const PieceMoves<BB>& pm, int sq) {
    BB reach = pm.leaps[sq].en_passant;
    for (const auto& s : pm.lame(sq)) reach |= s.en_passant;
    for (const auto& g : pm.sliders)
        if (g.en_passant) reach |= g.reach[sq];
    return reach;
}

// A piece's atoms, per state: [0] on squares of its own colour, [1] elsewhere (the same list
// twice for a piece whose moves do not depend on its square).
using AtomsByState = std::array<std::vector<BetzaAtom>, 2>;

// The compiler: one method per stage, run in order by run(). Each stage reads only what earlier
// stages filled in.
template <Bitboard BB>
class Compiler {
  public:
    Compiler(const VariantSpec& spec, Rules<BB>& r)
        : spec_(spec), r_(r), where_(spec.file.empty() ? spec.name : spec.file) {}

    Result<void> run(const std::string& white_army, const std::string& black_army) {
        for (auto stage : {&Compiler::board, &Compiler::move_rights}) {
            auto ok = (this->*stage)();
            if (!ok) return ok;
        }
        if (auto ok = armies(white_army, black_army); !ok) return ok;
        for (auto stage :
             {&Compiler::piece_moves, &Compiler::lines, &Compiler::attacker_classes,
              &Compiler::en_passant_reach, &Compiler::legality, &Compiler::start_array,
              &Compiler::castling, &Compiler::hashing, &Compiler::placement, &Compiler::scoring}) {
            auto ok = (this->*stage)();
            if (!ok) return ok;
        }
        return {};
    }

  private:
    // Board size, the board mask and slider lookups.
    Result<void> board() {
        r_.game = spec_.rules;
        r_.files = spec_.files;
        r_.ranks = spec_.ranks;
        r_.squares = spec_.files * spec_.ranks;
        if (spec_.files < 2 || spec_.ranks < 2 || spec_.files > 16 || spec_.ranks > 16 ||
            r_.squares > max_squares<BB>)
            return make_error("board " + std::to_string(spec_.files) + "x" +
                                  std::to_string(spec_.ranks) +
                                  " is not supported (2..16 files and ranks, at most 128 squares)",
                              at(spec_.board_where));
        for (int s = 0; s < r_.squares; ++s) r_.board |= square_bb<BB>(s);
        r_.sliders = std::make_unique<SliderAttacks<BB>>(r_.files, r_.ranks);
        for (int c = 0; c < 2; ++c) {
            const int last = c == 0 ? r_.ranks - 1 : 0, first = c == 0 ? 0 : r_.ranks - 1;
            for (int f = 0; f < r_.files; ++f) {
                r_.promotion_zone[c] |= square_bb<BB>(r_.square(f, last));
                r_.back_rank[c] |= square_bb<BB>(r_.square(f, first));
            }
        }
        return {};
    }

    // Which move rights depend on the position.
    Result<void> move_rights() {
        const AntiRelaySpec& ar = spec_.rules.anti_relay;
        if (ar.enabled && (ar.types == 0 || ar.types > 7))
            return make_error("anti-relay types must be a non-empty subset of Rook, Bishop, Knight",
                              where_);
        r_.position_dependent_rights = ar.enabled;
        // Promotion to a captured piece counts the side's own losses: a piece its own side took
        // would become a promotion choice. (Points variants score self-captures as nothing.)
        if (spec_.rules.self_capture && spec_.rules.promote_to_captured)
            return make_error(
                "self_capture cannot be combined with promote_to_captured (a piece taken by its "
                "own side would become a promotion choice)",
                where_);
        return {};
    }

    // Armies and the piece types they use, in the spec's piece order.
    Result<void> armies(const std::string& white_army, const std::string& black_army) {
        const ArmySpec* army_spec[2] = {
            find_army(spec_.armies, white_army.empty() ? spec_.default_white : white_army),
            find_army(spec_.armies, black_army.empty() ? spec_.default_black : black_army)};
        for (int c = 0; c < 2; ++c) {
            if (!army_spec[c])
                return make_error("unknown army '" + (c == 0 ? white_army : black_army) +
                                      "' (variant " + spec_.name + " has: " + army_names(spec_) +
                                      ")",
                                  where_);
            if (!(c == 0 ? army_spec[c]->can_play_white : army_spec[c]->can_play_black))
                return make_error("army '" + army_spec[c]->name + "' may not play " +
                                      (c == 0 ? "White" : "Black"),
                                  where_);
        }
        for (size_t i = 0; i < spec_.pieces.size(); ++i) {
            bool used = false;
            for (const ArmySpec* a : army_spec)
                for (const auto& [letter, name] : a->letters)
                    used = used || name == spec_.pieces[i].name;
            if (used) spec_index_.push_back(static_cast<int>(i));
        }
        if (spec_index_.size() > static_cast<size_t>(MaxPieceTypes))
            return make_error("too many piece types in one pairing (at most 32)", where_);
        for (int idx : spec_index_) {
            const PieceSpec& ps = spec_.pieces[idx];
            r_.pieces.push_back(PieceInfo{ps.name, ps.role, ps.value, {}});
        }
        for (int c = 0; c < 2; ++c)
            if (auto ok = army(c, *army_spec[c]); !ok) return ok;
        army_spec_ = {army_spec[0], army_spec[1]};
        return {};
    }

    PieceType type_of_name(const std::string& name) const {
        for (size_t t = 0; t < spec_index_.size(); ++t)
            if (spec_.pieces[spec_index_[t]].name == name) return static_cast<PieceType>(t);
        return NoPieceType;
    }

    Result<void> army(int c, const ArmySpec& as) {
        ArmyInfo& army = r_.armies[c];
        army.name = as.name;
        army.by_letter.fill(NoPieceType);
        const std::string awhere = as.where.empty() ? where_ : as.where;
        for (const auto& [letter, name] : as.letters) {
            const PieceType t = type_of_name(name);
            if (t == NoPieceType)
                return make_error("army '" + as.name + "' names unknown piece '" + name + "'",
                                  awhere);
            const auto byte = static_cast<unsigned char>(letter);
            if (byte >= army.by_letter.size() || !std::isalpha(byte))
                return make_error(
                    "army '" + as.name + "' gives piece '" + name + "' a letter that is not A-Z",
                    awhere);
            const char up = static_cast<char>(std::toupper(byte));
            army.by_letter[static_cast<unsigned char>(up)] = t;
            army.types.push_back(t);
            r_.pieces[t].letter[c] = up;
            if (r_.pieces[t].role == PieceRole::King) {
                if (r_.king_type[c] != NoPieceType && r_.king_type[c] != t)
                    return make_error("army '" + as.name + "' has more than one king-role piece",
                                      awhere);
                r_.king_type[c] = t;
            }
        }
        if (r_.king_type[c] == NoPieceType)
            return make_error("army '" + as.name + "' has no piece with role \"king\"", awhere);
        for (const auto& name : as.promotions) {
            const PieceType t = type_of_name(name);
            if (t == NoPieceType ||
                std::find(army.types.begin(), army.types.end(), t) == army.types.end())
                return make_error("army '" + as.name + "' promotes to '" + name +
                                      "', which is not one of its pieces",
                                  awhere);
            if (r_.pieces[t].role != PieceRole::Normal)
                return make_error(
                    "army '" + as.name + "' may not promote to pawn or king '" + name + "'",
                    awhere);
            army.promotions.push_back(t);
        }
        for (const auto& material : as.cannot_mate) {
            std::array<int, MaxPieceTypes> counts{};
            for (char ch : material) {
                const PieceType t = army.type_of_letter(ch);
                if (t == NoPieceType)
                    return make_error("army '" + as.name + "' cannot_mate entry '" + material +
                                          "' uses unknown letter '" + ch + "'",
                                      awhere);
                ++counts[t];
            }
            army.cannot_mate.push_back(counts);
        }
        return {};
    }

    Result<std::vector<BetzaAtom>> parse(const PieceSpec& ps, const std::string& betza) const {
        auto parsed = parse_betza(betza);
        if (!parsed) {
            const std::string shown = betza.size() <= 64 ? betza : betza.substr(0, 32) + "...";
            return make_error(
                "piece '" + ps.name + "': betza \"" + shown + "\": " + parsed.error().message,
                ps.where.empty() ? where_ : ps.where);
        }
        return parsed;
    }

    // Piece moves per colour, type and square. A piece's state (the colour of its square) picks
    // the atoms of each square's entry; anti-relay adds the tables without lost move types.
    Result<void> piece_moves() {
        for (int c = 0; c < 2; ++c) r_.moves[c].resize(r_.pieces.size());
        if (r_.position_dependent_rights)
            for (int c = 0; c < 2; ++c) {
                r_.typed_moves[c].resize(r_.pieces.size());
                r_.reduced_moves[c].resize(r_.pieces.size());
            }
        for (size_t t = 0; t < r_.pieces.size(); ++t) {
            const PieceSpec& ps = spec_.pieces[spec_index_[t]];
            AtomsByState atoms;
            const bool by_colour = !ps.betza_own_colour.empty() || !ps.betza_other_colour.empty();
            if (by_colour) {
                if (ps.betza_own_colour.empty() || ps.betza_other_colour.empty())
                    return make_error("piece '" + ps.name +
                                          "': moves by square colour need both the own-colour "
                                          "and the other-colour Betza",
                                      ps.where.empty() ? where_ : ps.where);
                auto own = parse(ps, ps.betza_own_colour);
                if (!own) return own.error();
                auto other = parse(ps, ps.betza_other_colour);
                if (!other) return other.error();
                atoms = {std::move(*own), std::move(*other)};
                r_.moves_by_square_colour = true;
            } else {
                auto parsed = parse(ps, ps.betza);
                if (!parsed) return parsed.error();
                atoms = {*parsed, *parsed};
            }
            for (const RankedMovesSpec& ranked : ps.ranked) {
                auto window = ranked_atoms(ps, ranked);
                if (!window) return window.error();
                for (auto& state : atoms) state.insert(state.end(), window->begin(), window->end());
            }
            if (r_.pieces[t].role == PieceRole::Pawn)
                for (const auto& state : atoms)
                    for (const BetzaAtom& a : state) {
                        r_.pawns_step_back |= a.move && a.dy < 0;
                        if (a.move && a.dy <= 0) r_.pawns_only_advance = false;
                    }
            unsigned natural = 0;
            for (const auto& state : atoms)
                for (const BetzaAtom& a : state) natural |= move_type_of(a);
            // Kings and pawns take no part; neither do types the rules leave out.
            natural &= r_.game.anti_relay.types;
            if (!r_.position_dependent_rights || r_.pieces[t].role != PieceRole::Normal)
                natural = 0;
            const auto type = static_cast<PieceType>(t);
            for (int c = 0; c < 2; ++c) {
                r_.natural_types[c][t] = static_cast<std::uint8_t>(natural);
                build(r_.moves[c][t], c, type, atoms, [](unsigned) { return true; });
                if (r_.moves[c][t].has_shots || r_.position_dependent_rights)
                    r_.plain_moves = false;
                if (!r_.position_dependent_rights) continue;
                r_.typed_moves[c][t].resize(MoveTypeCount);
                for (int k = 0; k < MoveTypeCount; ++k)
                    if (natural & (1u << k))
                        build(r_.typed_moves[c][t][k], c, type, atoms,
                              [k](unsigned mt) { return mt == 1u << k; });
                r_.reduced_moves[c][t].resize(8);
                for (unsigned lost = 1; lost < 8; ++lost)
                    build(r_.reduced_moves[c][t][lost], c, type, atoms,
                          [drop = lost & natural](unsigned mt) { return !(mt & drop); });
            }
        }
        return {};
    }

    // The atoms of one ranked entry, with its rank window (0-based, from the mover's side).
    Result<std::vector<BetzaAtom>> ranked_atoms(const PieceSpec& ps,
                                                const RankedMovesSpec& ranked) const {
        const std::string where = ranked.where.empty() ? where_ : ranked.where;
        const auto window = [&](const char* key, int first,
                                int last) -> Result<std::pair<int, int>> {
            const int end = last == 0 ? r_.ranks : last;
            if (first < 1 || first > r_.ranks || end < first || end > r_.ranks)
                return make_error("piece '" + ps.name + "': ranked move \"" + ranked.betza +
                                      "\": " + key + " [" + std::to_string(first) + ", " +
                                      std::to_string(last) + "] is not a rank range inside the " +
                                      std::to_string(r_.ranks) + "-rank board (1 = the mover's " +
                                      "first rank, first <= last)",
                                  where);
            return std::pair{first - 1, end - 1};
        };
        auto from = window("from_ranks", ranked.from_first, ranked.from_last);
        if (!from) return from.error();
        auto to = window("to_ranks", ranked.to_first, ranked.to_last);
        if (!to) return to.error();
        PieceSpec shown = ps;
        shown.where = where;
        auto atoms = parse(shown, ranked.betza);
        if (!atoms) return atoms.error();
        for (BetzaAtom& a : *atoms) {
            a.from_first = from->first;
            a.from_last = from->second;
            a.to_first = to->first;
            a.to_last = to->second;
        }
        return atoms;
    }

    // Is `sq` a square of colour c's own colour (light for White, dark for Black; a1 is dark)?
    bool own_colour(int c, int sq) const {
        const bool light = (r_.file_of(sq) + r_.rank_of(sq)) % 2 == 1;
        return light == (c == 0);
    }

    // Compiles one table from the atoms whose move type `keep` accepts.
    template <class Keep>
    void build(PieceMoves<BB>& pm, int c, PieceType t, const AtomsByState& atoms,
               const Keep& keep) {
        const PieceSpec& ps = spec_.pieces[spec_index_[t]];
        const int forward = c == 0 ? 1 : -1;
        std::vector<std::vector<LameStep<BB>>> lame(r_.squares);
        // Compared once, not per square and atom: that made compiling quadratic in the atoms.
        const bool one_state = atoms[1] == atoms[0];
        for (int state = 0; state < 2; ++state) {
            if (state == 1 && one_state) break;  // one state: every square at once
            auto in_state = [&](int sq) { return one_state || own_colour(c, sq) == (state == 0); };
            for (const BetzaAtom& atom : atoms[state])
                if (keep(move_type_of(atom))) add_atom(pm, lame, atom, forward, ps.role, in_state);
        }
        for (int sq = 0; sq < r_.squares; ++sq) {
            pm.lame_begin[sq] = static_cast<std::uint16_t>(pm.lame_steps.size());
            pm.lame_steps.insert(pm.lame_steps.end(), lame[sq].begin(), lame[sq].end());
        }
        for (int sq = r_.squares; sq <= max_squares<BB>; ++sq)
            pm.lame_begin[sq] = static_cast<std::uint16_t>(pm.lame_steps.size());
        // A slider group covering all four directions from step 1 without limit is plain.
        for (auto& g : pm.sliders) {
            bool full = g.min_range == 1 && g.max_range == 0;
            for (int sq = 0; full && sq < r_.squares; ++sq)
                full = g.reach[sq] ==
                       (g.orthogonal ? r_.sliders->rook_rays(sq) : r_.sliders->bishop_rays(sq));
            g.plain = full;
            if (g.capture) {
                if (g.plain && g.orthogonal)
                    pm.has_plain_orthogonal_capture = true;
                else if (g.plain)
                    pm.has_plain_diagonal_capture = true;
                else
                    pm.has_complex_capture = true;
            }
        }
        for (int sq = 0; sq < r_.squares; ++sq) {
            for (const auto& s : pm.lame(sq))
                if (s.capture) pm.has_complex_capture = true;
            if (pm.leaps[sq].initial_capture) pm.has_complex_capture = true;
            if (pm.shots[sq]) pm.has_shots = true;
        }
        for (int to = 0; to < r_.squares; ++to)
            for (int from = 0; from < r_.squares; ++from)
                if ((pm.leaps[from].capture | pm.shots[from]) & square_bb<BB>(to))
                    pm.attacked_from[to] |= square_bb<BB>(from);
        const bool pawn = ps.role == PieceRole::Pawn;
        for (int sq = 0; sq < r_.squares; ++sq) {
            const LeapSet<BB>& l = pm.leaps[sq];
            BB reach = l.capture | l.initial_capture | pm.shots[sq] | en_passant_reach_from(pm, sq);
            if (pawn) reach |= l.quiet | l.initial_quiet;
            for (const auto& g : pm.sliders)
                if (g.capture || (pawn && g.move)) reach |= g.reach[sq];
            for (const auto& s : pm.lame(sq)) reach |= s.capture | (pawn ? s.quiet : BB{});
            pm.tactical_reach[sq] = reach;
        }
    }

    // The squares one atom joins, for one colour: its vector turned to the mover's forward
    // (mirrored across the board's middle; a chiral atom's turned half a circle), cut
    // at the board's edge and by the atom's state (square colour) and rank windows. Ranked moves
    // are folded into the tables here, so move generation never looks at a rank window.
    template <class InState>
    struct AtomSquares {
        AtomSquares(const Rules<BB>& rules, const BetzaAtom& a, int fwd, const InState& state)
            : r(rules),
              atom(a),
              forward(fwd),
              in_state(state),
              dx(a.chiral ? a.dx * fwd : a.dx),
              dy(a.dy * fwd) {}

        // The square (ddx, ddy) away from sq, or NoSquare off the board.
        int target(int sq, int ddx, int ddy) const {
            const int f = r.file_of(sq) + ddx, rk = r.rank_of(sq) + ddy;
            return f < 0 || f >= r.files || rk < 0 || rk >= r.ranks ? NoSquare : r.square(f, rk);
        }
        // Rank windows are read from the mover's side.
        int relative_rank(int sq) const {
            return forward > 0 ? r.rank_of(sq) : r.ranks - 1 - r.rank_of(sq);
        }
        bool may_start(int sq) const {
            const int rk = relative_rank(sq);
            return in_state(sq) && rk >= atom.from_first && rk <= atom.from_last;
        }
        bool may_end(int sq) const {
            const int rk = relative_rank(sq);
            return rk >= atom.to_first && rk <= atom.to_last;
        }

        const Rules<BB>& r;
        const BetzaAtom& atom;
        const int forward;
        const InState& in_state;
        const int dx, dy;  // the atom's vector for this colour
    };

    // Adds one atom to a piece's tables; each kind of atom has its own table layout.
    template <class InState>
    void add_atom(PieceMoves<BB>& pm, std::vector<std::vector<LameStep<BB>>>& lame,
                  const BetzaAtom& atom, int forward, PieceRole role, const InState& in_state) {
        const AtomSquares<InState> at(r_, atom, forward, in_state);
        switch (atom.kind) {
            case BetzaAtom::Kind::Slide:
                add_slider_group(pm, slider_group_of(at));
                break;
            case BetzaAtom::Kind::Leap:
            case BetzaAtom::Kind::Shoot:
                add_leap_atom(pm, at);
                break;
            case BetzaAtom::Kind::Lame:
                add_lame_atom(lame, at, role);
                break;
        }
    }

    // One slide direction as a group of its own: per square, the squares it reaches and the
    // squares it skips (j), which are neither reachable nor blocking.
    template <class InState>
    SliderGroup<BB> slider_group_of(const AtomSquares<InState>& at) const {
        const BetzaAtom& atom = at.atom;
        SliderGroup<BB> g;
        g.orthogonal = at.dx == 0 || at.dy == 0;
        g.move = atom.move;
        g.capture = atom.capture;
        g.en_passant = atom.en_passant;
        g.min_range = atom.min_range;
        g.max_range = atom.max_range;
        for (int sq = 0; sq < r_.squares; ++sq) {
            if (!at.may_start(sq)) continue;
            for (int k = 1; atom.max_range == 0 || k <= atom.max_range; ++k) {
                const int to = at.target(sq, at.dx * k, at.dy * k);
                if (to == NoSquare) break;
                if (k < atom.min_range)
                    g.skip[sq] |= square_bb<BB>(to);
                else if (at.may_end(to))
                    g.reach[sq] |= square_bb<BB>(to);
            }
        }
        return g;
    }

    // Directions of one family with equal range and modality share a group: their masks simply
    // add up. Move generation then does one line lookup per group, not per direction, and a
    // group holding all four directions can become plain (build()).
    void add_slider_group(PieceMoves<BB>& pm, const SliderGroup<BB>& g) {
        auto same =
            std::find_if(pm.sliders.begin(), pm.sliders.end(), [&](const SliderGroup<BB>& o) {
                return o.orthogonal == g.orthogonal && o.move == g.move && o.capture == g.capture &&
                       o.en_passant == g.en_passant && o.min_range == g.min_range &&
                       o.max_range == g.max_range;
            });
        if (same == pm.sliders.end()) {
            pm.sliders.push_back(g);
            return;
        }
        for (int sq = 0; sq < r_.squares; ++sq) {
            same->reach[sq] |= g.reach[sq];
            same->skip[sq] |= g.skip[sq];
        }
    }

    // Leaps and shots need no path: one target bit per square, in the set of its modality.
    template <class InState>
    void add_leap_atom(PieceMoves<BB>& pm, const AtomSquares<InState>& at) {
        const BetzaAtom& atom = at.atom;
        for (int sq = 0; sq < r_.squares; ++sq) {
            const int to = at.target(sq, at.dx, at.dy);
            if (to == NoSquare || !at.may_start(sq) || !at.may_end(to)) continue;
            const BB bit = square_bb<BB>(to);
            if (atom.kind == BetzaAtom::Kind::Shoot) {
                pm.shots[sq] |= bit;
            } else if (atom.initial) {
                if (atom.move) pm.leaps[sq].initial_quiet |= bit;
                if (atom.capture) pm.leaps[sq].initial_capture |= bit;
            } else {
                if (atom.move) pm.leaps[sq].quiet |= bit;
                if (atom.capture) pm.leaps[sq].capture |= bit;
                if (atom.en_passant) pm.leaps[sq].en_passant |= bit;
            }
        }
    }

    // Lame steps are kept per square, grouped by the squares that must be empty: atoms sharing a
    // path (and its initial / e.p. behaviour) share one step, so move generation tests each
    // path's emptiness once.
    template <class InState>
    void add_lame_atom(std::vector<std::vector<LameStep<BB>>>& lame, const AtomSquares<InState>& at,
                       PieceRole role) {
        const BetzaAtom& atom = at.atom;
        // A pawn's lame quiet step over one square is its double step: it leaves an e.p. square.
        const bool creates_ep =
            role == PieceRole::Pawn && atom.move && !atom.capture && atom.path.size() == 1;
        for (int sq = 0; sq < r_.squares; ++sq) {
            const int to = at.target(sq, at.dx, at.dy);
            if (to == NoSquare || !at.may_start(sq) || !at.may_end(to)) continue;
            const auto path = lame_path(at, sq);
            if (!path) continue;
            LameStep<BB>& s =
                lame_step(lame[sq], path->block, atom.initial, creates_ep, path->first);
            const BB bit = square_bb<BB>(to);
            if (atom.move) s.quiet |= bit;
            if (atom.capture) s.capture |= bit;
            if (atom.en_passant) s.en_passant |= bit;
        }
    }

    // The squares a lame atom from sq must find empty, and the first of them (a double step's
    // e.p. square). None when the path leaves the board: the step does not exist there.
    struct LamePath {
        BB block{};
        int first = NoSquare;
    };
    template <class InState>
    std::optional<LamePath> lame_path(const AtomSquares<InState>& at, int sq) const {
        LamePath path;
        bool inside = true;
        for (const auto& [px, py] : at.atom.path) {
            const int b = at.target(sq, px, py * at.forward);
            if (b == NoSquare) {
                inside = false;
            } else {
                path.block |= square_bb<BB>(b);
                if (path.first == NoSquare) path.first = b;
            }
        }
        if (!inside) return std::nullopt;
        return path;
    }

    // The square's lame step with this path and behaviour, added when it is the first.
    static LameStep<BB>& lame_step(std::vector<LameStep<BB>>& steps, BB block, bool initial,
                                   bool creates_ep, int first_block) {
        auto it = std::find_if(steps.begin(), steps.end(), [&](const LameStep<BB>& s) {
            return s.block == block && s.initial == initial && s.creates_ep == creates_ep;
        });
        if (it != steps.end()) return *it;
        LameStep<BB> s;
        s.block = block;
        s.initial = initial;
        s.creates_ep = creates_ep;
        s.ep_square = creates_ep ? first_block : NoSquare;
        steps.push_back(s);
        return steps.back();
    }

    // Attacker classes per colour: leapers (and shooters), plain orthogonal and diagonal sliders,
    // and complex attackers with their empty-board reach.
    Result<void> attacker_classes() {
        for (int c = 0; c < 2; ++c)
            for (PieceType t : r_.armies[c].types) {
                const PieceMoves<BB>& pm = r_.moves[c][t];
                bool leaps = false;
                for (int sq = 0; sq < r_.squares && !leaps; ++sq)
                    leaps = pm.leaps[sq].capture != 0 || pm.shots[sq] != 0;
                if (leaps) r_.leaper_types[c].push_back(t);
                if (pm.has_plain_orthogonal_capture) r_.orth_slider_types[c].push_back(t);
                if (pm.has_plain_diagonal_capture) r_.diag_slider_types[c].push_back(t);
                if (pm.has_complex_capture) r_.complex_types[c].push_back(t);
            }
        for (int c = 0; c < 2; ++c)
            for (PieceType t : r_.complex_types[c]) {
                const PieceMoves<BB>& pm = r_.moves[c][t];
                auto& to = r_.complex_reach_to[c][t];
                auto& path = r_.complex_path_to[c][t];
                to.assign(static_cast<size_t>(r_.squares), BB{});
                path.assign(static_cast<size_t>(r_.squares), BB{});
                for (int from = 0; from < r_.squares; ++from) {
                    BB reach = pm.leaps[from].capture | pm.leaps[from].initial_capture;
                    for (const auto& g : pm.sliders) {
                        if (!g.capture) continue;
                        BB line = g.plain ? (g.orthogonal ? r_.sliders->rook_rays(from)
                                                          : r_.sliders->bishop_rays(from))
                                          : g.reach[from];
                        reach |= line;
                        // A slide onto s depends on the squares between (skipped ones included:
                        // a superset is enough).
                        while (line) {
                            const int s = pop_lsb(line);
                            path[s] |= r_.between(from, s);
                        }
                    }
                    for (const auto& s : pm.lame(from)) {
                        reach |= s.capture;
                        BB targets = s.capture;
                        while (targets) path[pop_lsb(targets)] |= s.block;
                    }
                    while (reach) to[pop_lsb(reach)] |= square_bb<BB>(from);
                }
            }
        return {};
    }

    // Who can capture en passant, and from where (Rules::ep_reach_to).
    Result<void> en_passant_reach() {
        for (int c = 0; c < 2; ++c)
            for (PieceType t : r_.armies[c].types) {
                const PieceMoves<BB>& pm = r_.moves[c][t];
                std::vector<BB> to(static_cast<size_t>(r_.squares), BB{});
                bool any = false;
                for (int from = 0; from < r_.squares; ++from) {
                    BB reach = en_passant_reach_from(pm, from);
                    any = any || reach;
                    while (reach) to[pop_lsb(reach)] |= square_bb<BB>(from);
                }
                if (!any) continue;
                r_.ep_types[c].push_back(t);
                r_.ep_reach_to[c][t] = std::move(to);
            }
        return {};
    }

    // The legality strategy of each side to move, from the opponent's attackers and the move
    // rights; a requested strategy is checked against them.
    Result<void> legality() {
        for (int c = 0; c < 2; ++c) {
            const bool exact_ok = r_.complex_types[1 - c].empty();
            const Legality sound = r_.position_dependent_rights ? Legality::FullTest
                                   : exact_ok                   ? Legality::ExactPins
                                                                : Legality::RemovalTest;
            Legality chosen = sound;
            switch (spec_.rules.legality) {
                case LegalityChoice::Auto:
                    break;
                case LegalityChoice::ExactPins:
                    if (sound != Legality::ExactPins)
                        return make_error(
                            std::string("legality \"exact-pins\" is unsound here: ") +
                                (r_.position_dependent_rights
                                     ? "move rights depend on the position"
                                     : "some piece attacks by more than leaps and plain sliders"),
                            where_);
                    break;
                case LegalityChoice::RemovalTest:
                    if (r_.position_dependent_rights)
                        return make_error(
                            "legality \"removal-test\" is unsound here: move rights depend on the "
                            "position, so moves do not grow monotonically as squares empty",
                            where_);
                    chosen = Legality::RemovalTest;
                    break;
                case LegalityChoice::FullTest:
                    chosen = Legality::FullTest;
                    break;
            }
            r_.legality[c] = chosen;
            if (chosen == Legality::FullTest) r_.plain_moves = false;  // its code is in that build
        }
        return {};
    }

    // Lines between squares, for pins and check evasions.
    Result<void> lines() {
        r_.between_.assign(static_cast<size_t>(r_.squares) * r_.squares, BB{});
        r_.line_.assign(static_cast<size_t>(r_.squares) * r_.squares, BB{});
        static constexpr int D[8][2] = {{1, 0}, {-1, 0},  {0, 1},  {0, -1},
                                        {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
        for (int a = 0; a < r_.squares; ++a)
            for (const auto& d : D) {
                BB full{};
                // The whole line through a in this direction pair.
                for (int sgn : {1, -1}) {
                    int f = r_.file_of(a), rk = r_.rank_of(a);
                    while (true) {
                        f += d[0] * sgn;
                        rk += d[1] * sgn;
                        if (f < 0 || f >= r_.files || rk < 0 || rk >= r_.ranks) break;
                        full |= square_bb<BB>(r_.square(f, rk));
                    }
                }
                full |= square_bb<BB>(a);
                int f = r_.file_of(a), rk = r_.rank_of(a);
                BB between{};
                while (true) {
                    f += d[0];
                    rk += d[1];
                    if (f < 0 || f >= r_.files || rk < 0 || rk >= r_.ranks) break;
                    const int b = r_.square(f, rk);
                    r_.between_[a * r_.squares + b] = between;
                    r_.line_[a * r_.squares + b] = full;
                    between |= square_bb<BB>(b);
                }
            }
        return {};
    }

    // The start array, read by the one FEN board reader: initial squares for `i` moves, initial
    // counts, the kings.
    Result<void> start_array() {
        const std::string board_field = spec_.start_fen.substr(0, spec_.start_fen.find(' '));
        auto placed = read_fen_board(board_field, r_.files, r_.ranks);
        if (!placed)
            return make_error("start_fen: " + placed.error().message, at(spec_.start_fen_where));
        for (const PlacedLetter& p : *placed) {
            const int c = index(p.color);
            const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(p.letter)));
            const PieceType t = r_.armies[c].type_of_letter(p.letter);
            if (t == NoPieceType)
                return make_error(std::string("start_fen: letter '") + up + "' is not in army '" +
                                      r_.armies[c].name + "'",
                                  at(spec_.start_fen_where));
            if (r_.pieces[t].role == PieceRole::Pawn && (r_.back_rank[c] & square_bb<BB>(p.square)))
                return make_error(std::string("start_fen: a pawn ('") + up + "') on " +
                                      (c == 0 ? "White" : "Black") + "'s first rank, at " +
                                      static_cast<char>('a' + r_.file_of(p.square)) +
                                      std::to_string(r_.rank_of(p.square) + 1),
                                  at(spec_.start_fen_where));
            ++r_.armies[c].initial_count[t];
            const int rank = r_.rank_of(p.square);
            for (int f = 0; f < r_.files; ++f)
                r_.initial_squares[c][t] |= square_bb<BB>(r_.square(f, rank));
            if (t == r_.king_type[c]) {
                if (king_sq_[c] != NoSquare)
                    return make_error("start_fen: more than one king per side",
                                      at(spec_.start_fen_where));
                king_sq_[c] = p.square;
            }
            placed_.push_back({p.square, p.color, t});
        }
        for (int c = 0; c < 2; ++c)
            if (king_sq_[c] == NoSquare)
                return make_error("start_fen: a side has no king", at(spec_.start_fen_where));
        return {};
    }

    // Castling geometry from the kings and the corner pieces of the start array, per army and
    // wing (core/castling.hpp).
    Result<void> castling() {
        r_.castling_mask.fill(15);
        for (int c = 0; c < 2; ++c) {
            const ArmySpec& army = *army_spec_[c];
            const int from_move = castling_from_move(spec_, army);
            if (from_move < 1)
                return make_error(
                    "castling from_move must be at least 1 (the first move), not " +
                        std::to_string(from_move),
                    at(army.castling.from_move ? army.castling.where : spec_.castling_where));
            r_.castling_from_move[c] = from_move;
            for (int side = 0; side < 2; ++side)
                if (auto ok = castling_wing_of(c, castling_wing(spec_, army, side), side); !ok)
                    return ok;
        }
        return {};
    }

    // One wing of one colour: its squares, when the wing is on and the corner holds a partner.
    Result<void> castling_wing_of(int c, const CastlingWing& wing, int side) {
        if (!wing.enabled) {
            castling_off_[c][side] = true;
            return {};
        }
        const int k = king_sq_[c];
        const int rank = r_.rank_of(k);
        const int corner = r_.square(side == Kingside ? r_.files - 1 : 0, rank);
        PieceType partner = NoPieceType;
        for (const Placed& p : placed_)
            if (p.square == corner && index(p.color) == c) partner = p.type;
        if (partner == NoPieceType || partner == r_.king_type[c]) return {};
        const int kf = r_.file_of(k), corner_file = r_.file_of(corner);
        auto files =
            castling_files(wing, r_.files, rank, kf, corner_file, at(spec_.castling_where));
        if (!files) return files.error();
        CastlingInfo<BB>& ci = r_.castling[c][side];
        ci.possible = true;
        ci.king_from = k;
        ci.king_to = r_.square(files->king, rank);
        ci.rook_from = corner;
        ci.rook_to = r_.square(files->rook, rank);
        ci.rook_type = partner;
        // Every square between king and rook, and every square either crosses or lands on,
        // must be empty but for the two of them (the rook may cross the king's start square).
        const auto span = [&](int a, int b) {
            BB bb{};
            for (int f = std::min(a, b); f <= std::max(a, b); ++f)
                bb |= square_bb<BB>(r_.square(f, rank));
            return bb;
        };
        ci.must_be_empty =
            span(kf, corner_file) | span(kf, files->king) | span(corner_file, files->rook);
        ci.must_be_empty &= ~(square_bb<BB>(k) | square_bb<BB>(corner));
        const int dir = side == Kingside ? 1 : -1;
        for (int f = kf; f != files->king; f += dir) ci.king_path.push_back(r_.square(f, rank));
        const int bit = 1 << (c * 2 + side);
        r_.castling_mask[corner] &= ~bit;
        r_.castling_mask[k] &= ~(3 << (c * 2));
        return {};
    }

    // Zobrist keys from a fixed seed: identical on every machine and run.
    Result<void> hashing() {
        SplitMix64 rng{0xBA1A9CEULL};  // core/splitmix64.hpp: keys must never change
        r_.zobrist.piece_square.resize(static_cast<size_t>(r_.pieces.size()) * 2 * r_.squares);
        for (auto& k : r_.zobrist.piece_square) k = rng.next();
        r_.zobrist.side = rng.next();
        for (auto& k : r_.zobrist.castling) k = rng.next();
        r_.zobrist.castling[0] = 0;
        r_.zobrist.ep.resize(r_.squares);
        for (auto& k : r_.zobrist.ep) k = rng.next();
        r_.zobrist.hand.resize(2 * MaxPieceTypes * 17);
        for (auto& k : r_.zobrist.hand) k = rng.next();
        return {};
    }

    // The start FEN; with free placement the back-rank pieces start in hand (White places
    // first).
    Result<void> placement() {
        r_.start_fen = without_rights_of_wings_off(spec_.start_fen);
        if (!spec_.rules.free_placement) return {};
        std::string board, hand;
        std::vector<char> grid(r_.squares, 0);
        for (const Placed& p : placed_) {
            const int c = index(p.color);
            const char up = r_.letter(p.color, p.type);
            const char letter = p.color == Color::White ? up : static_cast<char>(std::tolower(up));
            if ((r_.back_rank[c] & square_bb<BB>(p.square)) &&
                r_.pieces[p.type].role != PieceRole::Pawn)
                hand += letter;
            else
                grid[p.square] = letter;
        }
        for (int rank = r_.ranks - 1; rank >= 0; --rank) {
            int empty = 0;
            for (int f = 0; f < r_.files; ++f) {
                const char ch = grid[r_.square(f, rank)];
                if (!ch) {
                    ++empty;
                    continue;
                }
                if (empty) board += std::to_string(empty);
                empty = 0;
                board += ch;
            }
            if (empty) board += std::to_string(empty);
            if (rank) board += '/';
        }
        std::stable_partition(hand.begin(), hand.end(), [](char a) {
            return std::isupper(static_cast<unsigned char>(a)) != 0;
        });
        r_.start_fen = board + "[" + hand + "] w - - 0 1";
        return {};
    }

    // `fen` without the castling rights (its third field) of wings an army does not castle on.
    std::string without_rights_of_wings_off(const std::string& fen) const {
        const std::size_t board_end = fen.find(' ');
        const std::size_t rights_begin =
            board_end == std::string::npos ? std::string::npos : fen.find(' ', board_end + 1);
        if (rights_begin == std::string::npos) return fen;
        const std::size_t rights_end = std::min(fen.find(' ', rights_begin + 1), fen.size());
        std::string rights;
        for (std::size_t i = rights_begin + 1; i < rights_end; ++i) {
            const char ch = fen[i];
            const int c = std::isupper(static_cast<unsigned char>(ch)) ? 0 : 1;
            const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
            const bool off = (up == 'K' && castling_off_[c][Kingside]) ||
                             (up == 'Q' && castling_off_[c][Queenside]);
            if (!off) rights += ch;
        }
        if (rights.empty()) rights = "-";
        return fen.substr(0, rights_begin + 1) + rights + fen.substr(rights_end);
    }

    // Points tables of a points variant (Stylish chess), for the pieces this pairing uses.
    Result<void> scoring() {
        if (!spec_.scoring.enabled) return {};
        auto scoring = compile_scoring(spec_.scoring, scored_pieces(r_));
        if (!scoring) return scoring.error();
        r_.scoring = std::make_shared<const ScoringTables>(std::move(scoring.value()));
        return {};
    }

    struct Placed {
        Square square;
        Color color;
        PieceType type;
    };

    const VariantSpec& spec_;
    Rules<BB>& r_;
    const std::string where_;
    // The lines of the board size, start_fen and [castling] when the loader knew them.
    std::string at(const std::string& line) const { return line.empty() ? where_ : line; }
    std::vector<int> spec_index_;  // type -> index in spec.pieces
    std::vector<Placed> placed_;   // the start array
    std::array<int, 2> king_sq_{NoSquare, NoSquare};
    std::array<const ArmySpec*, 2> army_spec_{};
    // Wings on which an army does not castle (enabled = false): their rights in start_fen are
    // dropped, so that one start array serves every pairing.
    std::array<std::array<bool, 2>, 2> castling_off_{};
};

}  // namespace

template <Bitboard BB>
Result<std::shared_ptr<const Rules<BB>>> Rules<BB>::compile(const VariantSpec& spec,
                                                            const std::string& white_army,
                                                            const std::string& black_army) {
    auto rules = std::make_shared<Rules<BB>>();
    rules->spec_ = spec;
    if (auto ok = Compiler<BB>(spec, *rules).run(white_army, black_army); !ok) return ok.error();
    return std::shared_ptr<const Rules<BB>>(rules);
}

template class Rules<u64>;
template class Rules<u128>;

Result<AnyRules> compile_rules(const VariantSpec& spec, const std::string& white_army,
                               const std::string& black_army) {
    AnyRules any;
    if (spec.files * spec.ranks <= 64) {
        auto r = Rules<u64>::compile(spec, white_army, black_army);
        if (!r) return r.error();
        any.narrow = *r;
    } else {
        auto r = Rules<u128>::compile(spec, white_army, black_army);
        if (!r) return r.error();
        any.wide = *r;
    }
    return any;
}

}  // namespace balance::core
