#pragma once
// Helpers shared by the fuzz targets.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

namespace balance::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Writes the input to a file of this process (the loaders read paths, as users give them).
inline std::filesystem::path write_input(std::string_view text, const char* name) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("balance-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto file = dir / name;
    std::ofstream(file, std::ios::binary | std::ios::trunc)
        .write(text.data(), static_cast<long>(text.size()));
    return file;
}

}  // namespace balance::fuzz
