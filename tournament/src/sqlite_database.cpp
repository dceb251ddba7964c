#include "sqlite_database.hpp"

#include <utility>

namespace balance::tournament {

void Statement::bind(int i, std::string_view text) {
    sqlite3_bind_text(stmt_, parameter(i), text.data(), static_cast<int>(text.size()),
                      SQLITE_TRANSIENT);
}

std::string Statement::text(int column) const {
    return std::string(text_view(column));
}

std::string_view Statement::text_view(int column) const {
    const auto* p = sqlite3_column_text(stmt_, result_column(column));
    if (!p) return {};
    return std::string_view(reinterpret_cast<const char*>(p),
                            static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::optional<std::string> Statement::optional_text(int column) const {
    if (sqlite3_column_type(stmt_, result_column(column)) == SQLITE_NULL) return std::nullopt;
    return text(column);
}

namespace {

// Reading a database in WAL mode needs its -wal and -shm files. A SQLITE_OPEN_READONLY
// connection creates them when they are missing but, unable to checkpoint, never deletes them,
// so `balance report` left two stray files beside a finished database. When no -wal file exists
// (no writer is active), a read-write connection with query_only reads the same and, as the last
// connection, removes the files on close. A file we may not write falls back to
// SQLITE_OPEN_READONLY.
sqlite3* open_for_reading(const std::filesystem::path& file) {
    std::error_code ec;
    std::filesystem::path wal = file;
    wal += "-wal";
    if (!std::filesystem::exists(wal, ec)) {
        sqlite3* handle = nullptr;
        if (sqlite3_open_v2(file.c_str(), &handle, SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_READWRITE,
                            nullptr) == SQLITE_OK &&
            sqlite3_exec(handle, "PRAGMA query_only = ON", nullptr, nullptr, nullptr) ==
                SQLITE_OK) {
            return handle;
        }
        sqlite3_close(handle);
    }
    return nullptr;
}

Result<sqlite3*> open_handle(const std::filesystem::path& file, Database::Mode mode) {
    int flags = SQLITE_OPEN_FULLMUTEX;
    switch (mode) {
        case Database::Mode::Create:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
            break;
        case Database::Mode::Existing:
            flags |= SQLITE_OPEN_READWRITE;
            break;
        case Database::Mode::ReadOnly:
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
    return handle;
}

}  // namespace

Result<std::unique_ptr<Database>> Database::open(const std::filesystem::path& file, Mode mode) {
    sqlite3* handle = mode == Mode::ReadOnly ? open_for_reading(file) : nullptr;
    if (!handle) {
        auto opened = open_handle(file, mode);
        if (!opened) return opened.error();
        handle = *opened;
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
