#include "external/definitions_files.hpp"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

namespace balance::players::external {

namespace {

std::uint64_t fnv1a(const std::string& text) {
    std::uint64_t h = 14695981039346656037ULL;
    for (const unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

}  // namespace

std::string text_hash(const std::string& text) {
    char hash[32];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(text)));
    return hash;
}

std::string read_text_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

Result<std::filesystem::path> write_definitions_file(const std::filesystem::path& dir,
                                                     const std::string& prefix,
                                                     const std::string& extension,
                                                     const std::string& text) {
    // Absolute: the engine may run in another working directory.
    const std::filesystem::path base =
        std::filesystem::absolute(dir.empty() ? std::filesystem::temp_directory_path() : dir);
    const std::string name = prefix + "-" + text_hash(text) + "." + extension;
    const std::filesystem::path path = base / name;
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && read_text_file(path) == text) return path;
    std::filesystem::create_directories(base, ec);
    // Unique per process and thread: players of several threads may write the same file at
    // once, while one thread's writes follow each other.
    const std::filesystem::path temporary =
        base / (name + ".tmp" + std::to_string(::getpid()) + "-" +
                std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id())));
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << text;
        if (!out.flush())
            return make_error("cannot write the engine's definitions", temporary.string());
    }
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        std::filesystem::remove(temporary, ec);
        return make_error("cannot write the engine's definitions: " + ec.message(), path.string());
    }
    return path;
}

bool use_definitions_variant(XboardConfig& xboard, const std::string& engine_variant) {
    if (!engine_variant.empty() && engine_variant[0] == '!') {
        xboard.process.argv = {"/nonexistent/" + engine_variant.substr(1)};
        return false;
    }
    const auto bar = engine_variant.find('|');
    if (bar == std::string::npos) return false;
    xboard.process.argv.push_back(engine_variant.substr(0, bar));
    xboard.variant = engine_variant.substr(bar + 1);
    return true;
}

}  // namespace balance::players::external
