#pragma once
// Rows of portal feedback (migration 0021). Times are UTC milliseconds.
#include <cstdint>
#include <optional>
#include <string>

namespace argus::store {

struct FeedbackRecord {
  std::int64_t id = 0;
  std::int64_t organization_id = 0;
  std::optional<std::int64_t> user_id; // null once the user is deleted
  std::string user_name;
  std::string user_email;
  std::optional<std::int64_t> network_id;
  std::string network_name;
  std::string wish;
  std::string wish_hash;
  std::optional<std::string> session_recording_url;
  std::string user_agent;
  std::int64_t created_ms = 0;
};

} // namespace argus::store
