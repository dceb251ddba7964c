#pragma once
// The zones of a SjaakII variant (named sets of squares its Special and Promotion lines refer
// to), made from sets of whole ranks as they are needed.

#include <map>
#include <set>
#include <string>
#include <utility>

namespace balance::players::external {

class SjaakiiZones {
  public:
    SjaakiiZones(int files, int ranks) : files_(files), ranks_(ranks) {}

    // The zone of these ranks (0 = the first), defined on first use: "rank2", "ranks2_3", or
    // SjaakII's own "all" and "empty".
    std::string of(const std::set<int>& ranks);

    // The `Zone:` lines of every zone used: single ranks from the top down, as SjaakII's own
    // files list them, then the others.
    [[nodiscard]] std::string text() const;

  private:
    int files_, ranks_;
    std::map<std::pair<int, std::string>, std::string> zones_;  // (order, name) -> squares
};

}  // namespace balance::players::external
