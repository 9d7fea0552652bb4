// libFuzzer target: arbitrary bytes as a JSON request body, through the pure validators that handlers run on bodies
// before touching the database (fuzz/README.md):
//   nlohmann::json::parse (as api::parse_json_object does) → api::parse_partner_event / partner_event_id on each of
//   "events" (the partner webhook, docs/design/access-control.md) → api::parse_similarity_request and
//   parse_tracks_request (object search bodies) → the thumbnail and poll queries built from the body's strings →
//   api::required_string, parse_id, split_list, parse_iso8601_ms and the text_input.hpp helpers.
// (api/wall_requests and services/wall_validation are not here: wall_validation needs services/camera_admin.cpp, which
// needs the store.)
// The validators may refuse input only with argus::Error (the router answers its status); any other exception would
// be a 500 for bad input, so it escapes and libFuzzer reports it.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "api/iso_time.hpp"
#include "api/partner_event_input.hpp"
#include "api/request_parsing.hpp"
#include "api/similarity_requests.hpp"
#include "api/text_input.hpp"
#include "common/error.hpp"
#include "http/request.hpp"

namespace {

using namespace argus;

constexpr std::int64_t k_now_ms = 1'795'000'000'000; // 2026-11-17, fixed so runs reproduce

template <class Function> void refused_only_with_error(Function function) {
  try {
    function();
  } catch (const Error&) {
  }
}

void check_event(const nlohmann::json& item) {
  (void)api::parse_partner_event(item, k_now_ms);
  (void)api::partner_event_id(item);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  http::Request request;
  request.body.assign(reinterpret_cast<const char*>(data), size);
  nlohmann::json body;
  try {
    body = api::parse_json_object(request);
  } catch (const Error&) {
    // Not a JSON object: the bytes may still be another JSON value the validators meet inside bodies.
    body = nlohmann::json::parse(request.body, nullptr, false);
    if (body.is_discarded())
      return 0;
  }

  check_event(body);
  if (body.is_object()) {
    if (auto events = body.find("events"); events != body.end() && events->is_array()) {
      for (const auto& item : *events)
        check_event(item);
    }
  }
  refused_only_with_error([&] { (void)api::parse_similarity_request(body); });
  refused_only_with_error([&] { (void)api::parse_tracks_request(body); });
  if (!body.is_object())
    return 0;

  // The object's string members as a query (?t0=...&t1=...&threshold=...) and as the other string inputs.
  http::Request query;
  for (const auto& item : body.items()) {
    if (!item.value().is_string())
      continue;
    const std::string& name = item.key();
    const auto& text = item.value().get_ref<const std::string&>();
    query.query[name] = text;
    refused_only_with_error([&] { (void)api::parse_id(text, name); });
    (void)api::split_list(text);
    (void)api::parse_iso8601_ms(text);
    (void)api::char_count(api::trimmed(api::lower(text)));
  }
  refused_only_with_error([&] { (void)api::parse_thumbnail_query(query); });
  refused_only_with_error([&] { (void)api::parse_poll_threshold(query); });
  refused_only_with_error([&] { (void)api::required_string(body, "name"); });
  return 0;
}
