#include "services/access_control/http_door_partner.hpp"

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "services/curl_transfer.hpp"

namespace argus::services {
namespace {

constexpr std::size_t k_max_answer_bytes = 1024 * 1024;

struct HttpAnswer {
  long status = 0;
  std::string body;
};

std::size_t collect_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto* body = static_cast<std::string*>(user);
  if (body->size() + size * count > k_max_answer_bytes)
    return 0; // libcurl fails the transfer
  body->append(data, size * count);
  return size * count;
}

HttpAnswer call(const std::string& url, const std::string& token, long timeout_ms, const std::string* json_body) {
  auto handle = new_curl_handle(timeout_ms);
  CURL* curl = handle.get();
  CurlSlist headers;
  append_to(headers, "Authorization: Bearer " + token);
  append_to(headers, "Accept: application/json");
  if (json_body) {
    append_to(headers, "Content-Type: application/json");
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, json_body->c_str());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(json_body->size()));
  } else {
    curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
  }
  HttpAnswer answer;
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer.body);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  perform_or_throw(curl, "the access-control partner cannot be reached");
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer.status);
  return answer;
}

std::string text_field(const nlohmann::json& object, const char* name) {
  auto it = object.find(name);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

HttpDoorPartner::HttpDoorPartner(std::string base_url, std::string token, long timeout_ms)
    : base_url_(std::move(base_url)), token_(std::move(token)), timeout_ms_(timeout_ms) {
  while (!base_url_.empty() && base_url_.back() == '/')
    base_url_.pop_back();
}

std::vector<PartnerDoor> HttpDoorPartner::doors() {
  auto answer = call(base_url_ + "/v1/doors", token_, timeout_ms_, nullptr);
  if (answer.status != 200)
    throw Error(Error::Kind::unavailable, "the access-control partner answered HTTP " + std::to_string(answer.status));
  auto body = nlohmann::json::parse(answer.body, nullptr, false);
  if (!body.is_object() || !body.contains("doors") || !body["doors"].is_array())
    throw Error(Error::Kind::unavailable, "the access-control partner's door list is not {\"doors\": [...]}");
  std::vector<PartnerDoor> doors;
  for (const auto& item : body["doors"]) {
    if (!item.is_object())
      continue;
    PartnerDoor door{text_field(item, "uuid"), text_field(item, "name"), text_field(item, "location_uuid"), {}, {}};
    if (auto controller = item.find("controller"); controller != item.end() && controller->is_object()) {
      door.controller_uuid = text_field(*controller, "uuid");
      door.controller_name = text_field(*controller, "name");
    }
    if (door.uuid.empty() || door.uuid.size() > 64 || door.name.empty() || door.name.size() > 255)
      continue; // a door without an id or name cannot be shown or mapped
    doors.push_back(std::move(door));
  }
  return doors;
}

void HttpDoorPartner::unlock(const std::string& door_uuid, const UnlockCommand& command) {
  nlohmann::json body = {
      {"commandId", command.command_id},
      {"durationS", command.duration_s},
      {"actor",
       {{"type", "USER"}, {"uuid", command.user_uuid}, {"name", command.user_name}, {"email", command.user_email}}}};
  auto text = body.dump();
  auto answer = call(base_url_ + "/v1/doors/" + url_encoded(door_uuid) + "/unlock", token_, timeout_ms_, &text);
  if (answer.status == 202 || answer.status == 200)
    return;
  if (answer.status == 404)
    throw Error(Error::Kind::not_found, "the access-control partner does not know the door");
  if (answer.status == 409)
    throw Error(Error::Kind::conflict, "the door refused to unlock");
  throw Error(Error::Kind::unavailable, "the access-control partner answered HTTP " + std::to_string(answer.status));
}

} // namespace argus::services
