// Cell keys: the one text form of a cell, built and parsed back.

#include "balance/tournament/cell_key.hpp"

#include <gtest/gtest.h>

namespace balance::tournament {
namespace {

TEST(CellKey, BuildsTheStoredForm) {
    const CellKey key{"asymmetric", "elves", "orcs", "stalemate-win", "balance", "fairymax"};
    EXPECT_EQ(key.str(), "asymmetric|elves|orcs|stalemate-win|balance|fairymax");
    EXPECT_EQ(key.position_key(), "asymmetric|elves|orcs|stalemate-win");
}

TEST(CellKey, ParsesWhatItBuilds) {
    const CellKey key{"chess", "orthodox", "orthodox", "", "e", "e"};
    const auto parsed = CellKey::parse(key.str());
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(*parsed, key);
    EXPECT_EQ(parsed->rules, "");  // the defaults: an empty field, not a missing one
}

TEST(CellKey, RejectsKeysWithoutSixFields) {
    EXPECT_FALSE(CellKey::parse("").has_value());
    EXPECT_FALSE(CellKey::parse("asymmetric|elves|orcs||e").has_value());
    EXPECT_FALSE(CellKey::parse("asymmetric|elves|orcs||e|e|x").has_value());
}

TEST(CellKey, GameKeysSplitAtTheLastHash) {
    EXPECT_EQ(game_key("a|b|c||e|e", 12), "a|b|c||e|e#12");
    EXPECT_EQ(split_game_key("a|b|c||e|e#12"), (std::pair<std::string, int>{"a|b|c||e|e", 12}));
    EXPECT_EQ(split_game_key("no-index").second, -1);
}

}  // namespace
}  // namespace balance::tournament
