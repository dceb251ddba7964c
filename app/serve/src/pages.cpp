#include "balance/serve/pages.hpp"

#include <sstream>

#include <fmt/format.h>

#include "balance/analysis/render.hpp"
#include "balance/analysis/svg_charts.hpp"

namespace balance::serve {

namespace {

using analysis::Json;
using analysis::xml_escape;

constexpr const char* kServeStyle = R"(
#live-note { color: #555; font-size: 0.85em; }
#live-note.lost { color: #a33; }
progress { width: 100%; height: 1.1em; }
td.state-running { color: #1a6d1a; font-weight: bold; }
td.state-stopped { color: #a36a00; }
td.race-balanced { color: #1a6d1a; font-weight: bold; }
td.race-racing { color: #1f4e9c; }
td.race-dropped, td.race-rejected { color: #777; }
)";

// Asks for the live part again as soon as the previous answer came (the server holds the
// request until the store changes, up to a couple of seconds), and swaps it in when the stamp
// differs. The count of updates is kept in the page, so a reader (or a test) sees it worked.
constexpr const char* kLiveScript = R"(
(function () {
  var page = document.body;
  var updates = 0;
  function note(text, lost) {
    var el = document.getElementById('live-note');
    el.textContent = text;
    el.className = lost ? 'lost' : '';
  }
  function poll() {
    fetch(page.dataset.live + '?since=' + encodeURIComponent(page.dataset.stamp),
          {cache: 'no-store'})
      .then(function (r) { if (!r.ok) throw new Error('HTTP ' + r.status); return r.json(); })
      .then(function (j) {
        if (j.stamp !== page.dataset.stamp) {
          page.dataset.stamp = j.stamp;
          document.getElementById('live').innerHTML = j.html;
          updates += 1;
          document.getElementById('updates').textContent = String(updates);
        }
        note('Last checked ' + new Date().toLocaleTimeString() + '.', false);
        setTimeout(poll, 1000);
      })
      .catch(function (e) {
        note('Not updating (' + e.message + '); trying again.', true);
        setTimeout(poll, 5000);
      });
  }
  poll();
})();
)";

std::string head(const std::string& title) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>" +
           xml_escape(title) + "</title>\n<style>" + analysis::html_report_style() + kServeStyle +
           "</style>\n</head>\n";
}

std::string planned_text(const RunStatus& s) {
    return s.planned ? fmt::format("{} / {}", s.stored, *s.planned)
                     : fmt::format("{} / n/a", s.stored);
}

}  // namespace

std::string index_page(const std::vector<IndexEntry>& entries) {
    std::ostringstream out;
    out << head("Balance runs") << "<body>\n<h1>Balance runs</h1>\n<p class=\"caption\">Every "
        << "database this server was given, read-only, as the sweeps writing them stand now. "
        << "Reload for the latest; each run's page updates itself.</p>\n<table id=\"runs\">\n"
        << "<tr><th>run</th><th>database</th><th>sweep</th><th>state</th>"
        << "<th>games stored / planned</th><th>runs</th></tr>\n";
    for (const IndexEntry& e : entries) {
        out << "<tr><td><a href=\"/run/" << e.id << "\">" << e.id << "</a></td><td><code>"
            << xml_escape(e.database) << "</code></td>";
        if (!e.snapshot) {
            out << "<td colspan=\"4\">cannot be read now: " << xml_escape(e.error)
                << "</td></tr>\n";
            continue;
        }
        const RunStatus& s = e.snapshot->status;
        out << "<td>" << xml_escape(s.sweep) << "</td><td class=\"state-" << xml_escape(s.state)
            << "\">" << xml_escape(s.state) << "</td><td>" << planned_text(s) << "</td><td>"
            << s.runs.size() << "</td></tr>\n";
    }
    out << "</table>\n</body>\n</html>\n";
    return out.str();
}

Json index_json(const std::vector<IndexEntry>& entries) {
    Json runs = Json::array();
    for (const IndexEntry& e : entries) {
        Json entry{{"id", e.id}, {"database", e.database}};
        entry["status"] = e.snapshot ? status_json(e.snapshot->status) : Json(nullptr);
        entry["error"] = e.snapshot ? Json(nullptr) : Json(e.error);
        runs.push_back(std::move(entry));
    }
    return Json{{"runs", std::move(runs)}};
}

std::string run_page(std::size_t id, const std::string& database, const Snapshot& snapshot) {
    std::ostringstream out;
    out << head(fmt::format("{} ({}): live", snapshot.status.sweep, database))
        << "<body data-stamp=\"" << xml_escape(snapshot.stamp) << "\" data-live=\"/run/" << id
        << "/live.json\">\n<p><a href=\"/\">all runs</a> &#183; <a href=\"/run/" << id
        << "/report.json\">report.json</a></p>\n<p class=\"caption\">Live: updated <span "
        << "id=\"updates\">0</span> times since the page loaded. <span id=\"live-note\">"
        << "</span></p>\n<div id=\"live\">\n"
        << snapshot.fragment << "</div>\n<script>" << kLiveScript
        << "</script>\n</body>\n</html>\n";
    return out.str();
}

Json live_json(const Snapshot& snapshot) {
    return Json{{"stamp", snapshot.stamp},
                {"status", status_json(snapshot.status)},
                {"search", snapshot.search ? Json{{"kind", snapshot.search->kind},
                                                  {"state", snapshot.search->json}}
                                           : Json(nullptr)},
                {"html", snapshot.fragment}};
}

}  // namespace balance::serve
