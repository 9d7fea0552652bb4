#pragma once
// The organization's access log (migration 0016): one entry per sign-in, video access, export, screenshot or
// administrator's change, with the names copied as they were.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace argus::store {

struct AccessLogEntryRecord {
  std::int64_t id = 0; // 0 on insert
  std::int64_t organization_id = 0;
  std::int64_t time_ms = 0;
  std::string kind; // services::AccessLog::k_kinds
  std::optional<std::int64_t> user_id;
  std::optional<std::string> user_name;
  std::optional<std::string> user_email;
  std::optional<std::int64_t> network_id;
  std::optional<std::string> network_name;
  std::optional<std::int64_t> camera_id;
  std::optional<std::string> camera_name;
  std::string ip;
  std::string user_agent;
  std::optional<std::string> detail;
};

//! A page of one organization's log, newest first; every present filter must hold.
struct AccessLogQuery {
  std::int64_t organization_id = 0;
  std::vector<std::string> kinds; // empty: every kind
  std::optional<std::int64_t> user_id;
  std::optional<std::int64_t> network_id;
  std::optional<std::int64_t> camera_id;
  std::optional<std::int64_t> since_ms;  // time_ms >= since_ms
  std::optional<std::int64_t> until_ms;  // time_ms < until_ms
  std::optional<std::int64_t> before_id; // id < before_id
  int limit = 100;
};

} // namespace argus::store
