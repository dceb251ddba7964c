#pragma once
// Test helpers: Fairy-Stockfish under Node (./setup.sh installs Node and the package into .deps/),
// opened on the variants.ini written for one pairing, to compare its perft with ours.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "balance/players/external/fairy_stockfish_ini.hpp"
#include "balance/players/external/fairy_stockfish_runtime.hpp"
#include "balance/players/external/fairy_stockfish_verify.hpp"

namespace balance::testing {

// Its first start on a busy machine compiles the module.
inline constexpr std::chrono::milliseconds kFairyStockfishTimeout{180'000};

// The command that starts it, or nullopt when Node or the package is missing.
inline std::optional<std::vector<std::string>> fairy_stockfish_command() {
    auto command = players::external::fairy_stockfish_command({}, {});
    if (!command) return std::nullopt;
    return *command;
}

// A session on `spec`'s pairing as written by the ini writer; failures are test failures.
inline std::unique_ptr<players::external::FairyStockfishSession> fairy_stockfish_session(
    const std::vector<std::string>& command, const core::VariantSpec& spec,
    const std::string& white, const std::string& black, const std::string& ini_file) {
    auto variant = players::external::fairy_stockfish_variant(spec, white, black);
    EXPECT_TRUE(variant.ok()) << (variant ? "" : variant.error().to_string());
    if (!variant) return nullptr;
    {
        std::ofstream out(ini_file);
        out << variant->text;
    }
    auto session = players::external::FairyStockfishSession::open(command, ini_file, variant->name,
                                                                  kFairyStockfishTimeout);
    EXPECT_TRUE(session.ok()) << (session ? "" : session.error().to_string());
    return session ? std::move(*session) : nullptr;
}

}  // namespace balance::testing
