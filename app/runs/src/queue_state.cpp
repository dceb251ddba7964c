#include "balance/runs/queue_state.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace balance::runs {

namespace {

using Json = nlohmann::ordered_json;

constexpr EntryState kStates[] = {EntryState::Running, EntryState::Finished, EntryState::Failed,
                                  EntryState::Stopped};

// Writes `text` to `file` and flushes it to the disk before the rename makes it the state.
bool write_synced(const std::filesystem::path& file, const std::string& text) {
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return false;
    const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    const bool synced = ::fsync(fd) == 0;
    return ::close(fd) == 0 && written && synced;
}

}  // namespace

const char* state_name(EntryState state) {
    switch (state) {
        case EntryState::Running:
            return "running";
        case EntryState::Finished:
            return "finished";
        case EntryState::Failed:
            return "failed";
        case EntryState::Stopped:
            return "stopped";
    }
    return "running";
}

std::string entry_identity(const config::QueueEntry& entry) {
    Json json = {{"kind", config::queue_kind_name(entry.kind)},
                 {"file", entry.file},
                 {"db", entry.db},
                 {"revision", entry.revision},
                 {"flags", entry.flags}};
    return json.dump();
}

const EntryRecord* QueueState::find(const config::QueueEntry& entry) const {
    const auto it = entries.find(entry.name);
    if (it == entries.end() || it->second.identity != entry_identity(entry)) return nullptr;
    return &it->second;
}

Result<QueueState> QueueState::read(const std::filesystem::path& file) {
    QueueState state;
    std::ifstream in(file);
    if (!in) return state;
    std::stringstream text;
    text << in.rdbuf();
    try {
        const Json json = Json::parse(text.str());
        for (const auto& [name, record] : json.at("entries").items()) {
            EntryRecord r;
            const std::string written = record.at("state").get<std::string>();
            bool known = false;
            for (EntryState s : kStates)
                if (written == state_name(s)) {
                    r.state = s;
                    known = true;
                }
            if (!known) return make_error("unknown entry state '" + written + "'", file.string());
            r.identity = record.at("identity").get<std::string>();
            r.exit_code = record.value("exit_code", 0);
            r.pid = record.value("pid", std::int64_t{0});
            r.at = record.value("at", std::string());
            state.entries[name] = std::move(r);
        }
    } catch (const Json::exception& e) {
        return make_error(fmt::format("not a queue state file ({}); delete it to start the queue "
                                      "afresh (every entry resumes from its database)",
                                      e.what()),
                          file.string());
    }
    return state;
}

Result<void> QueueState::write(const std::filesystem::path& file) const {
    Json entries_json = Json::object();
    for (const auto& [name, r] : entries) {
        Json record = {{"state", state_name(r.state)}, {"identity", r.identity}, {"at", r.at}};
        if (r.state == EntryState::Failed) record["exit_code"] = r.exit_code;
        if (r.state == EntryState::Running) record["pid"] = r.pid;
        entries_json[name] = std::move(record);
    }
    const Json json = {{"entries", std::move(entries_json)}};
    const std::filesystem::path temporary = file.string() + ".tmp";
    if (!write_synced(temporary, json.dump(2) + "\n"))
        return make_error("cannot write the queue's state", temporary.string());
    std::error_code ec;
    std::filesystem::rename(temporary, file, ec);
    if (ec) return make_error("cannot replace the queue's state: " + ec.message(), file.string());
    return {};
}

}  // namespace balance::runs
