#include "external/sjaakii_tables.hpp"

#include <algorithm>
#include <set>

namespace balance::players::external {

namespace {

constexpr std::size_t kMaxTypes = 32;
constexpr std::size_t kMaxLeapers = 16;
constexpr std::size_t kMaxSteppers = 15;  // SjaakII keeps stepper 0 for "none"

// A leg or mask written as alternatives, brackets dropped and vectors sorted, so that the same
// table written twice counts once (SjaakII shares equal tables).
std::string table_key(std::string part) {
    std::erase_if(part, [](char c) { return c == '(' || c == ')'; });
    std::vector<std::string> vectors;
    std::string current;
    for (const char c : part + "|") {
        if (c == '|') {
            vectors.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    std::sort(vectors.begin(), vectors.end());
    std::string key;
    for (const auto& v : vectors) key += v + "|";
    return key;
}

}  // namespace

Result<void> check_sjaakii_tables(std::size_t types, const std::vector<std::string>& lines) {
    std::set<std::string> leapers, aleapers, steppers;
    for (const auto& line : lines) {
        if (line.rfind("step ", 0) == 0) {
            steppers.insert(line);
        } else if (line.rfind("aleap ", 0) == 0) {
            aleapers.insert(table_key(line.substr(6)));
        } else if (line.rfind("leap ", 0) == 0) {
            // "leap (a+b)&m": three tables; "leap a|b": one.
            const std::string body = line.substr(5);
            const auto plus = body.find('+'), amp = body.find('&');
            if (plus == std::string::npos || amp == std::string::npos) {
                leapers.insert(table_key(body));
            } else {
                leapers.insert(table_key(body.substr(0, plus)));
                leapers.insert(table_key(body.substr(plus + 1, amp - plus - 1)));
                leapers.insert(table_key(body.substr(amp + 1)));
            }
        }
    }
    const auto over = [](const char* what, std::size_t n, std::size_t most) {
        return make_error("it needs " + std::to_string(n) + " " + what + ", SjaakII holds " +
                          std::to_string(most));
    };
    if (types > kMaxTypes) return over("piece types", types, kMaxTypes);
    if (leapers.size() > kMaxLeapers) return over("leaper tables", leapers.size(), kMaxLeapers);
    if (aleapers.size() > kMaxLeapers)
        return over("asymmetric leaper tables", aleapers.size(), kMaxLeapers);
    if (steppers.size() > kMaxSteppers)
        return over("stepper descriptions", steppers.size(), kMaxSteppers);
    return {};
}

}  // namespace balance::players::external
