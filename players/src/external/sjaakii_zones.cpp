#include "external/sjaakii_zones.hpp"

#include "external/xboard_protocol.hpp"

namespace balance::players::external {

std::string SjaakiiZones::of(const std::set<int>& ranks) {
    if (ranks.empty()) return "empty";
    if (static_cast<int>(ranks.size()) == ranks_) return "all";
    std::string name = ranks.size() == 1 ? "rank" : "ranks";
    std::string squares;
    bool first = true;
    for (const int r : ranks) {
        name += (first ? "" : "_") + std::to_string(r + 1);
        first = false;
        for (int f = 0; f < files_; ++f)
            squares += (squares.empty() ? "" : ",") + square_name(f, r);
    }
    const int order = ranks.size() == 1 ? ranks_ - *ranks.begin() : ranks_ + 1;
    zones_.emplace(std::pair{order, name}, squares);
    return name;
}

std::string SjaakiiZones::text() const {
    std::string out;
    for (const auto& [key, squares] : zones_) out += "Zone: " + key.second + " = " + squares + "\n";
    return out;
}

}  // namespace balance::players::external
