// Rules::compile: spec + armies -> immutable move tables.

#include "balance/core/rules.hpp"

#include <algorithm>
#include <cctype>

#include "balance/core/betza.hpp"

namespace balance::core {
namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

const ArmySpec* find_army(const VariantSpec& spec, const std::string& name) {
    const std::string key = lower(name);
    for (const auto& army : spec.armies) {
        if (lower(army.name) == key) return &army;
        for (const auto& alias : army.aliases)
            if (lower(alias) == key) return &army;
    }
    return nullptr;
}

std::string army_names(const VariantSpec& spec) {
    std::string names;
    for (const auto& army : spec.armies) names += (names.empty() ? "" : ", ") + army.name;
    return names;
}

// Deterministic 64-bit generator for Zobrist keys (SplitMix64).
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
};

// Reads the piece-placement field of a FEN into (square, colour, letter) triples.
struct Placed {
    int sq;
    Color color;
    char letter;  // upper case
};

Result<std::vector<Placed>> read_board(const std::string& board, int files, int ranks) {
    std::vector<Placed> out;
    int rank = ranks - 1, file = 0;
    for (size_t i = 0; i < board.size(); ++i) {
        const char ch = board[i];
        if (ch == '/') {
            if (file != files)
                return make_error("rank " + std::to_string(rank + 1) + " has " +
                                  std::to_string(file) + " files, expected " +
                                  std::to_string(files));
            --rank;
            file = 0;
            if (rank < 0) return make_error("too many ranks, expected " + std::to_string(ranks));
        } else if (std::isdigit(static_cast<unsigned char>(ch))) {
            int n = 0;
            while (i < board.size() && std::isdigit(static_cast<unsigned char>(board[i])))
                n = n * 10 + (board[i++] - '0');
            --i;
            file += n;
        } else if (std::isalpha(static_cast<unsigned char>(ch))) {
            if (file >= files)
                return make_error("rank " + std::to_string(rank + 1) + " is too long");
            out.push_back(
                {rank * files + file,
                 std::isupper(static_cast<unsigned char>(ch)) ? Color::White : Color::Black,
                 static_cast<char>(std::toupper(static_cast<unsigned char>(ch)))});
            ++file;
        } else {
            return make_error(std::string("unexpected character '") + ch + "' in the board");
        }
        if (file > files) return make_error("rank " + std::to_string(rank + 1) + " is too long");
    }
    if (rank != 0 || file != files)
        return make_error("the board must have " + std::to_string(ranks) + " ranks of " +
                          std::to_string(files) + " files");
    return out;
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

}  // namespace

