#include "services/access_control/access_control.hpp"

#include <map>

#include <sodium.h>
#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

constexpr std::int64_t k_day_ms = 24LL * 3600 * 1000;

//! A random RFC 4122 version 4 UUID.
std::string new_uuid() {
  unsigned char bytes[16];
  randombytes_buf(bytes, sizeof bytes);
  bytes[6] = static_cast<unsigned char>((bytes[6] & 0x0f) | 0x40);
  bytes[8] = static_cast<unsigned char>((bytes[8] & 0x3f) | 0x80);
  char hex[33];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  std::string text(hex);
  return text.substr(0, 8) + "-" + text.substr(8, 4) + "-" + text.substr(12, 4) + "-" + text.substr(16, 4) + "-" +
         text.substr(20);
}

} // namespace

AccessControl::AccessControl(store::Database& database, PartnerFactory partners, Clock now_ms)
    : AccessControl(database, std::move(partners), std::move(now_ms), Options{}) {}

AccessControl::AccessControl(store::Database& database, PartnerFactory partners, Clock now_ms, Options options)
    : database_(database), partners_(std::move(partners)), now_ms_(std::move(now_ms)), options_(options) {}

AccessControl::~AccessControl() {
  stop();
}

void AccessControl::start() {
  std::lock_guard lock(mutex_);
  if (thread_.joinable())
    return;
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void AccessControl::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void AccessControl::run() {
  auto next_sweep = std::chrono::steady_clock::now();
  for (;;) {
    sync_all();
    if (std::chrono::steady_clock::now() >= next_sweep) {
      try {
        if (auto deleted = sweep_retention(); deleted > 0)
          spdlog::info("access control: deleted {} door events past the retention", deleted);
      } catch (const std::exception& error) {
        spdlog::warn("access control: retention sweep failed: {}", error.what());
      }
      next_sweep = std::chrono::steady_clock::now() + options_.retention_sweep_interval;
    }
    std::unique_lock lock(mutex_);
    if (wake_.wait_for(lock, options_.sync_interval, [this] { return stopping_; }))
      return;
  }
}

void AccessControl::sync_all() {
  std::vector<store::IntegrationRecord> integrations;
  try {
    integrations = database_.integrations_with_partner();
  } catch (const std::exception& error) {
    spdlog::warn("access control: cannot read the integrations: {}", error.what());
    return;
  }
  for (const auto& integration : integrations) {
    try {
      sync_doors(integration);
    } catch (const std::exception& error) {
      spdlog::warn("access control: door sync of integration {} ({}) failed: {}", integration.id, integration.name,
                   error.what());
    }
  }
}

void AccessControl::sync_doors(const store::IntegrationRecord& integration) {
  auto partner = partners_(integration);
  if (!partner)
    return;
  std::vector<store::DoorRecord> doors;
  for (auto& door : partner->doors()) {
    store::DoorRecord record;
    record.integration_id = integration.id;
    record.uuid = std::move(door.uuid);
    record.name = std::move(door.name);
    record.location_uuid = std::move(door.location_uuid);
    record.controller_uuid = std::move(door.controller_uuid);
    record.controller_name = std::move(door.controller_name);
    doors.push_back(std::move(record));
  }
  database_.sync_doors(integration.id, doors);
}

AccessIngestResult AccessControl::ingest(const store::IntegrationRecord& integration,
                                         std::vector<IncomingAccessEvent> events) {
  std::map<std::string, std::int64_t> door_ids;
  for (const auto& door : database_.doors_of_organization(integration.organization_id)) {
    if (door.integration_id == integration.id)
      door_ids[door.uuid] = door.id;
  }
  auto retention_days = database_.door_retention_days(k_unmapped_door_retention_days);
  auto now = now_ms_();
  AccessIngestResult result;
  for (auto& incoming : events) {
    auto& record = incoming.record;
    auto door = door_ids.find(incoming.door_uuid);
    if (door == door_ids.end()) {
      result.rejected.push_back({record.partner_event_id, "unknown_door"});
      continue;
    }
    if (record.time_ms < now - retention_days[door->second] * k_day_ms) {
      result.rejected.push_back({record.partner_event_id, "too_old"});
      continue;
    }
    record.integration_id = integration.id;
    record.door_id = door->second;
    record.received_ms = now;
    if (database_.insert_access_event(record))
      ++result.accepted;
    else
      ++result.duplicates;
  }
  return result;
}

std::string AccessControl::unlock(const store::IntegrationRecord& integration, const store::DoorRecord& door,
                                  UnlockCommand command) {
  if (!integration.enabled || !integration.can_issue_commands || integration.base_url.empty())
    throw Error(Error::Kind::conflict, "Commands cannot be issued to this door");
  auto partner = partners_(integration);
  if (!partner)
    throw Error(Error::Kind::unavailable, "the access-control partner cannot be reached");
  command.command_id = new_uuid();
  partner->unlock(door.uuid, command);
  return command.command_id;
}

std::int64_t AccessControl::sweep_retention() {
  auto now = now_ms_();
  std::int64_t deleted = 0;
  for (auto [door_id, days] : database_.door_retention_days(k_unmapped_door_retention_days))
    deleted += database_.delete_door_access_events_before(door_id, now - days * k_day_ms);
  return deleted;
}

} // namespace argus::services
