// Global search benchmark (issue 13, docs/design/search.md): GET /n1/vision/search?q&limit=5 — what the portal's
// header search asks per keystroke — dispatched through argusd's API router in-process (session lookup, user and
// organization snapshots, the handler's FTS5 tiers per category, permission filtering, the JSON answer), over a real
// SqliteDatabase seeded with one organization of 50 networks, 10,000 cameras (varied names, tags, models, serials,
// MACs), 1,000 video walls and 100,000 export jobs. Query kinds: 2-character prefixes, whole words, name prefixes,
// substrings from the middle of words (3+ characters), text that matches nothing, and FTS5/SQL-operator-laden text
// (up to 10 KB). p50/p99 per kind and overall, for an organization administrator and for a viewer who may see 5 of the
// 50 networks. The organization snapshot (argusd reloads it at most every 5 s) is warm in those figures; its reload is
// measured apart, alone and as the first keystroke after 5 s idle. Also the seeding time and the database size.
// Target: <= 20 ms p99 with 10,000 cameras.
//
//   argus_bench_global_search [queries per kind and user=60] [--keep]   (--keep: leave the database for sqlite3)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <sqlite3.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "api/api_context.hpp"
#include "api/api_routes.hpp"
#include "api/export_views.hpp"
#include "http/request.hpp"
#include "http/router.hpp"
#include "http/url.hpp"
#include "search/search_fleet.hpp"
#include "services/catalog.hpp"
#include "services/csrf_service.hpp"
#include "services/login_throttle.hpp"
#include "services/password_hasher.hpp"
#include "services/session_service.hpp"
#include "store/export_records.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "store/wall_records.hpp"
#include "timing/bench_timing.hpp"

namespace fs = std::filesystem;
using namespace argus;

namespace {

using argus::bench::ms_since;
using argus::bench::percentile;
using namespace argus::bench;

// Words that no camera, wall, network or export holds (the serials avoid q, j, x, z after their "Q2").
const std::vector<std::string> k_absent_words = {"helipad", "submarine", "greenhouse",  "trampoline",
                                                 "volcano", "orchestra", "hedgehog",    "saxophone",
                                                 "igloo",   "nebula",    "planetarium", "tugboat"};
const std::vector<std::string> k_hostile = {"\"lobby* OR NEAR(a b)",
                                            "-x",
                                            "lobby OR dock",
                                            "name:^lobby",
                                            "NEAR(lobby dock, 3)",
                                            "'; DROP TABLE cameras;--",
                                            "^^",
                                            "lobby*",
                                            "\"\"",
                                            "org:\"org_1_\"",
                                            "{name extra}: dock",
                                            "lobby AND NOT dock",
                                            "( ) \" * ^ : - +",
                                            "%_%",
                                            "\\\" OR 1=1 --"};

//! The query kinds and their texts, drawn from what was seeded.
std::vector<std::pair<std::string, std::vector<std::string>>> make_queries(std::mt19937_64& random, const Fleet& fleet,
                                                                           int per_kind) {
  auto camera = [&]() -> const store::CameraRecord& { return pick(random, fleet.cameras); };
  // A word a user may look for: of a camera's name (most often), tags, model, serial or MAC; a wall's or an export's.
  auto any_word_or_letter = [&]() -> std::string {
    int roll = uniform(random, 0, 99);
    const auto& c = camera();
    if (roll < 50)
      return pick(random, words_of(c.name));
    if (roll < 60 && !c.tags.empty())
      return pick(random, c.tags);
    if (roll < 70)
      return c.model;
    if (roll < 78)
      return c.serial;
    if (roll < 82)
      return c.mac;
    if (roll < 91)
      return pick(random, words_of(pick(random, fleet.walls).name));
    return pick(random, words_of(pick(random, fleet.exports).filename));
  };
  auto any_word = [&]() { // at least 2 characters: a shorter text is refused (400)
    for (;;)
      if (auto word = any_word_or_letter(); word.size() >= 2)
        return word;
  };
  auto alpha_word = [&]() {
    for (;;) {
      auto word = any_word();
      if (std::isalpha(static_cast<unsigned char>(word[0])))
        return word;
    }
  };
  std::vector<std::pair<std::string, std::vector<std::string>>> kinds = {
      {"2-char prefix", {}},      {"whole word", {}}, {"name prefix", {}},
      {"mid-word substring", {}}, {"no match", {}},   {"operators / 10 KB", {}}};
  for (int i = 0; i < per_kind; ++i) {
    kinds[0].second.push_back(alpha_word().substr(0, 2));
    kinds[1].second.push_back(any_word());
    {
      int roll = uniform(random, 0, 9);
      const std::string name = roll < 7   ? camera().name
                               : roll < 9 ? pick(random, fleet.walls).name
                                          : pick(random, fleet.exports).filename;
      kinds[2].second.push_back(
          name.substr(0, static_cast<std::size_t>(uniform(random, 3, static_cast<int>(name.size())))));
    }
    for (;;) {
      auto word = uniform(random, 0, 4) ? alpha_word() : camera().serial;
      if (word.size() < 5)
        continue;
      auto length = static_cast<std::size_t>(uniform(random, 3, std::min(5, static_cast<int>(word.size()) - 2)));
      auto start = static_cast<std::size_t>(uniform(random, 1, static_cast<int>(word.size() - length) - 1));
      kinds[3].second.push_back(word.substr(start, length));
      break;
    }
    if (i % 2) {
      std::string letters;
      for (int c = uniform(random, 4, 10); c > 0; --c)
        letters += "qjxz"[uniform(random, 0, 3)];
      kinds[4].second.push_back(letters);
    } else {
      kinds[4].second.push_back(pick(random, k_absent_words));
    }
    if (i % 8 == 7) { // 10 KB of text pasted in
      std::string text;
      while (text.size() < 10'000)
        text += any_word() + (uniform(random, 0, 5) ? " " : " OR ");
      kinds[5].second.push_back(text);
    } else {
      kinds[5].second.push_back(k_hostile[static_cast<std::size_t>(i) % k_hostile.size()]);
    }
  }
  return kinds;
}

std::string percent_encode(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char escape[4];
      std::snprintf(escape, sizeof escape, "%%%02X", c);
      out += escape;
    }
  }
  return out;
}

