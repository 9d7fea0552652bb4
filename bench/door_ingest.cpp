// Door event ingest benchmark (issue 13, docs/design/access-control.md "Partner → argusd"): HMAC-signed webhook
// requests POST /n1/access_control/partners/{id}/events dispatched through argusd's API router in-process (signature
// check, JSON parse and per-event checks, door lookup, one INSERT OR IGNORE per event into a real SqliteDatabase in WAL
// mode, the JSON answer) — events stored per second for batches of 1, 10 and 100 events per request, the same batches
// replayed (every event a duplicate), and, on fresh batches, the time of each part alone: the signature check, the JSON
// parse with the per-event checks, and storing (AccessControl::ingest: the integration's door list, then one
// autocommitted insert per event), as shares of their sum. The partner's signing is done before the clock starts (it
// is the partner's cost). The HTTP transport (Beast, sockets) is not part of the figures. 200 doors; the table starts
// empty and ends with 6 x the events per batch size.
//
//   argus_bench_door_ingest [events per batch size=10000]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "api/api_context.hpp"
#include "api/api_routes.hpp"
#include "api/partner_event_input.hpp"
#include "http/request.hpp"
#include "http/router.hpp"
#include "media/history_playlist.hpp"
#include "services/access_control/access_control.hpp"
#include "services/access_control/webhook_signature.hpp"
#include "services/catalog.hpp"
#include "services/csrf_service.hpp"
#include "services/login_throttle.hpp"
#include "services/password_hasher.hpp"
#include "services/session_service.hpp"
#include "store/door_records.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "timing/bench_timing.hpp"

namespace fs = std::filesystem;
using namespace argus;

namespace {

using argus::bench::ms_since;
using argus::bench::percentile;

constexpr std::int64_t k_organization = 1;
constexpr std::int64_t k_integration = 1;
constexpr int k_doors = 200;
const std::string k_secret = "whsec_6f1c0f5e2b7a4d3c9e8f7a6b5c4d3e2f";
const std::vector<std::string> k_types = {"access_granted", "access_granted",   "access_granted", "access_denied",
                                          "door_held_open", "door_forced_open", "door_unlocked"};
const std::vector<std::string> k_first_names = {"Ada", "Grace", "Alan", "Edsger", "Barbara", "Ken", "Frances", "Linus"};
const std::vector<std::string> k_last_names = {"Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Thompson"};
const std::vector<std::string> k_departments = {"Engineering", "Facilities", "Security", "Finance", "Operations"};

//! argusd's API in-process with door access control, as Application builds it (no door sync thread: the doors are
//! stored directly).
struct Server {
  explicit Server(const fs::path& dir)
      : database(dir / "argus.db"), catalog(database, services::system_now_ms),
        sessions(database, services::system_now_ms), csrf(database), throttle(services::system_now_ms),
        access_control(database, [](const store::IntegrationRecord&) { return nullptr; }), context{database, catalog,
                                                                                                   sessions, csrf,
                                                                                                   throttle, hasher,
                                                                                                   dir} {
    context.access_control = &access_control;
    api::register_api_routes(router, context);
  }

