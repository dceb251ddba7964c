#include "balance/players/external/fairy_stockfish_verify.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "balance/core/army_lookup.hpp"
#include "balance/core/game.hpp"
#include "balance/core/perft.hpp"
#include "balance/players/external/process.hpp"
#include "external/definitions_files.hpp"
#include "external/xboard_protocol.hpp"

namespace balance::players::external {

namespace {

// A board to write FENs from: letters by (file, rank), '.' empty.
class Board {
  public:
    Board(int files, int ranks)
        : files_(files), ranks_(ranks), squares_(static_cast<std::size_t>(files * ranks), '.') {}
    char& at(int file, int rank) {
        return squares_[static_cast<std::size_t>(rank * files_ + file)];
    }
    [[nodiscard]] std::string fen(bool white_to_move, const std::string& rights = "-",
                                  const std::string& ep = "-") const {
        std::string out;
        for (int rank = ranks_ - 1; rank >= 0; --rank) {
            int empty = 0;
            for (int file = 0; file < files_; ++file) {
                const char c = squares_[static_cast<std::size_t>(rank * files_ + file)];
                if (c == '.') {
                    ++empty;
                    continue;
                }
                if (empty) out += std::to_string(empty);
                empty = 0;
                out += c;
            }
            if (empty) out += std::to_string(empty);
            if (rank > 0) out += '/';
        }
        return out + (white_to_move ? " w " : " b ") + rights + " " + ep + " 0 1";
    }

  private:
    int files_, ranks_;
    std::string squares_;
};

std::string list(const std::set<std::string>& moves) {
    std::string out;
    for (const auto& m : moves) out += (out.empty() ? "" : " ") + m;
    return out.empty() ? "none" : out;
}

// The moves only one side has, or the first root move whose subtree differs.
std::optional<std::string> difference(const FairyStockfishSession::Divide& ours,
                                      const FairyStockfishSession::Divide& theirs) {
    std::set<std::string> only_ours, only_theirs;
    for (const auto& [m, n] : ours.moves)
        if (!theirs.moves.contains(m)) only_ours.insert(m);
    for (const auto& [m, n] : theirs.moves)
        if (!ours.moves.contains(m)) only_theirs.insert(m);
    if (!only_ours.empty() || !only_theirs.empty())
        return "moves only ours: " + list(only_ours) +
               "; only Fairy-Stockfish's: " + list(only_theirs);
    for (const auto& [m, n] : ours.moves)
        if (theirs.moves.at(m) != n)
            return "after " + m + " ours " + std::to_string(n) + " nodes, Fairy-Stockfish's " +
                   std::to_string(theirs.moves.at(m));
    return std::nullopt;
}

class Verifier {
  public:
    Verifier(const core::VariantSpec& spec, const std::string& white, const std::string& black,
             FairyStockfishSession& session)
        : spec_(spec), white_(white), black_(black), session_(session) {}

    // Whether the last error was a difference found (not a failure to ask).
    [[nodiscard]] bool refused() const { return refused_; }

    Result<void> run() {
        auto rules = core::compile_rules(spec_, white_, black_);
        if (!rules) return rules.error();
        rules_ = *rules;
        for (int side = 0; side < 2; ++side) {
            armies_[side] = core::find_army(spec_.armies, side == 0 ? white_ : black_);
            if (!armies_[side]) return make_error("unknown army", spec_.file);
        }
        // Pieces first: a difference there names the piece and the square.
        if (auto ok = pieces_alone(); !ok) return ok;
        if (auto ok = compare("the start position", spec_.start_fen, 3); !ok) return ok;
        return rule_positions();
    }

  private:
    Result<void> refuse(const std::string& what) {
        refused_ = true;
        return make_error("Fairy-Stockfish plays " + white_ + " vs " + black_ + " of variant '" +
                              spec_.name + "' otherwise than we do: " + what +
                              " (it misreads these definitions; not played)",
                          spec_.file);
    }

    Result<void> compare(const std::string& what, const std::string& fen, int depth) {
        auto ours = our_divide(spec_, white_, black_, fen, depth);
        if (!ours) return ours.error();
        auto theirs = session_.perft(fen, depth);
        if (!theirs) return theirs.error();
        if (auto diff = difference(*ours, *theirs))
            return refuse(what + " (" + fen + ", perft " + std::to_string(depth) + "): " + *diff);
        return {};
    }

    char letter(int side, const std::string& piece) const {
        for (const auto& [l, name] : armies_[side]->letters)
            if (name == piece) return side == 0 ? upper_letter(l) : lower_letter(l);
        return 0;
    }

    const core::PieceSpec* piece(const std::string& name) const {
        for (const auto& p : spec_.pieces)
            if (p.name == name) return &p;
        return nullptr;
    }

