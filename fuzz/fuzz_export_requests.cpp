// libFuzzer target: arbitrary bytes as the JSON body of an export call (spec 03 §7 "Exports"), through the parsers a
// handler runs once the camera is known (fuzz/README.md): api::export_request_from_json (imager, file name, t0/t1 in
// seconds, the range and future limits, the schedule, the fisheye view, the duplicate flag), positive_id_field on the
// ids and optional_string_field + checked_filename on the rename body.
// A refusal may only be argus::Error (a 400); any other exception escapes and libFuzzer reports it. What is accepted
// must hold the limits (FUZZ_CHECK below).
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "api/export_requests.hpp"
#include "api/export_views.hpp"
#include "common/error.hpp"
#include "fuzz_check.hpp"

namespace {

using namespace argus;

constexpr std::int64_t k_now_ms = 1'795'000'000'000; // fixed so that runs reproduce

template <class Function> void refused_only_with_error(Function function) {
  try {
    function();
  } catch (const Error&) {
  }
}

void check_export(const nlohmann::json& body, std::int64_t imager_count) {
  api::ExportRequest asked;
  try {
    asked = api::export_request_from_json(body, k_now_ms, imager_count);
  } catch (const Error&) {
    return;
  }
  FUZZ_CHECK(asked.imager_id >= 0 && asked.imager_id < imager_count);
  FUZZ_CHECK(asked.t0_ms >= 0 && asked.t0_ms < asked.t1_ms);
  FUZZ_CHECK(asked.t1_ms <= k_now_ms + api::k_export_future_slack_ms);
  FUZZ_CHECK(asked.t1_ms - asked.t0_ms <= api::k_export_max_range_ms);
  FUZZ_CHECK(asked.scheduled_for_ms >= k_now_ms &&
             asked.scheduled_for_ms <= k_now_ms + api::k_export_schedule_ahead_ms);
  if (asked.filename)
    FUZZ_CHECK(!asked.filename->empty());
  if (asked.dewarp_json)
    FUZZ_CHECK(nlohmann::json::parse(*asked.dewarp_json).is_object());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto body = nlohmann::json::parse(reinterpret_cast<const char*>(data), reinterpret_cast<const char*>(data) + size,
                                    nullptr, false);
  if (body.is_discarded() || !body.is_object()) // parse_json_object refuses anything else before the handlers
    return 0;
  check_export(body, 1);
  check_export(body, 4); // a multi-imager camera
  refused_only_with_error([&] {
    auto id = api::positive_id_field(body, "job_id");
    FUZZ_CHECK(id > 0);
  });
  refused_only_with_error([&] { (void)api::checked_filename(api::optional_string_field(body, "filename")); });
  return 0;
}
