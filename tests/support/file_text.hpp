#pragma once
// A file's whole contents, byte for byte (empty when it cannot be read): the one reader the tests
// share, so that no two test files of a unity build define their own.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace balance::testing {

inline std::string file_text(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace balance::testing