    std::string king_of(int side) const {
        for (const auto& [l, name] : armies_[side]->letters)
            if (const auto* p = piece(name); p && p->role == core::PieceRole::King) return name;
        return {};
    }

    // Neither king attacked: our rules accept the position with either side to move and find
    // neither side in check.
    bool quiet(const Board& board) const {
        for (const bool white : {true, false}) {
            auto game = core::Game::start(rules_, board.fen(white));
            if (!game || game->in_check()) return false;
        }
        return true;
    }

    // Each piece alone with the two kings, from every square, for each colour that has it.
    Result<void> pieces_alone() {
        const int files = spec_.files, ranks = spec_.ranks;
        std::vector<std::pair<int, int>> king_squares;
        for (int f : {0, files - 1, 1, files - 2, files / 2})
            for (int r : {0, ranks - 1, 1, ranks - 2, ranks / 2}) king_squares.emplace_back(f, r);
        for (int side = 0; side < 2; ++side) {
            const std::string own_king = king_of(side), their_king = king_of(1 - side);
            std::set<std::string> done;
            for (const auto& [l, name] : armies_[side]->letters) {
                if (!done.insert(name).second) continue;
                const core::PieceSpec* p = piece(name);
                const bool pawn = p && p->role == core::PieceRole::Pawn;
                const bool king = name == own_king;
                for (int rank = pawn ? 1 : 0; rank < (pawn ? ranks - 1 : ranks); ++rank)
                    for (int file = 0; file < files; ++file) {
                        auto ok = piece_alone(side, name, king, file, rank, own_king, their_king,
                                              king_squares);
                        if (!ok) return ok;
                    }
            }
        }
        return {};
    }

    Result<void> piece_alone(int side, const std::string& name, bool king, int file, int rank,
                             const std::string& own_king, const std::string& their_king,
                             const std::vector<std::pair<int, int>>& king_squares) {
        const int files = spec_.files, ranks = spec_.ranks;
        // Kings away from the piece, neither attacked, tried in a fixed order.
        for (const auto& own : king_squares) {
            if (king) {
                if (own != king_squares.front()) break;
            } else if (own == std::pair{file, rank}) {
                continue;
            }
            for (const auto& theirs : king_squares) {
                if (theirs == std::pair{file, rank} || theirs == own) continue;
                if (std::abs(theirs.first - (king ? file : own.first)) <= 1 &&
                    std::abs(theirs.second - (king ? rank : own.second)) <= 1)
                    continue;
                Board board(files, ranks);
                board.at(file, rank) = letter(side, name);
                if (!king) board.at(own.first, own.second) = letter(side, own_king);
                board.at(theirs.first, theirs.second) = letter(1 - side, their_king);
                if (!quiet(board)) continue;
                const std::string fen = board.fen(side == 0);
                return compare(std::string(side == 0 ? "White's " : "Black's ") + name +
                                   " alone on " + square_name(file, rank),
                               fen, 1);
            }
        }
        return {};  // no quiet placement (a tiny board): nothing to compare
    }

    // The start position with the back ranks emptied but for the kings and their corner pieces
    // (castling), and positions with pawns about to promote and to capture en passant.
    Result<void> rule_positions() {
        const int files = spec_.files, ranks = spec_.ranks;
        const std::string board_text = spec_.start_fen.substr(0, spec_.start_fen.find(' '));
        auto start = parse_placement(board_text);
        if (!start) return start.error();
        std::istringstream fields(spec_.start_fen);
        std::string skip, side, rights;
        fields >> skip >> side >> rights;
        Board castling(files, ranks), kings(files, ranks);
        for (const auto& placed : start->pieces) {
            const int s = placed.white() ? 0 : 1;
            const auto it = armies_[s]->letters.find(upper_letter(placed.letter));
            const std::string name = it == armies_[s]->letters.end() ? "" : it->second;
            const bool back = placed.rank == 0 || placed.rank == ranks - 1;
            const bool corner = placed.file == 0 || placed.file == files - 1;
            if (!back || corner || name == king_of(s))
                castling.at(placed.file, placed.rank) = placed.letter;
            if (name == king_of(s)) kings.at(placed.file, placed.rank) = placed.letter;
        }
        if (auto ok = compare("castling", castling.fen(true, rights), 3); !ok) return ok;
        if (auto ok = compare("castling", castling.fen(false, rights), 2); !ok) return ok;
        // Promotions: a pawn of each side one step from the last rank, beside an enemy piece
        // to capture.
        for (int s = 0; s < 2; ++s) {
            const std::string pawn = pawn_of(s);
            const std::string target = any_officer(1 - s);
            if (pawn.empty()) continue;
            Board board = kings;
            const int before = s == 0 ? ranks - 2 : 1, last = s == 0 ? ranks - 1 : 0;
            board.at(1, before) = letter(s, pawn);
            if (!target.empty() && board.at(2, last) == '.')
                board.at(2, last) = letter(1 - s, target);
            if (quiet(board))
                if (auto ok = compare("promotion", board.fen(s == 0), 2); !ok) return ok;
        }
        // En passant: a double step of each side's pawn from its start rank beside an enemy pawn.
        for (int s = 0; s < 2; ++s) {
            const std::string pawn = pawn_of(s), enemy = pawn_of(1 - s);
            if (pawn.empty() || enemy.empty() || ranks < 6) continue;
            Board board = kings;
            const int from = s == 0 ? 1 : ranks - 2, to = s == 0 ? 3 : ranks - 4;
            board.at(4, from) = letter(s, pawn);
            board.at(3, to) = letter(1 - s, enemy);
            board.at(5, to) = letter(1 - s, enemy);
            if (quiet(board))
                if (auto ok = compare("en passant", board.fen(s == 0), 3); !ok) return ok;
        }
        return {};
    }

