#include "api/object_detections_channel.hpp"

#include <charconv>
#include <cmath>

namespace argus::api {
namespace {

using nlohmann::json;

constexpr std::string_view k_node_prefix = "/node/";
constexpr std::string_view k_detections_segment = "/ObjectDetections/";
constexpr std::size_t k_max_suffix_chars = 64;
constexpr std::size_t k_max_text_chars = 128;
// Times below this (March 1973 in ms) are seconds sent by mistake: 1.7e9 s would read as January 1970.
constexpr double k_min_time_ms = 1e11;
constexpr double k_max_time_ms = 9007199254740992.0; // 2^53: exact in a JavaScript number

std::optional<std::int64_t> positive_digits(std::string_view text) {
  std::int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || text.front() == '-' || text.front() == '+' || error != std::errc{} ||
      end != text.data() + text.size() || value <= 0)
    return std::nullopt;
  return value;
}

bool suffix_ok(std::string_view suffix) {
  if (suffix.empty() || suffix.size() > k_max_suffix_chars)
    return false;
  for (char c : suffix) {
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    if (!ok)
      return false;
  }
  return true;
}

std::optional<std::int64_t> camera_of_node_id(const json& node_id) {
  if (node_id.is_number_integer()) // signed or unsigned; the digits catch overflow
    return positive_digits(node_id.dump());
  if (node_id.is_string())
    return positive_digits(node_id.get_ref<const std::string&>());
  return std::nullopt;
}

// A time field in ms: a number (a fraction is dropped), plausibly milliseconds.
std::variant<std::int64_t, std::string> time_ms(const json& data, const char* field) {
  auto it = data.find(field);
  if (it == data.end() || !it->is_number())
    return std::string(field) + " must be a number (Unix time in milliseconds)";
  auto value = std::floor(it->get<double>());
  if (value < k_min_time_ms || value > k_max_time_ms)
    return std::string(field) + " must be a Unix time in milliseconds";
  return static_cast<std::int64_t>(value);
}

// An optional short text field (or, with numbers_too, an integer).
std::optional<std::string> bad_optional_text(const json& data, const char* field, bool numbers_too = false) {
  auto it = data.find(field);
  if (it == data.end() || it->is_null() || (numbers_too && it->is_number_integer()))
    return std::nullopt;
  if (it->is_string() && it->get_ref<const std::string&>().size() <= k_max_text_chars)
    return std::nullopt;
  return std::string(field) + " must be a string of at most " + std::to_string(k_max_text_chars) + " characters" +
         (numbers_too ? " or an integer" : "");
}

} // namespace

std::optional<std::int64_t> detections_channel_camera(std::string_view channel) {
  if (!channel.starts_with(k_node_prefix))
    return std::nullopt;
  channel.remove_prefix(k_node_prefix.size());
  auto segment = channel.find(k_detections_segment);
  if (segment == std::string_view::npos)
    return std::nullopt;
  auto camera = positive_digits(channel.substr(0, segment));
  if (!camera || !suffix_ok(channel.substr(segment + k_detections_segment.size())))
    return std::nullopt;
  return camera;
}

std::variant<DetectionRequest, std::string> parse_detection_request(const json& data) {
  if (!data.is_object())
    return std::string("data must be an object");
  DetectionRequest request;
  auto node = data.find("node_id");
  auto camera = node == data.end() ? std::nullopt : camera_of_node_id(*node);
  if (!camera)
    return std::string("node_id must be a camera id (a positive integer or a string of digits)");
  request.camera_id = *camera;
  request.node_id = *node;
  auto start = time_ms(data, "start_ts");
  if (auto* error = std::get_if<std::string>(&start))
    return *error;
  auto end = time_ms(data, "end_ts");
  if (auto* error = std::get_if<std::string>(&end))
    return *error;
  request.start_ms = std::get<std::int64_t>(start);
  request.end_ms = std::get<std::int64_t>(end);
  if (request.start_ms >= request.end_ms)
    return std::string("start_ts must be before end_ts");
  if (request.end_ms - request.start_ms > k_max_detection_range_ms)
    return "end_ts - start_ts must be at most " + std::to_string(k_max_detection_range_ms) + " ms";
  for (auto error :
       {bad_optional_text(data, "broker"), bad_optional_text(data, "type"), bad_optional_text(data, "pid", true)}) {
    if (error)
      return *error;
  }
  if (auto keep = data.find("no_keep_alive"); keep != data.end() && !keep->is_boolean() && !keep->is_null())
    return std::string("no_keep_alive must be a boolean");
  request.pid = data.value("pid", json());
  request.type = data.value("type", json());
  return request;
}

json detection_reply_message(const std::string& channel, const DetectionRequest& request,
                             const DetectionsFound& found) {
  json params = {{"start_ts", request.start_ms}, {"end_ts", request.end_ms}, {"node_id", request.node_id},
                 {"pid", request.pid},           {"type", request.type},     {"truncated", found.truncated}};
  return {{"channel", channel}, {"data", {{"detections", found.detections}, {"params", std::move(params)}}}};
}

} // namespace argus::api
