#include "api/live_feed_messages.hpp"

#include <nlohmann/json.hpp>

namespace argus::api {

std::string type_message(const char* type) {
  return nlohmann::json{{"type", type}}.dump();
}

std::string offline_message(const std::optional<media::StreamStatus>& why) {
  nlohmann::json message = {{"type", "offline"}, {"reason", nullptr}, {"since_ms", nullptr}};
  if (why && !why->active) {
    message["reason"] = media::offline_reason_name(why->reason);
    message["since_ms"] = why->since_ms;
  }
  return message.dump();
}

} // namespace argus::api