    std::string pawn_of(int side) const {
        for (const auto& [l, name] : armies_[side]->letters)
            if (const auto* p = piece(name); p && p->role == core::PieceRole::Pawn) return name;
        return {};
    }

    std::string any_officer(int side) const {
        for (const auto& [l, name] : armies_[side]->letters)
            if (const auto* p = piece(name); p && p->role == core::PieceRole::Normal) return name;
        return {};
    }

    const core::VariantSpec& spec_;
    std::string white_, black_;
    FairyStockfishSession& session_;
    bool refused_ = false;
    core::AnyRules rules_;
    std::array<const core::ArmySpec*, 2> armies_{};
};

}  // namespace

FairyStockfishSession::FairyStockfishSession(std::unique_ptr<Process> process,
                                             std::chrono::milliseconds timeout)
    : process_(std::move(process)), timeout_(timeout) {}

FairyStockfishSession::~FairyStockfishSession() {
    if (process_) {
        (void)process_->write_line("quit");
        process_->terminate(std::chrono::milliseconds(300));
    }
}

Result<std::vector<std::string>> FairyStockfishSession::read_until(const std::string& last) {
    std::vector<std::string> lines;
    while (true) {
        auto line = process_->read_line(timeout_);
        if (!line) {
            std::string said;
            for (auto it = lines.rbegin(); it != lines.rend() && said.size() < 400; ++it)
                said = *it + (said.empty() ? "" : " | ") + said;
            return make_error(line.error().describe() + " waiting for '" + last + "'" +
                                  (said.empty() ? "" : " (it said: " + said + ")"),
                              "Fairy-Stockfish");
        }
        lines.push_back(*line);
        if (line->rfind(last, 0) == 0) return lines;
    }
}

Result<std::unique_ptr<FairyStockfishSession>> FairyStockfishSession::open(
    const std::vector<std::string>& command, const std::filesystem::path& ini,
    const std::string& variant, std::chrono::milliseconds timeout) {
    ProcessOptions options;
    options.argv = command;
    options.name = "Fairy-Stockfish";
    auto process = Process::spawn(options);
    if (!process) return process.error().to_error();
    std::unique_ptr<FairyStockfishSession> session(
        new FairyStockfishSession(std::make_unique<Process>(std::move(*process)), timeout));
    const auto send = [&](const std::string& line) -> Result<void> {
        if (auto sent = session->process_->write_line(line); !sent) return sent.error().to_error();
        return {};
    };
    if (auto ok = send("uci"); !ok) return ok.error();
    if (auto ok = session->read_until("uciok"); !ok) return ok.error();
    // Its own check of the file: anything but "Parsing variant" is a complaint.
    if (auto ok = send("check " + ini.string()); !ok) return ok.error();
    if (auto ok = send("isready"); !ok) return ok.error();
    auto checked = session->read_until("readyok");
    if (!checked) return checked.error();
    std::string complaints;
    for (const auto& line : *checked)
        if (!line.empty() && line.rfind("Parsing variant", 0) != 0 && line != "readyok")
            complaints += (complaints.empty() ? "" : "; ") + line;
    if (!complaints.empty())
        return make_error(
            "Fairy-Stockfish rejects the definitions written for " + variant + ": " + complaints,
            ini.string());
    if (auto ok = send("setoption name VariantPath value " + ini.string()); !ok) return ok.error();
    if (auto ok = send("uci"); !ok) return ok.error();
    auto listed = session->read_until("uciok");
    if (!listed) return listed.error();
    const bool known = std::any_of(listed->begin(), listed->end(), [&](const std::string& l) {
        return l.find("UCI_Variant") != std::string::npos &&
               l.find(" var " + variant + " ") != std::string::npos;
    });
    if (!known) return make_error("Fairy-Stockfish did not load variant " + variant, ini.string());
    if (auto ok = session->choose(variant); !ok) return ok.error();
    return session;
}

Result<void> FairyStockfishSession::choose(const std::string& variant) {
    if (auto sent = process_->write_line("setoption name UCI_Variant value " + variant); !sent)
        return sent.error().to_error();
    if (auto sent = process_->write_line("isready"); !sent) return sent.error().to_error();
    if (auto ok = read_until("readyok"); !ok) return ok.error();
    return {};
}

Result<FairyStockfishSession::Divide> FairyStockfishSession::perft(const std::string& fen,
                                                                   int depth) {
    if (auto sent = process_->write_line("position fen " + fen); !sent)
        return sent.error().to_error();
    if (auto sent = process_->write_line("go perft " + std::to_string(depth)); !sent)
        return sent.error().to_error();
    auto lines = read_until("Nodes searched");
    if (!lines) return lines.error();
    Divide out;
    for (const auto& line : *lines) {
        if (line.rfind("Nodes searched: ", 0) == 0) {
            out.nodes = std::stoull(line.substr(16));
            continue;
        }
        const auto colon = line.find(": ");
        if (colon == std::string::npos || line.rfind("info", 0) == 0) continue;
        const std::string count = line.substr(colon + 2);
        if (count.empty() || !std::all_of(count.begin(), count.end(), ::isdigit)) continue;
        out.moves[line.substr(0, colon)] = std::stoull(count);
    }
    return out;
}

Result<FairyStockfishSession::Divide> our_divide(const core::VariantSpec& spec,
                                                 const std::string& white, const std::string& black,
                                                 const std::string& fen, int depth) {
    core::PerftRequest request;
    request.white_army = white;
    request.black_army = black;
    request.fen = fen;
    request.depth = depth;
    request.divide = true;
    auto result = core::run_perft(spec, request);
    if (!result) return result.error();
    FairyStockfishSession::Divide out;
    out.nodes = result->nodes;
    for (const auto& [move, nodes] : result->divide) out.moves[move] = nodes;
    return out;
}

Result<void> verify_fairy_stockfish(const core::VariantSpec& spec, const std::string& white,
                                    const std::string& black, FairyStockfishSession& session,
                                    bool* refused) {
    Verifier verifier(spec, white, black, session);
    auto verified = verifier.run();
    if (refused) *refused = verifier.refused();
    return verified;
}

Result<void> verified_fairy_stockfish(const core::VariantSpec& spec, const std::string& white,
                                      const std::string& black,
                                      const FairyStockfishVariant& variant,
                                      const std::filesystem::path& ini,
                                      const std::vector<std::string>& command,
                                      const std::filesystem::path& cache_dir,
                                      std::chrono::milliseconds timeout) {
    // Named by the definitions (which name the package) and the verification's version.
    const std::string key =
        "verification " + std::to_string(kFairyStockfishVerifyVersion) + "\n" + variant.text;
    auto probe = write_definitions_file(cache_dir, "fairy-stockfish-key", "txt", key);
    if (!probe) return probe.error();
    std::filesystem::path verdict = *probe;
    verdict.replace_extension(".verdict");
    std::error_code ec;
    if (std::filesystem::is_regular_file(verdict, ec)) {
        const std::string text = read_text_file(verdict);
        if (text == "ok\n") return {};
        if (!text.empty()) return make_error(text.substr(0, text.size() - 1), ini.string());
    }
    auto session = FairyStockfishSession::open(command, ini, variant.name, timeout);
    if (!session) return session.error();  // not a verdict: the engine may start next time
    bool refused = false;
    auto verified = verify_fairy_stockfish(spec, white, black, **session, &refused);
    // A verdict is kept; a failure to ask (a timeout on a busy machine) is not one.
    if (!verified && !refused) return verified;
    {
        std::ofstream out(verdict.string() + ".tmp", std::ios::trunc);
        out << (verified ? std::string("ok") : verified.error().message) << "\n";
    }
    std::filesystem::rename(verdict.string() + ".tmp", verdict, ec);
    return verified;
}

Result<std::filesystem::path> verified_fairy_stockfish_file(const core::VariantSpec& spec,
                                                            const std::string& white,
                                                            const std::string& black,
                                                            const std::vector<std::string>& command,
                                                            const std::filesystem::path& dir,
                                                            std::chrono::milliseconds timeout) {
    auto variant = fairy_stockfish_variant(spec, white, black);
    if (!variant) return variant.error();
    auto path = write_definitions_file(dir, "fairy-stockfish", "ini", variant->text);
    if (!path) return path.error();
    if (auto ok =
            verified_fairy_stockfish(spec, white, black, *variant, *path, command, {}, timeout);
        !ok)
        return ok.error();
    return path;
}

}  // namespace balance::players::external
