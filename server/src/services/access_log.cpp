#include "services/access_log.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

constexpr std::size_t k_prune_video_keys_above = 10'000;

void cut(std::string& text, std::size_t limit) {
  if (text.size() <= limit)
    return;
  text.resize(limit);
  while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80)
    text.pop_back(); // a UTF-8 continuation byte: drop the cut character
  if (!text.empty() && (static_cast<unsigned char>(text.back()) & 0x80))
    text.pop_back(); // and its lead byte
}

} // namespace

AccessLog::AccessLog(store::Database& database, Clock now_ms) : database_(database), now_ms_(std::move(now_ms)) {}

bool AccessLog::is_kind(std::string_view kind) {
  return std::find(k_kinds.begin(), k_kinds.end(), kind) != k_kinds.end();
}

bool AccessLog::repeats_recent_video(const store::AccessLogEntryRecord& entry) {
  if ((entry.kind != "live_video" && entry.kind != "recorded_video") || !entry.camera_id)
    return false;
  std::lock_guard lock(mutex_);
  auto key = std::make_tuple(entry.organization_id, entry.user_id.value_or(0), *entry.camera_id, entry.kind);
  auto found = last_video_ms_.find(key);
  if (found != last_video_ms_.end() && entry.time_ms - found->second < k_video_repeat_ms)
    return true;
  last_video_ms_[key] = entry.time_ms;
  if (last_video_ms_.size() > k_prune_video_keys_above) {
    std::erase_if(last_video_ms_,
                  [&entry](const auto& item) { return entry.time_ms - item.second >= k_video_repeat_ms; });
  }
  return false;
}

void AccessLog::record(store::AccessLogEntryRecord entry) {
  entry.time_ms = now_ms_();
  if (!is_kind(entry.kind) || repeats_recent_video(entry))
    return;
  cut(entry.user_agent, k_max_user_agent);
  if (entry.detail)
    cut(*entry.detail, k_max_detail);
  try {
    database_.insert_access_log_entry(entry, k_kept_entries);
  } catch (const std::exception& error) {
    spdlog::warn("access log: entry '{}' of organization {} not stored: {}", entry.kind, entry.organization_id,
                 error.what());
  }
}

std::vector<store::AccessLogEntryRecord> AccessLog::page(const store::AccessLogQuery& query) {
  for (const auto& kind : query.kinds) {
    if (!is_kind(kind))
      throw Error(Error::Kind::invalid_input, "kinds: unknown kind '" + kind + "'");
  }
  if (query.limit < 1 || query.limit > k_max_page)
    throw Error(Error::Kind::invalid_input, "limit must be from 1 to " + std::to_string(k_max_page));
  if (query.since_ms && query.until_ms && *query.since_ms > *query.until_ms)
    throw Error(Error::Kind::invalid_input, "since_ms must not be after until_ms");
  return database_.access_log_entries(query);
}

std::int64_t AccessLog::size(std::int64_t organization_id) {
  return database_.access_log_size(organization_id);
}

} // namespace argus::services
