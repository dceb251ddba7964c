#pragma once
// Where a report command's text goes: the terminal, or a file (--out) with one line saying so.

#include <string>

#include "balance/cli/app_context.hpp"
#include "balance/core/error.hpp"

namespace balance::cli {

// Writes `text` to `path` whole or not at all: into a temporary file beside it, then renamed
// over it (creating its directory). An interrupted write leaves the old file as it was.
[[nodiscard]] Result<void> write_text_file(const std::string& path, const std::string& text);

// Writes `text` to `path` (write_text_file) or, when `path` is empty, to ctx.out.
// Returns the exit status (1 after reporting an error).
int deliver(AppContext& ctx, const std::string& path, const std::string& text);

}  // namespace balance::cli
