// fuzz_corpus_replay <target> <directory>: feeds every file of the directory to the fuzz target,
// as libFuzzer would, so the checked-in corpus (and every crash once fixed) stays a regression
// test of the normal build. Exit 0 when every input returned; a crash fails the test.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "fuzz_targets.hpp"

namespace {

using Target = int (*)(const std::uint8_t*, std::size_t);

const std::map<std::string, Target>& targets() {
    static const std::map<std::string, Target> all{
        {"fen", balance::fuzz::fen},
        {"betza", balance::fuzz::betza},
        {"variant_file", balance::fuzz::variant_file},
        {"sweep_file", balance::fuzz::sweep_file},
        {"uci_engine", balance::fuzz::uci_engine},
        {"engine_output", balance::fuzz::engine_output},
    };
    return all;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3 || !targets().count(argv[1])) {
        std::fprintf(stderr, "usage: fuzz_corpus_replay <target> <corpus directory>\n");
        return 2;
    }
    const Target target = targets().at(argv[1]);
    std::vector<std::filesystem::path> files;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(argv[2], error))
        if (entry.is_regular_file()) files.push_back(entry.path());
    if (error || files.empty()) {
        std::fprintf(stderr, "%s: no corpus files\n", argv[2]);
        return 1;
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
        target(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::printf("%s: %zu inputs replayed\n", argv[1], files.size());
    return 0;
}