  store::SqliteDatabase database;
  services::PasswordHasher hasher{services::PasswordHasher::Strength::minimal};
  services::Catalog catalog;
  services::SessionService sessions;
  services::CsrfService csrf;
  services::LoginThrottle throttle;
  services::AccessControl access_control;
  api::ApiContext context;
  http::Router router;
};

void seed(store::SqliteDatabase& database) {
  store::OrganizationRecord organization;
  organization.id = k_organization;
  organization.eid = "org-1";
  organization.name = "Globex";
  database.insert_organization(organization);
  store::IntegrationRecord integration;
  integration.id = k_integration;
  integration.organization_id = k_organization;
  integration.partner = "doorsim";
  integration.name = "HQ doors";
  integration.enabled = true;
  integration.base_url = "http://127.0.0.1:9";
  integration.webhook_secret = k_secret;
  integration.command_token = "token";
  database.insert_integration(integration);
  std::vector<store::DoorRecord> doors;
  for (int d = 0; d < k_doors; ++d) {
    auto site = std::to_string(d / 20);
    doors.push_back({0,
                     k_integration,
                     "door-" + std::to_string(d),
                     "Door " + std::to_string(d),
                     "site-" + site,
                     "ctl-" + site,
                     "Controller " + site,
                     false,
                     {}});
  }
  database.sync_doors(k_integration, doors);
}

//! One event as a partner sends it (the protocol's example, with varied values).
nlohmann::json event(std::mt19937_64& random, std::int64_t sequence, std::int64_t now_ms) {
  auto any = [&](const std::vector<std::string>& items) {
    return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(random)];
  };
  auto door = std::uniform_int_distribution<int>(0, k_doors - 1)(random);
  auto person = std::uniform_int_distribution<int>(1000, 9999)(random);
  auto type = any(k_types);
  nlohmann::json actor = {{"type", "USER"},
                          {"uuid", "u-" + std::to_string(person)},
                          {"name", any(k_first_names) + " " + any(k_last_names)},
                          {"department", any(k_departments)},
                          {"employeeNumber", "E-" + std::to_string(person)},
                          {"accessGroups", {"Staff", any(k_departments)}},
                          {"avatarUrl", nullptr}};
  if (type == "door_held_open" || type == "door_forced_open")
    actor = {{"type", "SYSTEM"}};
  auto site = std::to_string(door / 20);
  return {{"id", "ev-" + std::to_string(sequence)},
          {"time", media::iso8601_utc_ms(now_ms - std::uniform_int_distribution<std::int64_t>(0, 3'600'000)(random))},
          {"type", type},
          {"message", type == "access_granted"  ? "Access granted"
                      : type == "access_denied" ? "Access denied"
                                                : type},
          {"door", {{"uuid", "door-" + std::to_string(door)}, {"name", "Door " + std::to_string(door)}}},
          {"controller", {{"uuid", "ctl-" + site}, {"name", "Controller " + site}}},
          {"actor", actor},
          {"cardNumber", actor["type"] == "USER" ? nlohmann::json(std::to_string(40'000'000 + person)) : nullptr},
          {"commandId", nullptr}};
}

struct Batch {
  std::string body;
  std::string timestamp;
  std::string signature;
  std::size_t events = 0;
};

std::vector<Batch> make_batches(std::mt19937_64& random, std::int64_t& sequence, int batch_size, int total_events) {
  auto now = services::system_now_ms();
  std::vector<Batch> out;
  for (int done = 0; done < total_events; done += batch_size) {
    nlohmann::json body = {{"events", nlohmann::json::array()}};
    for (int i = 0; i < batch_size; ++i)
      body["events"].push_back(event(random, ++sequence, now));
    Batch batch;
    batch.body = body.dump();
    batch.timestamp = std::to_string(now / 1000);
    batch.signature = services::webhook_signature(k_secret, batch.timestamp, batch.body);
    batch.events = static_cast<std::size_t>(batch_size);
    out.push_back(std::move(batch));
  }
  return out;
}

http::Response post(Server& server, const Batch& batch) {
  http::Request request;
  request.method = "POST";
  request.target = "/n1/access_control/partners/" + std::to_string(k_integration) + "/events";
  request.path = request.target;
  request.headers["content-type"] = "application/json";
  request.headers["x-argus-timestamp"] = batch.timestamp;
  request.headers["x-argus-signature"] = batch.signature;
  request.body = batch.body;
  request.remote_address = "198.51.100.7";
  request.peer_address = request.remote_address;
  return server.router.dispatch(request);
}

struct Run {
  double ms = 0;
  std::vector<double> request_ms;
  std::int64_t accepted = 0;
  std::int64_t duplicates = 0;
  std::size_t failures = 0;
};

Run post_all(Server& server, const std::vector<Batch>& batches) {
  Run run;
  auto started = std::chrono::steady_clock::now();
  for (const auto& batch : batches) {
    auto start = std::chrono::steady_clock::now();
    auto response = post(server, batch);
    run.request_ms.push_back(ms_since(start));
    auto answer = nlohmann::json::parse(response.body, nullptr, false);
    if (response.status != 200 || !answer.is_object() || !answer["rejected"].empty()) {
      if (run.failures++ == 0)
        std::printf("door ingest: answered %d: %.300s\n", response.status, response.body.c_str());
      continue;
    }
    run.accepted += answer["accepted"].get<std::int64_t>();
    run.duplicates += answer["duplicates"].get<std::int64_t>();
  }
  run.ms = ms_since(started);
  return run;
}