//! argusd's API in-process, as Application builds it for these routes (tests/unit/domain/test_support.cpp's harness,
//! with the production snapshot lifetime and a clock the bench moves).
struct Server {
  explicit Server(const fs::path& dir)
      : database(dir / "argus.db"), catalog(database, [this] { return now_ms; }),
        sessions(database, [this] { return now_ms; }), csrf(database),
        throttle([this] { return now_ms; }), context{database, catalog, sessions, csrf, throttle, hasher, dir} {
    context.now_ms = [this] { return now_ms; };
    api::register_api_routes(router, context);
  }

  std::int64_t now_ms = services::system_now_ms();
  store::SqliteDatabase database;
  services::PasswordHasher hasher{services::PasswordHasher::Strength::minimal};
  services::Catalog catalog;
  services::SessionService sessions;
  services::CsrfService csrf;
  services::LoginThrottle throttle;
  api::ApiContext context;
  http::Router router;
};

//! One keystroke's request, from the target as the browser sends it to the answer's body.
http::Response search(Server& server, const std::string& token, const std::string& text) {
  http::Request request;
  request.method = "GET";
  request.target = "/n1/vision/search?q=" + percent_encode(text) + "&limit=" + std::to_string(k_limit);
  http::parse_target(request.target, request.path, request.query);
  request.headers["cookie"] = std::string(services::SessionService::k_cookie_name) + "=" + token;
  request.remote_address = "192.0.2.10";
  request.peer_address = request.remote_address;
  return server.router.dispatch(request);
}

std::size_t results_of(const http::Response& response) {
  auto body = nlohmann::json::parse(response.body, nullptr, false);
  std::size_t count = 0;
  if (body.is_object())
    for (const auto& [category, items] : body.items())
      count += items.is_array() ? items.size() : 0;
  return count;
}

std::uintmax_t size_or_zero(const fs::path& path) {
  std::error_code error;
  auto size = fs::file_size(path, error);
  return error ? 0 : size;
}

//! Bytes of the search indexes' tables (search_*_words, search_*_grams) and of everything, from SQLite's dbstat.
std::pair<double, double> index_bytes(const fs::path& file) {
  sqlite3* db = nullptr;
  double search = -1, all = -1;
  if (sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db,
                           "SELECT SUM(CASE WHEN name LIKE 'search\\_%' ESCAPE '\\' THEN pgsize ELSE 0 END), "
                           "SUM(pgsize) FROM dbstat",
                           -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW) {
      search = sqlite3_column_double(statement, 0);
      all = sqlite3_column_double(statement, 1);
    }
    sqlite3_finalize(statement);
  }
  sqlite3_close(db);
  return {search, all};
}

//! The text for a report line: at most 24 characters, with its length when longer.
std::string shown(const std::string& text) {
  return text.size() <= 24 ? "'" + text + "'"
                           : "'" + text.substr(0, 16) + "...' (" + std::to_string(text.size()) + " B)";
}

void print_times(const std::string& label, const std::vector<double>& times, double results,
                 const std::string& slowest) {
  std::printf("global search (%s): p50 %.2f ms, p99 %.2f ms, max %.2f ms (%s), %.1f results avg, n=%zu (target <= 20 "
              "ms p99)\n",
              label.c_str(), percentile(times, 0.5), percentile(times, 0.99), percentile(times, 1.0),
              shown(slowest).c_str(), results, times.size());
}

} // namespace

