#include "external/sjaakii_leaps.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <utility>

namespace balance::players::external {

namespace {

using Vec = std::pair<int, int>;
// Target -> the squares that must be empty to reach it, one alternative each; nullopt: none
// (a plain leap). A target with a plain leap needs nothing else.
using Reach = std::map<Vec, std::set<std::optional<Vec>>>;

void add(Reach& reach, Vec target, std::optional<Vec> through) {
    auto& ways = reach[target];
    if (ways.contains(std::nullopt)) return;
    if (!through) ways.clear();
    ways.insert(through);
}

// The 8 images of a vector (fewer for symmetric ones), as SjaakII's `leap` reaches them.
std::set<Vec> images(Vec v) {
    const auto [x, y] = v;
    return {{x, y}, {x, -y}, {-x, y}, {-x, -y}, {y, x}, {-y, x}, {y, -x}, {-y, -x}};
}

Vec representative(Vec v) {
    const int a = std::abs(v.first), b = std::abs(v.second);
    return {std::max(a, b), std::min(a, b)};
}

// Representatives in order of first appearance, and every image they stand for.
struct Orbits {
    std::vector<Vec> order;
    std::set<Vec> all;
    void add(Vec v) {
        const Vec rep = representative(v);
        if (std::find(order.begin(), order.end(), rep) != order.end()) return;
        order.push_back(rep);
        for (const Vec& image : images(rep)) all.insert(image);
    }
};

std::string vector_text(Vec v) {
    return "(" + std::to_string(v.first) + "," + std::to_string(v.second) + ")";
}

std::string joined(const std::vector<Vec>& vectors) {
    std::string out;
    for (const Vec& v : vectors) out += (out.empty() ? "" : "|") + vector_text(v);
    return out;
}

// One operand of `+` or `&`: a vector, or alternatives in brackets.
std::string alternatives(const std::vector<Vec>& vectors) {
    return vectors.size() > 1 ? "(" + joined(vectors) + ")" : joined(vectors);
}

// SjaakII reads the operator after a vector from the character that follows its second number's
// first digit and closing brackets: a leg's last vector must have one-digit, unsigned numbers.
bool one_digit(const std::vector<Vec>& vectors) {
    return std::all_of(vectors.begin(), vectors.end(),
                       [](Vec v) { return v.first < 10 && v.second < 10; });
}

}  // namespace

std::optional<std::string> sjaakii_leap(const std::vector<core::BetzaAtom>& atoms) {
    Reach ours;
    Orbits plain, first_legs, second_legs, mask;
    std::vector<Vec> listed;  // plain leap vectors as given, for `aleap`
    bool lame = false;
    for (const auto& a : atoms) {
        const Vec target{a.dx, a.dy};
        mask.add(target);
        if (a.kind == core::BetzaAtom::Kind::Lame) {
            const Vec through = a.path.front();
            add(ours, target, through);
            first_legs.add(through);
            second_legs.add({a.dx - through.first, a.dy - through.second});
            lame = true;
        } else {
            add(ours, target, std::nullopt);
            plain.add(target);
            if (std::find(listed.begin(), listed.end(), target) == listed.end())
                listed.push_back(target);
        }
    }
    if (ours.empty()) return std::nullopt;

    if (!lame) {
        // Every image present: the symmetric leaper; otherwise the vectors one by one.
        std::set<Vec> targets;
        for (const auto& [target, ways] : ours) targets.insert(target);
        return targets == plain.all ? "leap " + joined(plain.order) : "aleap " + joined(listed);
    }
    if (!one_digit(first_legs.order) || !one_digit(second_legs.order)) return std::nullopt;
    Reach theirs;
    for (const Vec& p : first_legs.all) {
        if (mask.all.contains(p)) add(theirs, p, std::nullopt);
        for (const Vec& rep : second_legs.order)
            for (const Vec& q : images(rep)) {
                const Vec d{p.first + q.first, p.second + q.second};
                if (d != Vec{0, 0} && mask.all.contains(d)) add(theirs, d, p);
            }
    }
    if (theirs != ours) return std::nullopt;
    return "leap (" + alternatives(first_legs.order) + "+" + alternatives(second_legs.order) +
           ")&" + alternatives(mask.order);
}

}  // namespace balance::players::external
