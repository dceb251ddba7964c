#include "sqlite_database.hpp"

#include <utility>

namespace balance::tournament {

void Statement::bind(int i, std::string_view text) {
    sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

std::string Statement::text(int column) const {
    const auto* p = sqlite3_column_text(stmt_, column);
    if (!p) return {};
    return std::string(reinterpret_cast<const char*>(p),
                       static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::optional<std::string> Statement::optional_text(int column) const {
    if (sqlite3_column_type(stmt_, column) == SQLITE_NULL) return std::nullopt;
    return text(column);
}

Result<std::unique_ptr<Database>> Database::open(const std::filesystem::path& file, Mode mode) {
    int flags = SQLITE_OPEN_FULLMUTEX;
    switch (mode) {
        case Mode::Create:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
            break;
        case Mode::Existing:
            flags |= SQLITE_OPEN_READWRITE;
            break;
        case Mode::ReadOnly:
            flags |= SQLITE_OPEN_READONLY;
            break;
    }
    sqlite3* handle = nullptr;
    const int rc = sqlite3_open_v2(file.c_str(), &handle, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string message = handle ? sqlite3_errmsg(handle) : sqlite3_errstr(rc);
        sqlite3_close(handle);
        return make_error("cannot open the results database: " + message, file.string());
    }
    // Another process (a report, a merge, a second shard on a shared disk) may hold the lock.
    sqlite3_busy_timeout(handle, mode == Mode::ReadOnly ? kReaderWaitMs : kWriterWaitMs);
    // Extended codes tell a duplicate key (SQLITE_CONSTRAINT_PRIMARYKEY) from other failures.
    sqlite3_extended_result_codes(handle, 1);
    return std::unique_ptr<Database>(new Database(handle, file));
}

Database::~Database() {
    sqlite3_close(db_);
}

Result<void> Database::exec(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
        Error e = make_error(std::string(message ? message : "sqlite error") + " in: " + sql,
                             file_.string());
        sqlite3_free(message);
        return e;
    }
    return {};
}

Result<Statement> Database::prepare(std::string_view sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) !=
        SQLITE_OK) {
        return error("preparing '" + std::string(sql) + "'");
    }
    return Statement(stmt);
}

Error Database::error(std::string_view what) const {
    return make_error(std::string(what) + ": " + sqlite3_errmsg(db_), file_.string());
}

std::int64_t Database::last_insert_rowid() const {
    return sqlite3_last_insert_rowid(db_);
}

}  // namespace balance::tournament