int main(int argc, char** argv) {
  int per_kind = 60;
  bool keep = false;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--keep")
      keep = true;
    else
      per_kind = std::max(1, std::atoi(argv[i]));
  }
  auto dir = fs::temp_directory_path() / ("argus-global-search-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::mt19937_64 random(13);
    auto fleet = make_fleet(random);
    Server server(dir);
    auto started = std::chrono::steady_clock::now();
    seed(server.database, fleet);
    std::printf("global search: seeded 1 organization, %d networks, %d cameras, %d video walls, %d export jobs in "
                "%.0f ms (one transaction, FTS5 triggers included)\n",
                k_networks, k_cameras, k_walls, k_export_jobs, ms_since(started));
    auto [search_bytes, all_bytes] = index_bytes(dir / "argus.db");
    std::printf("global search: database file %.1f MiB (+ WAL %.1f MiB)", size_or_zero(dir / "argus.db") / 1048576.0,
                size_or_zero(dir / "argus.db-wal") / 1048576.0);
    if (search_bytes >= 0)
      std::printf(", of which the search indexes %.1f MiB of %.1f MiB in pages", search_bytes / 1048576.0,
                  all_bytes / 1048576.0);
    std::printf("\n");

    const std::vector<std::pair<std::string, std::string>> users = {
        {"admin", server.sessions.create(k_admin, k_organization, 30, false).token},
        {"viewer of " + std::to_string(k_viewer_networks) + "/" + std::to_string(k_networks) + " networks",
         server.sessions.create(k_viewer, k_organization, 30, false).token}};

    {
      std::vector<double> loads;
      for (int i = 0; i < 10; ++i) {
        server.catalog.invalidate();
        auto start = std::chrono::steady_clock::now();
        server.catalog.organization(k_organization);
        loads.push_back(ms_since(start));
      }
      std::printf("global search: organization snapshot load (%d cameras; argusd reloads it at most every 5 s): p50 "
                  "%.1f ms, max %.1f ms\n",
                  k_cameras, percentile(loads, 0.5), percentile(loads, 1.0));
    }

    auto kinds = make_queries(random, fleet, per_kind);
    for (const auto& [user, token] : users) {
      for (const auto& text : {"lo", "lobby", "ntra"}) // warm: the snapshots and SQLite's page cache
        if (auto status = search(server, token, text).status; status != 200) {
          std::printf("global search: %s is answered %d\n", user.c_str(), status);
          fs::remove_all(dir);
          return 1;
        }
      std::vector<double> all;
      std::size_t all_results = 0;
      std::string all_slowest;
      for (const auto& [kind, texts] : kinds) {
        std::vector<double> times;
        std::size_t results = 0;
        std::string slowest;
        for (const auto& text : texts) {
          auto start = std::chrono::steady_clock::now();
          auto response = search(server, token, text);
          times.push_back(ms_since(start));
          if (times.back() >= *std::max_element(times.begin(), times.end()))
            slowest = text;
          if (response.status != 200) {
            std::printf("global search: '%.40s' answered %d: %.200s\n", text.c_str(), response.status,
                        response.body.c_str());
            fs::remove_all(dir);
            return 1;
          }
          results += results_of(response);
        }
        print_times(user + ", " + kind, times, static_cast<double>(results) / static_cast<double>(texts.size()),
                    slowest);
        if (all.empty() || percentile(times, 1.0) > percentile(all, 1.0))
          all_slowest = slowest;
        all.insert(all.end(), times.begin(), times.end());
        all_results += results;
      }
      print_times(user + ", overall", all, static_cast<double>(all_results) / static_cast<double>(all.size()),
                  all_slowest);
      // The first keystroke after 5 s without a request in the organization: the snapshots are reloaded first.
      std::vector<double> cold;
      for (int i = 0; i < 10; ++i) {
        server.now_ms += services::Catalog::k_default_ttl_ms;
        const auto& texts = kinds[static_cast<std::size_t>(i) % 4].second;
        const auto& text = texts[static_cast<std::size_t>(i) % texts.size()];
        auto start = std::chrono::steady_clock::now();
        search(server, token, text);
        cold.push_back(ms_since(start));
      }
      std::printf("global search (%s, first keystroke after 5 s idle: snapshots reloaded, then the search): p50 %.2f "
                  "ms, max %.2f ms, "
                  "n=%zu\n",
                  user.c_str(), percentile(cold, 0.5), percentile(cold, 1.0), cold.size());
    }
  }
  if (keep)
    std::printf("global search: database kept in %s\n", dir.c_str());
  else
    fs::remove_all(dir);
  return 0;
}
