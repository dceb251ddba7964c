#pragma once
// The order a reader expects for labels with numbers in them: "balance:nodes=4000" before
// "balance:nodes=10000" (runs of digits compare by value), everything else as plain text. The
// report groups cells, army fits, pairs and rule effects by keys holding player labels, so a
// ladder's rungs come out 4k, 10k, 25k, 64k instead of 10k, 25k, 4k, 64k.

#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

#include "balance/analysis/cells.hpp"

namespace balance::analysis {

// <0, 0, >0 like a three-way string comparison, with digit runs compared by value (a run with
// leading zeros after the equal value: "07" after "7"); otherwise byte by byte.
[[nodiscard]] inline int natural_compare(std::string_view a, std::string_view b) {
    const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (is_digit(a[i]) && is_digit(b[j])) {
            std::size_t ei = i, ej = j;
            while (ei < a.size() && is_digit(a[ei])) ++ei;
            while (ej < b.size() && is_digit(b[ej])) ++ej;
            std::size_t si = i, sj = j;  // skip leading zeros for the value comparison
            while (si + 1 < ei && a[si] == '0') ++si;
            while (sj + 1 < ej && b[sj] == '0') ++sj;
            if (ei - si != ej - sj) return ei - si < ej - sj ? -1 : 1;
            if (const int c = a.substr(si, ei - si).compare(b.substr(sj, ej - sj)); c != 0)
                return c;
            if (ei - i != ej - j) return ei - i < ej - j ? -1 : 1;  // fewer leading zeros first
            i = ei;
            j = ej;
            continue;
        }
        if (a[i] != b[j])
            return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]) ? -1 : 1;
        ++i;
        ++j;
    }
    if (i == a.size() && j == b.size()) return 0;
    return i == a.size() ? -1 : 1;
}

// A strict weak order for map keys: strings naturally, tuples of them element by element,
// cells field by field.
struct NaturalLess {
    bool operator()(std::string_view a, std::string_view b) const {
        return natural_compare(a, b) < 0;
    }
    template <class... T>
    bool operator()(const std::tuple<T...>& a, const std::tuple<T...>& b) const {
        return compare_from<0>(a, b) < 0;
    }
    bool operator()(const CellId& a, const CellId& b) const {
        return (*this)(
            std::tie(a.variant, a.white, a.black, a.rules, a.white_player, a.black_player),
            std::tie(b.variant, b.white, b.black, b.rules, b.white_player, b.black_player));
    }

  private:
    template <class T>
    static int compare_one(const T& a, const T& b) {
        if constexpr (std::is_convertible_v<const T&, std::string_view>)
            return natural_compare(a, b);
        else
            return a < b ? -1 : (b < a ? 1 : 0);
    }
    template <std::size_t I, class Tuple>
    static int compare_from(const Tuple& a, const Tuple& b) {
        if constexpr (I == std::tuple_size_v<Tuple>) {
            return 0;
        } else {
            if (const int c = compare_one(std::get<I>(a), std::get<I>(b)); c != 0) return c;
            return compare_from<I + 1>(a, b);
        }
    }
};

}  // namespace balance::analysis
