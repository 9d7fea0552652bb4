#pragma once
// The organization's access log (issue 12; docs/design/permissions.md "The access log"): who signed in (or failed to),
// who watched which camera live or recorded, who exported, took screenshots or changed members and privileges. Video
// access is logged at most once per user, camera and kind in 10 minutes (a player asks for playlists every second),
// and each organization keeps its newest 10,000 entries (Meraki keeps 5,000). Logging never fails the call it
// describes: a store error is logged and dropped.
#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string_view>
#include <tuple>
#include <vector>

#include "services/clock.hpp"
#include "store/access_log_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

class AccessLog {
public:
  static constexpr std::int64_t k_kept_entries = 10'000;
  static constexpr std::int64_t k_video_repeat_ms = 10 * 60'000;
  static constexpr std::size_t k_max_user_agent = 255;
  static constexpr std::size_t k_max_detail = 500;
  static constexpr int k_max_page = 500;
  static constexpr std::array<std::string_view, 11> k_kinds{
      "sign_in",        "sign_in_failed",     "sign_out",       "live_video",         "recorded_video",
      "export_created", "screenshot_created", "member_changed", "privileges_changed", "sign_in_policy_changed",
      "door_quick_grant"};

  AccessLog(store::Database& database, Clock now_ms);

  //! Appends the entry (its time is now; user agent and detail are cut to their limits). A live_video or
  //! recorded_video entry repeating the same user, camera and kind within k_video_repeat_ms is skipped.
  void record(store::AccessLogEntryRecord entry);
  //! A page of the organization's entries, newest first. Error invalid_input for an unknown kind, a limit outside
  //! 1..k_max_page or since_ms after until_ms.
  std::vector<store::AccessLogEntryRecord> page(const store::AccessLogQuery& query);
  //! Entries the organization's log holds now.
  std::int64_t size(std::int64_t organization_id);

  static bool is_kind(std::string_view kind);

private:
  bool repeats_recent_video(const store::AccessLogEntryRecord& entry);

  store::Database& database_;
  Clock now_ms_;
  std::mutex mutex_;
  // (organization, user, camera, kind) → when it was last logged; pruned of old keys as it grows.
  std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::string>, std::int64_t> last_video_ms_;
};

} // namespace argus::services
