#pragma once
// Where a command's output file goes (report --out, values --out and --write-values, fix
// --html, calibrate --write-values, export --pgn, pieces --fairymax and --sjaakii), and how it
// is written.
//
// A path that names a symbolic link is written through it, to the file it points to (the link
// stays). A regular file (or none yet) is written whole or not at all: into a temporary file
// beside it, then renamed over it (creating its directory), so an interrupted write leaves the
// old file as it was. A FIFO or a character device (/dev/null, /dev/stdout's terminal) is
// written in place, as a shell's `>` would, and never replaced; a FIFO that no process reads is
// refused instead of waited on. A directory, a socket or a block device is refused.

#include <filesystem>
#include <string>

#include "balance/cli/app_context.hpp"
#include "balance/core/error.hpp"

namespace balance::cli {

// How an output path is written.
enum class OutputKind {
    Replaced,  // a regular file, or nothing yet: temporary file, then rename
    InPlace,   // a FIFO or a character device: opened and written, never replaced
};

struct OutputTarget {
    std::filesystem::path file;  // the path with every symbolic link followed
    OutputKind kind = OutputKind::Replaced;
};

// What `path` is and how it would be written, from the file system's metadata alone (nothing
// is opened or created); an error for a directory, socket, block device or a symbolic link
// loop, naming `path`.
[[nodiscard]] Result<OutputTarget> output_target(const std::string& path);

// Checks, before a long run, that `path` can be written at its end: output_target, and a
// directory to hold a new or replaced file that exists (or can be created) and is writable.
// Creates nothing.
[[nodiscard]] Result<void> check_output_path(const std::string& path);

// Writes `text` to `path` as the header describes.
[[nodiscard]] Result<void> write_text_file(const std::string& path, const std::string& text);

// Writes `text` to `path` (write_text_file) or, when `path` is empty, to ctx.out.
// Returns the exit status (1 after reporting an error).
int deliver(AppContext& ctx, const std::string& path, const std::string& text);

}  // namespace balance::cli
