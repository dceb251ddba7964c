#pragma once
// Points scoring (Stylish chess, RULES.md §3) as plain data: the [scoring] section of a variant
// file, filled by the config loader and compiled by compile_scoring() into ScoringTables.
// Pieces are named as in [pieces.*]; `where` fields carry "file:line" for error messages.

#include <map>
#include <string>
#include <vector>

namespace balance::core {

// Which moves of the capturer a capture-table row covers. A piece may have one row for all its
// captures, or a diagonal and an orthogonal row (the Queen in §3.2). Captures along neither
// (a knight's leap) use the diagonal row of a split piece.
enum class CaptureDirection { Any, Diagonal, Orthogonal };

struct CaptureRowSpec {
    std::string capturer;  // piece name
    CaptureDirection direction = CaptureDirection::Any;
    std::map<std::string, int> points;  // captured piece name -> points
    std::string where;
};

struct MateEntrySpec {
    std::string piece;  // the checking piece
    int adjacent = 0;   // the checker stands next to the mated king
    int distant = 0;    // it does not
    std::string where;
};

enum class NewlyCovered { Once, PerSquare };    // §3.3 [AMBIGUOUS]: +70 once or per square
enum class DrawEqualMaterial { Nobody, Both };  // §3.5 [AMBIGUOUS]: equal material in a draw
enum class EqualPoints { Draw, Board };         // §3.1 [AMBIGUOUS]: a tie on points

struct ScoringSpec {
    bool enabled = false;  // false: no [scoring] section, or `enabled = false` (orthodox result)
    std::string where;     // "file:line" of [scoring]
    std::vector<CaptureRowSpec> capture;
    std::string capture_where;  // "file:line" of [scoring.capture]
    std::vector<MateEntrySpec> mate;
    std::string mate_where;
    int discovered_bonus = 0;     // a piece other than the checker moved and unblocked it
    int newly_covered_bonus = 0;  // ... and that moved piece now covers a formerly safe square
    NewlyCovered newly_covered = NewlyCovered::Once;
    int promoted_mate_bonus = 0;           // the checker is the pawn promoted by the mating move
    std::map<std::string, int> promotion;  // bonus for promoting to a piece (not when mating)
    std::string promotion_where;
    std::map<std::string, int> draw_material;  // §3.5 material values of non-royal pieces
    std::string draw_material_where;
    int draw_max_material = 0;            // 39
    std::vector<std::string> lone_minor;  // K+K+one of these counts as "bare kings"
    int bare_kings_points = 0;            // to the side that made the last capture
    DrawEqualMaterial draw_equal_material = DrawEqualMaterial::Nobody;
    bool draw_clamp = false;  // clamp (max - own) at 0 when promoted material exceeds max
    bool draw_points = true;  // false: draws score no points (measures the draw rule's effect)
    EqualPoints equal_points = EqualPoints::Draw;
};

}  // namespace balance::core