template <Bitboard BB>
Result<std::shared_ptr<const Rules<BB>>> Rules<BB>::compile(const VariantSpec& spec,
                                                            const std::string& white_army,
                                                            const std::string& black_army) {
    auto rules = std::make_shared<Rules<BB>>();
    Rules<BB>& r = *rules;
    r.spec_ = spec;
    r.game = spec.rules;
    r.files = spec.files;
    r.ranks = spec.ranks;
    r.squares = spec.files * spec.ranks;
    const std::string where = spec.file.empty() ? spec.name : spec.file;
    if (spec.files < 2 || spec.ranks < 2 || spec.files > 16 || spec.ranks > 16 ||
        r.squares > max_squares<BB>)
        return make_error("board " + std::to_string(spec.files) + "x" + std::to_string(spec.ranks) +
                              " is not supported (2..16 files and ranks, at most 128 squares)",
                          where);
    for (int s = 0; s < r.squares; ++s) r.board |= square_bb<BB>(s);
    r.sliders = std::make_unique<SliderAttacks<BB>>(r.files, r.ranks);

    // Armies and the piece types they use, in the spec's piece order.
    const ArmySpec* army_spec[2] = {
        find_army(spec, white_army.empty() ? spec.default_white : white_army),
        find_army(spec, black_army.empty() ? spec.default_black : black_army)};
    for (int c = 0; c < 2; ++c) {
        if (!army_spec[c])
            return make_error("unknown army '" + (c == 0 ? white_army : black_army) +
                                  "' (variant " + spec.name + " has: " + army_names(spec) + ")",
                              where);
        if (!(c == 0 ? army_spec[c]->can_play_white : army_spec[c]->can_play_black))
            return make_error(
                "army '" + army_spec[c]->name + "' may not play " + (c == 0 ? "White" : "Black"),
                where);
    }
    std::vector<int> spec_index;  // type -> index in spec.pieces
    for (size_t i = 0; i < spec.pieces.size(); ++i) {
        bool used = false;
        for (const ArmySpec* a : army_spec)
            for (const auto& [letter, name] : a->letters)
                used = used || name == spec.pieces[i].name;
        if (used) spec_index.push_back(static_cast<int>(i));
    }
    if (spec_index.size() > static_cast<size_t>(MaxPieceTypes))
        return make_error("too many piece types in one pairing (at most 32)", where);
    auto type_of_name = [&](const std::string& name) -> PieceType {
        for (size_t t = 0; t < spec_index.size(); ++t)
            if (spec.pieces[spec_index[t]].name == name) return static_cast<PieceType>(t);
        return NoPieceType;
    };
    for (int idx : spec_index) {
        const PieceSpec& ps = spec.pieces[idx];
        r.pieces.push_back(PieceInfo{ps.name, ps.role, ps.value, {}});
    }
    for (int c = 0; c < 2; ++c) {
        const ArmySpec& as = *army_spec[c];
        ArmyInfo& army = r.armies[c];
        army.name = as.name;
        army.by_letter.fill(NoPieceType);
        const std::string awhere = as.where.empty() ? where : as.where;
        for (const auto& [letter, name] : as.letters) {
            const PieceType t = type_of_name(name);
            if (t == NoPieceType)
                return make_error("army '" + as.name + "' names unknown piece '" + name + "'",
                                  awhere);
            const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
            army.by_letter[static_cast<unsigned char>(up)] = t;
            army.types.push_back(t);
            r.pieces[t].letter[c] = up;
            if (r.pieces[t].role == PieceRole::King) {
                if (r.king_type[c] != NoPieceType && r.king_type[c] != t)
                    return make_error("army '" + as.name + "' has more than one king-role piece",
                                      awhere);
                r.king_type[c] = t;
            }
        }
        if (r.king_type[c] == NoPieceType)
            return make_error("army '" + as.name + "' has no piece with role \"king\"", awhere);
        for (const auto& name : as.promotions) {
            const PieceType t = type_of_name(name);
            if (t == NoPieceType ||
                std::find(army.types.begin(), army.types.end(), t) == army.types.end())
                return make_error("army '" + as.name + "' promotes to '" + name +
                                      "', which is not one of its pieces",
                                  awhere);
            if (r.pieces[t].role != PieceRole::Normal)
                return make_error(
                    "army '" + as.name + "' may not promote to pawn or king '" + name + "'",
                    awhere);
            army.promotions.push_back(t);
        }
        for (const auto& material : as.cannot_mate) {
            std::array<int, MaxPieceTypes> counts{};
            for (char ch : material) {
                const PieceType t = army.by_letter[static_cast<unsigned char>(
                    std::toupper(static_cast<unsigned char>(ch)))];
                if (t == NoPieceType)
                    return make_error("army '" + as.name + "' cannot_mate entry '" + material +
                                          "' uses unknown letter '" + ch + "'",
                                      awhere);
                ++counts[t];
            }
            army.cannot_mate.push_back(counts);
        }
    }

    // Move tables per colour and type.
    for (int c = 0; c < 2; ++c) r.moves[c].resize(r.pieces.size());
    for (size_t t = 0; t < r.pieces.size(); ++t) {
        const PieceSpec& ps = spec.pieces[spec_index[t]];
        auto parsed = parse_betza(ps.betza);
        if (!parsed)
            return make_error(
                "piece '" + ps.name + "': betza \"" + ps.betza + "\": " + parsed.error().message,
                ps.where.empty() ? where : ps.where);
        for (int c = 0; c < 2; ++c) {
            PieceMoves<BB>& pm = r.moves[c][t];
            std::vector<std::vector<LameStep<BB>>> lame(r.squares);
            const int forward = c == 0 ? 1 : -1;
            for (const BetzaAtom& atom : *parsed) {
                const int dx = atom.dx, dy = atom.dy * forward;
                if (atom.kind == BetzaAtom::Kind::Slide) {
                    SliderGroup<BB> g;
                    g.orthogonal = dx == 0 || dy == 0;
                    g.move = atom.move;
                    g.capture = atom.capture;
                    g.en_passant = atom.en_passant;
                    g.min_range = atom.min_range;
                    g.max_range = atom.max_range;
                    for (int sq = 0; sq < r.squares; ++sq) {
                        int f = r.file_of(sq), rk = r.rank_of(sq);
                        for (int k = 1;; ++k) {
                            f += dx;
                            rk += dy;
                            if (f < 0 || f >= r.files || rk < 0 || rk >= r.ranks) break;
                            if (atom.max_range != 0 && k > atom.max_range) break;
                            const BB bit = square_bb<BB>(r.square(f, rk));
                            if (k < atom.min_range)
                                g.skip[sq] |= bit;
                            else
                                g.reach[sq] |= bit;
                        }
                    }
                    // Directions of one family with equal range and modality share a group:
                    // their masks simply add up.
                    auto same = std::find_if(
                        pm.sliders.begin(), pm.sliders.end(), [&](const SliderGroup<BB>& o) {
                            return o.orthogonal == g.orthogonal && o.move == g.move &&
                                   o.capture == g.capture && o.en_passant == g.en_passant &&
                                   o.min_range == g.min_range && o.max_range == g.max_range;
                        });
                    if (same == pm.sliders.end()) {
                        pm.sliders.push_back(g);
                    } else {
                        for (int sq = 0; sq < r.squares; ++sq) {
                            same->reach[sq] |= g.reach[sq];
                            same->skip[sq] |= g.skip[sq];
                        }
                    }
                } else if (atom.kind == BetzaAtom::Kind::Leap) {
                    for (int sq = 0; sq < r.squares; ++sq) {
                        const int f = r.file_of(sq) + dx, rk = r.rank_of(sq) + dy;
                        if (f < 0 || f >= r.files || rk < 0 || rk >= r.ranks) continue;
                        const BB bit = square_bb<BB>(r.square(f, rk));
                        if (atom.initial) {
                            if (atom.move) pm.leaps[sq].initial_quiet |= bit;
                            if (atom.capture) pm.leaps[sq].initial_capture |= bit;
                        } else {
                            if (atom.move) pm.leaps[sq].quiet |= bit;
                            if (atom.capture) pm.leaps[sq].capture |= bit;
                            if (atom.en_passant) pm.leaps[sq].en_passant |= bit;
                        }
                    }
                } else {  // Lame
                    const bool creates_ep = ps.role == PieceRole::Pawn && atom.move &&
                                            !atom.capture && atom.path.size() == 1;
                    for (int sq = 0; sq < r.squares; ++sq) {
                        const int f = r.file_of(sq) + dx, rk = r.rank_of(sq) + dy;
                        if (f < 0 || f >= r.files || rk < 0 || rk >= r.ranks) continue;
                        BB block{};
                        bool inside = true;
                        int first_block = NoSquare;
                        for (const auto& [px, py] : atom.path) {
                            const int bf = r.file_of(sq) + px, br = r.rank_of(sq) + py * forward;
                            if (bf < 0 || bf >= r.files || br < 0 || br >= r.ranks)
                                inside = false;
                            else {
                                block |= square_bb<BB>(r.square(bf, br));
                                if (first_block == NoSquare) first_block = r.square(bf, br);
                            }
                        }
                        if (!inside) continue;
                        auto& steps = lame[sq];
                        auto it =
                            std::find_if(steps.begin(), steps.end(), [&](const LameStep<BB>& s) {
                                return s.block == block && s.initial == atom.initial &&
                                       s.creates_ep == creates_ep;
                            });
                        if (it == steps.end()) {
                            LameStep<BB> s;
                            s.block = block;
                            s.initial = atom.initial;
                            s.creates_ep = creates_ep;
                            s.ep_square = creates_ep ? first_block : NoSquare;
                            steps.push_back(s);
                            it = steps.end() - 1;
                        }
                        const BB bit = square_bb<BB>(r.square(f, rk));
                        if (atom.move) it->quiet |= bit;
                        if (atom.capture) it->capture |= bit;
                        if (atom.en_passant) it->en_passant |= bit;
                    }
                }
            }
            for (int sq = 0; sq < r.squares; ++sq) {
                pm.lame_begin[sq] = static_cast<std::uint16_t>(pm.lame_steps.size());
                pm.lame_steps.insert(pm.lame_steps.end(), lame[sq].begin(), lame[sq].end());
            }
            for (int sq = r.squares; sq <= max_squares<BB>; ++sq)
                pm.lame_begin[sq] = static_cast<std::uint16_t>(pm.lame_steps.size());
            // A slider group covering all four directions from step 1 without limit is plain.
            for (auto& g : pm.sliders) {
                bool full = g.min_range == 1 && g.max_range == 0;
                for (int sq = 0; full && sq < r.squares; ++sq)
                    full = g.reach[sq] ==
                           (g.orthogonal ? r.sliders->rook_rays(sq) : r.sliders->bishop_rays(sq));
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
            for (int sq = 0; sq < r.squares; ++sq) {
                for (const auto& s : pm.lame(sq))
                    if (s.capture) pm.has_complex_capture = true;
                if (pm.leaps[sq].initial_capture) pm.has_complex_capture = true;
            }
            for (int to = 0; to < r.squares; ++to)
                for (int from = 0; from < r.squares; ++from)
                    if (pm.leaps[from].capture & square_bb<BB>(to))
                        pm.attacked_from[to] |= square_bb<BB>(from);
        }
    }
    for (int c = 0; c < 2; ++c) {
        r.simple_attackers[c] = true;
        for (PieceType t : r.armies[c].types) {
            const PieceMoves<BB>& pm = r.moves[c][t];
            bool leaps = false;
            for (int sq = 0; sq < r.squares && !leaps; ++sq) leaps = pm.leaps[sq].capture != 0;
            if (leaps) r.leaper_types[c].push_back(t);
            if (pm.has_plain_orthogonal_capture) r.orth_slider_types[c].push_back(t);
            if (pm.has_plain_diagonal_capture) r.diag_slider_types[c].push_back(t);
            if (pm.has_complex_capture) {
                r.complex_types[c].push_back(t);
                r.simple_attackers[c] = false;
            }
        }
    }
    for (int c = 0; c < 2; ++c)
        for (PieceType t : r.complex_types[c]) {
            const PieceMoves<BB>& pm = r.moves[c][t];
            auto& to = r.complex_reach_to[c][t];
            to.assign(static_cast<size_t>(r.squares), BB{});
            for (int from = 0; from < r.squares; ++from) {
                BB reach = pm.leaps[from].capture | pm.leaps[from].initial_capture;
                for (const auto& g : pm.sliders)
                    if (g.capture)
                        reach |= g.plain ? (g.orthogonal ? r.sliders->rook_rays(from)
                                                         : r.sliders->bishop_rays(from))
                                         : g.reach[from];
                for (const auto& s : pm.lame(from)) reach |= s.capture;
                while (reach) to[pop_lsb(reach)] |= square_bb<BB>(from);
            }
        }

    // Lines between squares, for pins and check evasions.
    r.between_.assign(static_cast<size_t>(r.squares) * r.squares, BB{});
    r.line_.assign(static_cast<size_t>(r.squares) * r.squares, BB{});
    for (int a = 0; a < r.squares; ++a)
        for (int dxy = 0; dxy < 8; ++dxy) {
            static constexpr int D[8][2] = {{1, 0}, {-1, 0},  {0, 1},  {0, -1},
                                            {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
            BB full{};
            // The whole line through a in this direction pair.
            for (int sgn : {1, -1}) {
                int f = r.file_of(a), rk = r.rank_of(a);
                while (true) {
                    f += D[dxy][0] * sgn;
                    rk += D[dxy][1] * sgn;
                    if (f < 0 || f >= r.files || rk < 0 || rk >= r.ranks) break;
                    full |= square_bb<BB>(r.square(f, rk));
                }
            }
            full |= square_bb<BB>(a);
            int f = r.file_of(a), rk = r.rank_of(a);
            BB between{};
            while (true) {
                f += D[dxy][0];
                rk += D[dxy][1];
                if (f < 0 || f >= r.files || rk < 0 || rk >= r.ranks) break;
                const int b = r.square(f, rk);
                r.between_[a * r.squares + b] = between;
                r.line_[a * r.squares + b] = full;
                between |= square_bb<BB>(b);
            }
        }

    for (int c = 0; c < 2; ++c) {
        const int last = c == 0 ? r.ranks - 1 : 0, first = c == 0 ? 0 : r.ranks - 1;
        for (int f = 0; f < r.files; ++f) {
            r.promotion_zone[c] |= square_bb<BB>(r.square(f, last));
            r.back_rank[c] |= square_bb<BB>(r.square(f, first));
        }
    }

    // The start array: initial squares for `i` moves, initial counts, castling geometry.
    const std::string board_field = spec.start_fen.substr(0, spec.start_fen.find(' '));
    auto placed = read_board(board_field, r.files, r.ranks);
    if (!placed) return make_error("start_fen: " + placed.error().message, where);
    std::array<int, 2> king_sq{NoSquare, NoSquare};
    for (const Placed& p : *placed) {
        const int c = index(p.color);
        const PieceType t = r.armies[c].by_letter[static_cast<unsigned char>(p.letter)];
        if (t == NoPieceType)
            return make_error(std::string("start_fen: letter '") + p.letter + "' is not in army '" +
                                  r.armies[c].name + "'",
                              where);
        ++r.armies[c].initial_count[t];
        const int rank = r.rank_of(p.sq);
        for (int f = 0; f < r.files; ++f)
            r.initial_squares[c][t] |= square_bb<BB>(r.square(f, rank));
        if (t == r.king_type[c]) {
            if (king_sq[c] != NoSquare)
                return make_error("start_fen: more than one king per side", where);
            king_sq[c] = p.sq;
        }
    }
    for (int c = 0; c < 2; ++c)
        if (king_sq[c] == NoSquare) return make_error("start_fen: a side has no king", where);
    r.castling_mask.fill(15);
    for (int c = 0; c < 2; ++c) {
        if (!spec.castling.enabled) break;
        const int k = king_sq[c];
        const int rank = r.rank_of(k);
        for (int side = 0; side < 2; ++side) {
            const int corner = r.square(side == 0 ? r.files - 1 : 0, rank);
            PieceType partner = NoPieceType;
            for (const Placed& p : *placed)
                if (p.sq == corner && index(p.color) == c)
                    partner = r.armies[c].by_letter[static_cast<unsigned char>(p.letter)];
            if (partner == NoPieceType || partner == r.king_type[c]) continue;
            const int dir = side == 0 ? 1 : -1;
            const int kf = r.file_of(k);
            const int king_to_file = kf + dir * spec.castling.king_travel;
            const int corner_file = r.file_of(corner);
            if ((king_to_file - corner_file) * dir > 0 || king_to_file == kf)
                return make_error("castling: the king would travel past its rook", where);
            CastlingInfo<BB>& ci = r.castling[c][side];
            ci.possible = true;
            ci.king_from = k;
            ci.king_to = r.square(king_to_file, rank);
            ci.rook_from = corner;
            ci.rook_to = r.square(kf + dir, rank);
            ci.rook_type = partner;
            for (int f = std::min(kf, corner_file) + 1; f < std::max(kf, corner_file); ++f)
                ci.must_be_empty |= square_bb<BB>(r.square(f, rank));
            ci.must_be_empty |= square_bb<BB>(ci.king_to) | square_bb<BB>(ci.rook_to);
            ci.must_be_empty &= ~(square_bb<BB>(k) | square_bb<BB>(corner));
            for (int f = kf; f != king_to_file; f += dir) ci.king_path.push_back(r.square(f, rank));
            const int bit = 1 << (c * 2 + side);
            r.castling_mask[corner] &= ~bit;
            r.castling_mask[k] &= ~(3 << (c * 2));
        }
    }

    // Zobrist keys from a fixed seed: identical on every machine and run.
    SplitMix64 rng{0xBA1A9CEULL};
    r.zobrist.piece_square.resize(static_cast<size_t>(r.pieces.size()) * 2 * r.squares);
    for (auto& k : r.zobrist.piece_square) k = rng.next();
    r.zobrist.side = rng.next();
    for (auto& k : r.zobrist.castling) k = rng.next();
    r.zobrist.castling[0] = 0;
    r.zobrist.ep.resize(r.squares);
    for (auto& k : r.zobrist.ep) k = rng.next();
    r.zobrist.hand.resize(2 * MaxPieceTypes * 17);
    for (auto& k : r.zobrist.hand) k = rng.next();

    // With free placement the back-rank pieces start in hand (White places first).
    r.start_fen = spec.start_fen;
    if (spec.rules.free_placement) {
        std::string board, hand;
        int rank = r.ranks - 1;
        std::vector<char> grid(r.squares, 0);
        for (const Placed& p : *placed) {
            const int c = index(p.color);
            const PieceType t = r.armies[c].by_letter[static_cast<unsigned char>(p.letter)];
            const char letter =
                p.color == Color::White ? p.letter : static_cast<char>(std::tolower(p.letter));
            if ((r.back_rank[c] & square_bb<BB>(p.sq)) && r.pieces[t].role != PieceRole::Pawn)
                hand += letter;
            else
                grid[p.sq] = letter;
        }
        for (; rank >= 0; --rank) {
            int empty = 0;
            for (int f = 0; f < r.files; ++f) {
                const char ch = grid[r.square(f, rank)];
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
        r.start_fen = board + "[" + hand + "] w - - 0 1";
    }
    if (spec.scoring.enabled) {
        auto scoring = compile_scoring(spec.scoring, scored_pieces(r));
        if (!scoring) return scoring.error();
        r.scoring = std::make_shared<const ScoringTables>(std::move(scoring.value()));
    }
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
