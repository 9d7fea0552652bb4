#include "api/similarity_requests.hpp"

#include <charconv>

#include <nlohmann/json.hpp>

#include "common/error.hpp"

namespace argus::api {
namespace {

constexpr std::int64_t k_max_span_ms = 7LL * 24 * 3600 * 1000; // a similarity search looks at most a week
constexpr std::int64_t k_max_thumbnail_span_ms = 24LL * 3600 * 1000;
constexpr std::size_t k_max_cameras = 200;

[[noreturn]] void bad(const std::string& message) {
  throw Error(Error::Kind::invalid_input, message);
}

std::optional<std::int64_t> integer_text(std::string_view text) {
  std::int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

std::int64_t required_ms(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || !it->is_number_integer() || it->get<std::int64_t>() < 0)
    bad(std::string(field) + " must be a time in UTC milliseconds");
  return it->get<std::int64_t>();
}

void check_range(std::int64_t t0_ms, std::int64_t t1_ms, std::int64_t max_span_ms, const char* span_text) {
  if (t0_ms >= t1_ms)
    bad("t0 must be before t1");
  if (t1_ms - t0_ms > max_span_ms)
    bad(std::string("t0 and t1 may be at most ") + span_text + " apart");
}

template <typename T> T optional_field(const nlohmann::json& body, const char* field, T fallback) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null())
    return fallback;
  if constexpr (std::is_same_v<T, bool>) {
    if (!it->is_boolean())
      bad(std::string(field) + " must be true or false");
  } else {
    if (!it->is_number())
      bad(std::string(field) + " must be a number");
  }
  return it->get<T>();
}

} // namespace

SimilarityRequest parse_similarity_request(const nlohmann::json& body) {
  SimilarityRequest out;
  auto track = body.find("trackId");
  std::optional<std::int64_t> track_id;
  if (track != body.end() && track->is_number_integer())
    track_id = track->get<std::int64_t>();
  else if (track != body.end() && track->is_string())
    track_id = integer_text(track->get<std::string>());
  if (!track_id || *track_id <= 0)
    bad("trackId must be the id of a track");
  out.track_id = *track_id;
  out.t0_ms = required_ms(body, "t0");
  out.t1_ms = required_ms(body, "t1");
  check_range(out.t0_ms, out.t1_ms, k_max_span_ms, "7 days");
  if (auto cameras = body.find("cameras"); cameras != body.end() && !cameras->is_null()) {
    if (!cameras->is_array() || cameras->size() > k_max_cameras)
      bad("cameras must be a list of at most 200 camera serials");
    for (const auto& serial : *cameras) {
      if (!serial.is_string() || serial.get<std::string>().empty() || serial.get<std::string>().size() > 64)
        bad("cameras must be a list of at most 200 camera serials");
      out.cameras.push_back(serial.get<std::string>());
    }
  }
  auto results = optional_field<double>(body, "results", 10);
  if (!(results >= 1 && results <= 100) || results != static_cast<int>(results))
    bad("results must be a whole number from 1 to 100");
  out.results = static_cast<int>(results);
  out.threshold = optional_field<double>(body, "threshold", 0.1);
  if (!(out.threshold >= 0 && out.threshold <= 1))
    bad("threshold must be a fraction from 0 to 1");
  auto timeout = optional_field<double>(body, "timeout", 20);
  if (!(timeout > 0 && timeout <= 120))
    bad("timeout must be a number of seconds from 1 to 120");
  out.include_thumbnails = optional_field<bool>(body, "includeThumbnails", true);
  out.include_embedding = optional_field<bool>(body, "includeEmbedding", false);
  return out;
}

TracksRequest parse_tracks_request(const nlohmann::json& body) {
  auto range = body.find("timerange");
  if (range == body.end() || !range->is_object())
    bad("timerange must be an object with t0 and t1");
  TracksRequest out{required_ms(*range, "t0"), required_ms(*range, "t1")};
  check_range(out.t0_ms, out.t1_ms, k_max_thumbnail_span_ms, "24 hours");
  if (auto fields = body.find("fields"); fields != body.end() && !fields->is_null() && !fields->is_array())
    bad("fields must be a list");
  auto timeout = optional_field<double>(body, "timeout", 20);
  if (!(timeout > 0 && timeout <= 120))
    bad("timeout must be a number of seconds from 1 to 120");
  return out;
}

TracksRequest parse_thumbnail_query(const http::Request& request) {
  TracksRequest out;
  for (auto [name, target] : {std::pair{"t0", &out.t0_ms}, std::pair{"t1", &out.t1_ms}}) {
    auto text = request.query_param(name);
    auto value = text ? integer_text(*text) : std::nullopt;
    if (!value || *value < 0)
      bad(std::string(name) + " must be a time in UTC milliseconds");
    *target = *value;
  }
  check_range(out.t0_ms, out.t1_ms, k_max_thumbnail_span_ms, "24 hours");
  return out;
}

std::optional<double> parse_poll_threshold(const http::Request& request) {
  auto text = request.query_param("threshold");
  if (!text)
    return std::nullopt;
  auto value = integer_text(*text);
  if (!value || *value < 90 || *value > 100)
    bad("threshold must be a whole percentage from 90 to 100");
  return static_cast<double>(*value);
}

} // namespace argus::api
