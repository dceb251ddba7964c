#pragma once
// Ending games early by the engines' own scores, as cutechess and fishtest do: a resignation when
// both engines agree one side is far ahead, a draw when both keep saying the game is level, and
// a hard ply cap. Every rule can be switched off in the sweep file.

#include <optional>
#include <string>
#include <vector>

#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

struct Verdict {
    std::string termination;  // adjudication-max-plies, adjudication-resign, adjudication-draw
    int winner = -1;          // 0 White, 1 Black, -1 draw
};

// `scores`: one entry per ply played from the game's start position, the mover's score turned
// to White's view, nullopt when the mover reported none (baselines). A rule over N moves looks
// at the last 2N plies (N moves of each side) and needs every one of those scores; the draw rule
// also needs at least `after_ply` plies played. Resign is checked before draw, both before the
// ply cap.
[[nodiscard]] std::optional<Verdict> adjudicate(const AdjudicationSpec& spec,
                                                const std::vector<std::optional<int>>& scores);

}  // namespace balance::tournament
