#include "balance/config/queue_reader.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "fields.hpp"
#include "toml_document.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace fs = std::filesystem;

namespace {

// The flags the queue itself gives every entry: written again in `flags` they would contradict
// the entry's own keys, or (--status) make the entry play nothing and count as finished.
const std::vector<std::string> kQueueFlags = {"--db", "--threads", "--status", "--quiet"};

bool is_revision(const std::string& text) {
    return text.size() >= 7 && text.size() <= 40 &&
           std::all_of(text.begin(), text.end(),
                       [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

Result<QueueEntry> read_entry(const toml::table& table, const std::string& file, int index) {
    Fields fields(table, fmt::format("[[run]] {}", index), file);
    QueueEntry entry;
    entry.where = where_of(table.source(), file);
    const auto kind = fields.choice("kind", {"sweep", "fix", "calibrate"}, Need::Required);
    if (kind == "fix") entry.kind = QueueKind::Fix;
    if (kind == "calibrate") entry.kind = QueueKind::Calibrate;
    entry.file = fields.string("file", Need::Required).value_or("");
    entry.name = fields.string("name").value_or(fs::path(entry.file).stem().string());
    entry.db = fields.string("db").value_or(entry.name + ".db");
    entry.threads =
        static_cast<int>(fields.integer("threads", Need::Optional, 1, 1024).value_or(0));
    entry.nice = static_cast<int>(fields.integer("nice", Need::Optional, 0, 19).value_or(0));
    entry.flags = fields.strings("flags").value_or(std::vector<std::string>{});
    entry.revision = fields.string("revision").value_or("");
    entry.finished = fields.boolean("finished").value_or(false);
    entry.checkpoint = fields.string("checkpoint").value_or("");
    if (!entry.name.empty() && !is_plain_name(entry.name))
        fields.fail(table.get("name") ? table.get("name")->source() : table.source(),
                    fmt::format("the entry's name '{}' must be plain: a-z, 0-9, '-' and '_' (it "
                                "names its log file)",
                                entry.name));
    if (!entry.revision.empty() && !is_revision(entry.revision))
        fields.fail(table.get("revision")->source(),
                    fmt::format("revision '{}' must be a git commit hash (7 to 40 hex digits)",
                                entry.revision));
    for (const auto& flag : entry.flags) {
        const std::string name = flag.substr(0, flag.find('='));
        if (std::find(kQueueFlags.begin(), kQueueFlags.end(), name) != kQueueFlags.end())
            fields.fail(table.get("flags")->source(),
                        fmt::format("flags: {} is the queue's to give (the entry's keys db and "
                                    "threads say it)",
                                    name));
    }
    if (auto done = fields.finish(); !done) return done.error();
    return entry;
}

}  // namespace

const char* queue_kind_name(QueueKind kind) {
    switch (kind) {
        case QueueKind::Sweep:
            return "sweep";
        case QueueKind::Fix:
            return "fix";
        case QueueKind::Calibrate:
            return "calibrate";
    }
    return "sweep";
}

Result<QueueFile> load_queue(const fs::path& path) {
    auto doc = parse_toml_file(path);
    if (!doc) return doc.error();
    QueueFile queue;
    queue.file = display_path(path.string());
    Fields top(*doc, "the top level", queue.file);
    if (top.choice("on_failure", {"stop", "continue"}) == "continue")
        queue.on_failure = OnFailure::Continue;
    const toml::array* runs = top.array("run", Need::Required);
    if (auto done = top.finish(); !done) return done.error();
    std::set<std::string> names, dbs;
    int index = 0;
    for (const auto& node : *runs) {
        ++index;
        const toml::table* table = node.as_table();
        if (!table)
            return make_error("every run must be a [[run]] table",
                              where_of(node.source(), queue.file));
        auto entry = read_entry(*table, queue.file, index);
        if (!entry) return entry.error();
        if (!names.insert(entry->name).second)
            return make_error(
                fmt::format("a second entry named '{}' (give one a name = \"...\")", entry->name),
                entry->where);
        if (!dbs.insert(entry->db).second)
            return make_error(fmt::format("a second entry with the database '{}': two runs "
                                          "would write into one database",
                                          entry->db),
                              entry->where);
        queue.entries.push_back(std::move(*entry));
    }
    if (queue.entries.empty()) return make_error("the queue lists no [[run]]", queue.file);
    return queue;
}

}  // namespace balance::config