void print_run(const char* what, int batch_size, const Run& run, std::int64_t counted, const char* unit) {
  std::printf("door ingest (%s, batch of %d): %lld %s in %zu requests, %.0f ms: %.0f %s/s, request p50 %.3f ms, p99 "
              "%.3f ms%s\n",
              what, batch_size, static_cast<long long>(counted), unit, run.request_ms.size(), run.ms,
              static_cast<double>(counted) / run.ms * 1000.0, unit, percentile(run.request_ms, 0.5),
              percentile(run.request_ms, 0.99), run.failures ? " (SOME REQUESTS FAILED)" : "");
}

//! The parts of the path timed alone on fresh batches: signature, JSON parse + per-event checks, storing (and, by an
//! extra call, the door list that storing reads first for each request).
std::int64_t print_parts(Server& server, int batch_size, const std::vector<Batch>& batches, const Run& whole_run) {
  auto integration = *server.database.find_integration(k_integration);
  auto now = services::system_now_ms();
  double signature_ms = 0, parse_ms = 0, store_ms = 0, doors_ms = 0;
  std::int64_t stored = 0;
  for (const auto& batch : batches) {
    auto start = std::chrono::steady_clock::now();
    bool valid = services::webhook_signature_valid(k_secret, batch.timestamp, batch.signature, batch.body, now);
    signature_ms += ms_since(start);
    start = std::chrono::steady_clock::now();
    auto body = nlohmann::json::parse(batch.body);
    std::vector<services::IncomingAccessEvent> incoming;
    for (const auto& item : body["events"])
      if (auto event = api::parse_partner_event(item, now))
        incoming.push_back(std::move(*event));
    parse_ms += ms_since(start);
    if (!valid || incoming.size() != batch.events)
      std::printf("door ingest: a fresh batch did not check (signature %d, %zu events)\n", valid, incoming.size());
    start = std::chrono::steady_clock::now();
    server.database.doors_of_organization(k_organization);
    doors_ms += ms_since(start);
    start = std::chrono::steady_clock::now();
    stored += server.access_control.ingest(integration, std::move(incoming)).accepted;
    store_ms += ms_since(start);
  }
  double parts_ms = signature_ms + parse_ms + store_ms;
  auto per_request_us = [&](double ms) { return ms * 1000.0 / static_cast<double>(batches.size()); };
  auto share = [&](double ms) { return 100.0 * ms / parts_ms; };
  std::printf("door ingest (parts alone, batch of %d, %lld fresh events): signature %.1f us (%.0f %%), JSON parse + "
              "event checks %.1f us (%.0f %%), storing %.1f us (%.0f %%; of which the door list %.1f us) per request; "
              "the whole path took %.1f us per request\n",
              batch_size, static_cast<long long>(stored), per_request_us(signature_ms), share(signature_ms),
              per_request_us(parse_ms), share(parse_ms), per_request_us(store_ms), share(store_ms),
              per_request_us(doors_ms), per_request_us(whole_run.ms));
  return stored;
}

} // namespace

int main(int argc, char** argv) {
  int events_per_size = argc > 1 ? std::max(100, std::atoi(argv[1])) : 10'000;
  auto dir = fs::temp_directory_path() / ("argus-door-ingest-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    Server server(dir);
    seed(server.database);
    std::mt19937_64 random(13);
    std::int64_t sequence = 0, stored = 0;
    for (int batch_size : {1, 10, 100}) {
      auto batches = make_batches(random, sequence, batch_size, events_per_size);
      auto fresh = post_all(server, batches);
      print_run("new events", batch_size, fresh, fresh.accepted, "events stored");
      stored += fresh.accepted;
      auto replayed = post_all(server, batches);
      print_run("replayed", batch_size, replayed, replayed.duplicates, "duplicates");
      stored += print_parts(server, batch_size, make_batches(random, sequence, batch_size, events_per_size), fresh);
    }
    std::printf("door ingest: %lld events in access_events at the end (database %.1f MiB + WAL %.1f MiB)\n",
                static_cast<long long>(stored), fs::file_size(dir / "argus.db") / 1048576.0,
                fs::exists(dir / "argus.db-wal") ? fs::file_size(dir / "argus.db-wal") / 1048576.0 : 0.0);
  }
  fs::remove_all(dir);
  return 0;
}
