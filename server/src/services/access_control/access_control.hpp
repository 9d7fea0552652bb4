#pragma once
// Door access control in argusd (docs/design/access-control.md): stores the events partners push (judged one by
// one: duplicates change nothing, unknown doors and events past their door's retention are refused), keeps each
// partner's door list (synced at start and every minute, on a thread of its own), unlocks doors through the partner
// (quick grant) and deletes events past their door's retention hourly. A door's retention is that of the recordings
// its events annotate: the longest of its cameras' (k_unmapped_door_retention_days for a door on no camera).
//
//   AccessControl doors(database, [](const store::IntegrationRecord& i) {
//     return std::make_unique<HttpDoorPartner>(i.base_url, i.command_token); });
//   doors.start();
//   auto result = doors.ingest(integration, incoming);   // from the webhook
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "services/access_control/access_control_partner.hpp"
#include "services/clock.hpp"
#include "store/door_records.hpp"
#include "store/records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

//! A door's events are kept as long as the recordings of the cameras it is mapped to (the longest retention among
//! them); a door on no camera keeps them this many days.
inline constexpr std::int64_t k_unmapped_door_retention_days = 30;

//! An event as a partner sent it, checked (api/partner_event_input), before its door is looked up.
struct IncomingAccessEvent {
  std::string door_uuid;
  store::AccessEventRecord record; // door_id and integration_id are filled in by ingest
};

struct AccessEventRejection {
  std::string id;
  std::string reason; // invalid, unknown_door, too_old
};

struct AccessIngestResult {
  int accepted = 0;
  int duplicates = 0;
  std::vector<AccessEventRejection> rejected;
};

class AccessControl {
public:
  using PartnerFactory = std::function<std::unique_ptr<AccessControlPartner>(const store::IntegrationRecord&)>;

  struct Options {
    std::chrono::milliseconds sync_interval{60'000};
    std::chrono::milliseconds retention_sweep_interval{3'600'000};
  };

  AccessControl(store::Database& database, PartnerFactory partners, Clock now_ms = system_now_ms);
  AccessControl(store::Database& database, PartnerFactory partners, Clock now_ms, Options options);
  ~AccessControl();
  AccessControl(const AccessControl&) = delete;
  AccessControl& operator=(const AccessControl&) = delete;

  //! Starts the door sync and retention thread (syncs every partner at once). Idempotent.
  void start();
  //! Stops the thread. Idempotent; the destructor calls it.
  void stop();

  //! Syncs one integration's doors now. Throws Error(unavailable) when the partner cannot be reached.
  void sync_doors(const store::IntegrationRecord& integration);
  //! Stores what it may of the events (the caller authenticated the integration).
  AccessIngestResult ingest(const store::IntegrationRecord& integration, std::vector<IncomingAccessEvent> events);
  //! Unlocks the door through its integration's partner; answers the command id. Throws Error(conflict) when the
  //! integration may not issue commands, and what the partner's unlock throws.
  std::string unlock(const store::IntegrationRecord& integration, const store::DoorRecord& door, UnlockCommand command);
  //! Deletes events past the retention; answers how many.
  std::int64_t sweep_retention();

private:
  void run();
  void sync_all();

  store::Database& database_;
  PartnerFactory partners_;
  Clock now_ms_;
  Options options_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

} // namespace argus::services
