#include "api/partner_event_input.hpp"

#include <algorithm>
#include <array>

#include "api/iso_time.hpp"

namespace argus::api {
namespace {

constexpr std::int64_t k_future_slack_ms = 5 * 60 * 1000;
constexpr std::array<const char*, 5> k_types = {"access_granted", "access_denied", "door_held_open", "door_forced_open",
                                                "door_unlocked"};

bool is_id(const std::string& text) {
  return !text.empty() && text.size() <= 64 && std::all_of(text.begin(), text.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == ':';
  });
}

bool has_control_characters(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
}

//! A string field of at most max_chars bytes without control characters; nullopt when absent or null; throws
//! (caught by the caller) when present and wrong.
std::optional<std::string> optional_text(const nlohmann::json& object, const char* name, std::size_t max_chars) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null())
    return std::nullopt;
  if (!it->is_string())
    throw std::invalid_argument(name);
  auto text = it->get<std::string>();
  if (text.size() > max_chars || has_control_characters(text))
    throw std::invalid_argument(name);
  return text;
}

std::string required_text(const nlohmann::json& object, const char* name, std::size_t max_chars) {
  auto text = optional_text(object, name, max_chars);
  if (!text || text->empty())
    throw std::invalid_argument(name);
  return *text;
}

nlohmann::json checked_actor(const nlohmann::json& actor) {
  if (!actor.is_object())
    throw std::invalid_argument("actor");
  auto type = required_text(actor, "type", 16);
  if (type == "SYSTEM")
    return {{"type", "SYSTEM"}};
  if (type != "USER" && type != "API_KEY")
    throw std::invalid_argument("actor.type");
  nlohmann::json out = {
      {"type", type}, {"uuid", required_text(actor, "uuid", 64)}, {"name", required_text(actor, "name", 255)}};
  if (type == "API_KEY")
    return out;
  for (const char* field : {"department", "employeeNumber", "avatarUrl"}) {
    auto value = optional_text(actor, field, field == std::string("avatarUrl") ? 2048 : 255);
    out[field] = value ? nlohmann::json(*value) : nlohmann::json(nullptr);
  }
  if (out["avatarUrl"].is_string()) { // shown as an image: only web addresses
    auto url = out["avatarUrl"].get<std::string>();
    if (url.rfind("https://", 0) != 0 && url.rfind("http://", 0) != 0)
      throw std::invalid_argument("actor.avatarUrl");
  }
  auto groups = nlohmann::json::array();
  if (auto it = actor.find("accessGroups"); it != actor.end() && !it->is_null()) {
    if (!it->is_array() || it->size() > 20)
      throw std::invalid_argument("actor.accessGroups");
    for (const auto& group : *it) {
      if (!group.is_string() || group.get<std::string>().size() > 255 || has_control_characters(group))
        throw std::invalid_argument("actor.accessGroups");
      groups.push_back(group);
    }
  }
  out["accessGroups"] = std::move(groups);
  return out;
}

} // namespace

std::string partner_event_id(const nlohmann::json& item) {
  if (!item.is_object())
    return "";
  auto it = item.find("id");
  return it != item.end() && it->is_string() && is_id(it->get<std::string>()) ? it->get<std::string>() : "";
}

std::optional<services::IncomingAccessEvent> parse_partner_event(const nlohmann::json& item, std::int64_t now_ms) {
  if (!item.is_object())
    return std::nullopt;
  try {
    services::IncomingAccessEvent event;
    auto& record = event.record;
    record.partner_event_id = partner_event_id(item);
    if (record.partner_event_id.empty())
      return std::nullopt;
    auto time = parse_iso8601_ms(required_text(item, "time", 40));
    if (!time || *time > now_ms + k_future_slack_ms)
      return std::nullopt;
    record.time_ms = *time;
    record.type = required_text(item, "type", 32);
    if (std::find(k_types.begin(), k_types.end(), record.type) == k_types.end())
      return std::nullopt;
    record.message = required_text(item, "message", 200);
    auto door = item.find("door");
    if (door == item.end() || !door->is_object())
      return std::nullopt;
    event.door_uuid = required_text(*door, "uuid", 64);
    if (!is_id(event.door_uuid))
      return std::nullopt;
    if (auto controller = item.find("controller"); controller != item.end() && !controller->is_null()) {
      if (!controller->is_object())
        return std::nullopt;
      record.controller_uuid = optional_text(*controller, "uuid", 64).value_or("");
      record.controller_name = optional_text(*controller, "name", 255).value_or("");
    }
    auto actor = item.find("actor");
    if (actor == item.end())
      return std::nullopt;
    record.actor_json = checked_actor(*actor).dump();
    record.card_number = optional_text(item, "cardNumber", 32);
    record.command_id = optional_text(item, "commandId", 64);
    return event;
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

} // namespace argus::api
