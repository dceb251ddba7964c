#pragma once
// A thin RAII layer over the sqlite3 C API: a connection and prepared statements, with failures
// as balance::Error naming the database file. Private to the tournament module.

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "balance/core/debug_assert.hpp"
#include "balance/core/error.hpp"

namespace balance::tournament {

class Statement {
  public:
    explicit Statement(sqlite3_stmt* stmt) : stmt_(stmt) {}
    Statement(Statement&& other) noexcept : stmt_(other.stmt_) { other.stmt_ = nullptr; }
    Statement& operator=(Statement&&) = delete;
    Statement(const Statement&) = delete;
    ~Statement() { sqlite3_finalize(stmt_); }

    // Parameters are 1-based, as in SQLite.
    void bind(int i, std::string_view text);
    void bind(int i, std::int64_t value) { sqlite3_bind_int64(stmt_, parameter(i), value); }
    void bind(int i, double value) { sqlite3_bind_double(stmt_, parameter(i), value); }
    void bind_null(int i) { sqlite3_bind_null(stmt_, parameter(i)); }
    template <typename T>
    void bind(int i, const std::optional<T>& value) {
        if (value) {
            bind(i, *value);
        } else {
            bind_null(i);
        }
    }
    // Binds the values to the parameters 1, 2, ... in order (an int64_t, double, text, or an
    // optional of one, NULL when empty).
    template <typename... Values>
    void bind_all(const Values&... values) {
        BALANCE_ASSERT(static_cast<int>(sizeof...(values)) == parameters());
        int i = 0;
        (bind(++i, values), ...);
    }

    // SQLITE_ROW, SQLITE_DONE or an error code.
    int step() { return sqlite3_step(stmt_); }

    // Columns are 0-based.
    [[nodiscard]] std::string text(int column) const;
    // The text without a copy: valid until the next step() (or the statement's end).
    [[nodiscard]] std::string_view text_view(int column) const;
    [[nodiscard]] std::optional<std::string> optional_text(int column) const;
    [[nodiscard]] std::int64_t integer(int column) const {
        return sqlite3_column_int64(stmt_, result_column(column));
    }
    [[nodiscard]] double real(int column) const {
        return sqlite3_column_double(stmt_, result_column(column));
    }
    [[nodiscard]] std::optional<double> optional_real(int column) const {
        if (sqlite3_column_type(stmt_, result_column(column)) == SQLITE_NULL) return std::nullopt;
        return real(column);
    }

    // How many parameters the statement takes and columns its rows have.
    [[nodiscard]] int parameters() const { return sqlite3_bind_parameter_count(stmt_); }
    [[nodiscard]] int columns() const { return sqlite3_column_count(stmt_); }

  private:
    sqlite3_stmt* stmt_;
    // SQLite ignores a parameter or column out of range (SQLITE_RANGE, a NULL read): a statement
    // and the code binding or reading it that disagree on the columns would store or read wrong
    // values silently. Debug builds check every index.
    [[nodiscard]] int parameter(int i) const {
        BALANCE_ASSERT(i >= 1 && i <= parameters());
        return i;
    }
    [[nodiscard]] int result_column(int column) const {
        BALANCE_ASSERT(column >= 0 && column < columns());
        return column;
    }
};

class Database {
  public:
    enum class Mode { Create, Existing, ReadOnly };
    // Writers wait this long for a lock (a merge commits in batches, a report reads briefly):
    // a sweep waits rather than losing its game to "database is locked".
    static constexpr int kWriterWaitMs = 3'600'000;
    static constexpr int kReaderWaitMs = 30'000;
    [[nodiscard]] static Result<std::unique_ptr<Database>> open(const std::filesystem::path& file,
                                                                Mode mode);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    [[nodiscard]] Result<void> exec(const char* sql);
    [[nodiscard]] Result<Statement> prepare(std::string_view sql);
    // Prepares `sql`, binds `values` to its parameters in order (Statement::bind_all) and runs it
    // to its end; a step that fails is reported as `what` failed.
    template <typename... Values>
    [[nodiscard]] Result<void> exec_with(std::string_view sql, std::string_view what,
                                         const Values&... values) {
        auto stmt = prepare(sql);
        if (!stmt) return stmt.error();
        stmt->bind_all(values...);
        if (stmt->step() != SQLITE_DONE) return error(what);
        return {};
    }
    // `what` failed: adds SQLite's message and names the file.
    [[nodiscard]] Error error(std::string_view what) const;
    [[nodiscard]] std::int64_t last_insert_rowid() const;
    // How long a statement waits for another connection's lock before failing with BUSY.
    void set_busy_timeout(int milliseconds) { sqlite3_busy_timeout(db_, milliseconds); }
    [[nodiscard]] bool read_only() const { return sqlite3_db_readonly(db_, "main") == 1; }
    // The last statement failed because another connection held a lock (SQLITE_BUSY).
    [[nodiscard]] bool busy() const {
        return (sqlite3_extended_errcode(db_) & 0xff) == SQLITE_BUSY;
    }
    [[nodiscard]] const std::filesystem::path& file() const { return file_; }

  private:
    Database(sqlite3* handle, std::filesystem::path file) : db_(handle), file_(std::move(file)) {}
    sqlite3* db_;
    std::filesystem::path file_;
};

}  // namespace balance::tournament
