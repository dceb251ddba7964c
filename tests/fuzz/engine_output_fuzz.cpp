// What an external engine prints: every input line goes through the UCI parsers (option,
// info, bestmove) and the XBoard ones (features, line kinds, thinking output), and the whole
// input through the XBoard placement reader (a FEN turned into edit commands).

#include <sstream>
#include <string>

#include "balance/players/external/uci_protocol.hpp"
#include "external/xboard_protocol.hpp"
#include "fuzz_support.hpp"
#include "fuzz_targets.hpp"

namespace balance::fuzz {

int engine_output(const std::uint8_t* data, std::size_t size) {
    using namespace players::external;
    const std::string_view text = as_text(data, size);
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) {
        (void)parse_uci_option(line);
        (void)parse_uci_info(line);
        (void)parse_bestmove(line);
        (void)parse_features(line);
        (void)classify_xboard_line(line);
        (void)parse_thinking(line);
    }
    if (auto placement = parse_placement(text)) (void)edit_commands(*placement);
    return 0;
}

}  // namespace balance::fuzz
