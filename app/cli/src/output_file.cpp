#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string_view>

#include <fmt/format.h>

#include "output.hpp"

namespace balance::cli {

namespace {

namespace fs = std::filesystem;

std::string system_error(int error) {
    return std::strerror(error);
}

// The path with its symbolic links followed, the last one's target included when it does not
// exist yet (written through, as a shell's `>` does).
Result<fs::path> follow_links(const std::string& path) {
    fs::path file(path);
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st {};
        if (::lstat(file.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return file;
        std::error_code ec;
        const fs::path target = fs::read_symlink(file, ec);
        if (ec) return make_error("cannot read the symbolic link: " + ec.message(), path);
        file = target.is_absolute() ? target : file.parent_path() / target;
    }
    return make_error("too many levels of symbolic links", path);
}

// Writes all of `text` to `fd`; errno's message on failure.
Result<void> write_all(int fd, std::string_view text, const std::string& path) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return make_error("cannot write the file: " + system_error(errno), path);
        }
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return {};
}

// A FIFO or character device: opened without creating or truncating anything, written, closed.
// Opened non-blocking so that a FIFO without a reader fails at once (ENXIO) instead of waiting
// for one; then blocking again, so a slow reader is waited on.
Result<void> write_in_place(const fs::path& file, const std::string& path,
                            const std::string& text) {
    const int fd = ::open(file.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENXIO)
            return make_error("is a FIFO that no process is reading (start its reader first)",
                              path);
        return make_error("cannot open the file: " + system_error(errno), path);
    }
    struct stat st {};
    Result<void> out;
    if (::fstat(fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)))
        out = make_error("changed into a regular file while it was opened; run again", path);
    else if (::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)
        out = make_error("cannot write the file: " + system_error(errno), path);
    else
        out = write_all(fd, text, path);
    if (::close(fd) != 0 && out)
        out = make_error("cannot write the file: " + system_error(errno), path);
    return out;
}

// A regular file, or none yet: a temporary file beside it, synced, then renamed over it.
Result<void> write_replacing(const fs::path& file, const std::string& path,
                             const std::string& text) {
    std::error_code ec;
    if (file.has_parent_path()) {
        fs::create_directories(file.parent_path(), ec);
        if (ec) return make_error("cannot create the file's directory: " + ec.message(), path);
    }
    const fs::path temporary =
        file.string() + ".tmp-" + std::to_string(static_cast<long>(::getpid()));
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return make_error("cannot write the file: " + system_error(errno), path);
    Result<void> out = write_all(fd, text, path);
    if (out && ::fsync(fd) != 0)
        out = make_error("cannot write the file: " + system_error(errno), path);
    if (::close(fd) != 0 && out)
        out = make_error("cannot write the file: " + system_error(errno), path);
    if (out && ::rename(temporary.c_str(), file.c_str()) != 0)
        out = make_error("cannot write the file: " + system_error(errno), path);
    if (!out) fs::remove(temporary, ec);
    return out;
}

}  // namespace

Result<OutputTarget> output_target(const std::string& path) {
    auto file = follow_links(path);
    if (!file) return file.error();
    struct stat st {};
    if (::stat(file->c_str(), &st) != 0) {
        if (errno == ENOENT) return OutputTarget{*file, OutputKind::Replaced};
        return make_error("cannot write the file: " + system_error(errno), path);
    }
    if (S_ISREG(st.st_mode)) return OutputTarget{*file, OutputKind::Replaced};
    if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
        return OutputTarget{*file, OutputKind::InPlace};
    if (S_ISDIR(st.st_mode)) return make_error("is a directory: give the output file's name", path);
    return make_error(fmt::format("is a {}, not a file: refused as an output",
                                  S_ISBLK(st.st_mode) ? "block device" : "socket"),
                      path);
}

Result<void> check_output_path(const std::string& path) {
    auto target = output_target(path);
    if (!target) return target.error();
    if (target->kind == OutputKind::InPlace) return {};
    // The file's directory, or the nearest part of it that exists (the rest is created).
    fs::path dir = target->file.parent_path();
    for (;;) {
        const fs::path shown = dir.empty() ? fs::path(".") : dir;
        struct stat st {};
        if (::stat(shown.c_str(), &st) == 0) {
            if (!S_ISDIR(st.st_mode))
                return make_error(
                    fmt::format("cannot create the file's directory: '{}' is not a directory",
                                shown.string()),
                    path);
            if (::access(shown.c_str(), W_OK | X_OK) != 0)
                return make_error(fmt::format("cannot write into the directory '{}': {}",
                                              shown.string(), system_error(errno)),
                                  path);
            return {};
        }
        if (errno != ENOENT || dir.empty())
            return make_error(fmt::format("cannot use the directory '{}': {}", shown.string(),
                                          system_error(errno)),
                              path);
        dir = dir.has_relative_path() ? dir.parent_path() : fs::path();
    }
}

Result<void> write_text_file(const std::string& path, const std::string& text) {
    auto target = output_target(path);
    if (!target) return target.error();
    return target->kind == OutputKind::InPlace ? write_in_place(target->file, path, text)
                                               : write_replacing(target->file, path, text);
}

int deliver(AppContext& ctx, const std::string& path, const std::string& text) {
    if (path.empty()) {
        ctx.out << text;
        return 0;
    }
    if (auto written = write_text_file(path, text); !written)
        return report_error(ctx, written.error());
    ctx.out << "wrote " << path << " (" << text.size() << " bytes)\n";
    return 0;
}

}  // namespace balance::cli
