#pragma once
// Where a report command's text goes: the terminal, or a file (--out) with one line saying so.

#include <string>

#include "balance/cli/app_context.hpp"

namespace balance::app::report {

// Writes `text` to `path` (creating its directory) or, when `path` is empty, to ctx.out.
// Returns the exit status (1 after reporting an error).
int deliver(AppContext& ctx, const std::string& path, const std::string& text);

}  // namespace balance::app::report
