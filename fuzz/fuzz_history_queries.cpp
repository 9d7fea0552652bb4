// libFuzzer target: arbitrary bytes as the query string and file name of the recorded-video calls (spec 02 §7
// "History"; fuzz/README.md): the first line through http::parse_query into a request, then api::availability_window
// (t0/t1), playlist_window (start_ms/end_ms) and required_ms (ts_ms of the file record); the second line as the
// {id}.m4s chunk and {id}.mp4 init file names through api::file_id.
// A refusal may only be argus::Error (a 400); any other exception escapes and libFuzzer reports it. What is accepted
// must hold the limits (FUZZ_CHECK below).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "api/history_queries.hpp"
#include "common/error.hpp"
#include "fuzz_check.hpp"
#include "http/request.hpp"
#include "http/url.hpp"

namespace {

using namespace argus;

template <class Function> void refused_only_with_error(Function function) {
  try {
    function();
  } catch (const Error&) {
  }
}

void check_window(const api::TimeWindow& window, std::int64_t max_span_ms) {
  FUZZ_CHECK(window.start_ms >= 0 && window.start_ms < window.end_ms);
  FUZZ_CHECK(window.end_ms - window.start_ms <= max_span_ms);
}

void check_file(const std::string& name, std::string_view suffix) {
  refused_only_with_error([&] {
    auto id = api::file_id(name, suffix, "file");
    FUZZ_CHECK(id > 0);
    FUZZ_CHECK(std::to_string(id) + std::string(suffix) == name); // strictly {id}{suffix}: no sign, zero or padding
  });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto newline = input.find('\n');
  http::Request request;
  request.query = http::parse_query(input.substr(0, newline));
  refused_only_with_error([&] { check_window(api::availability_window(request), api::k_max_availability_span_ms); });
  refused_only_with_error([&] { check_window(api::playlist_window(request), api::k_max_playlist_span_ms); });
  refused_only_with_error([&] {
    auto ts = api::required_ms(request, "ts_ms");
    FUZZ_CHECK(ts >= 0 && ts < 1'000'000'000'000'000);
  });
  if (newline != std::string_view::npos) {
    std::string name(input.substr(newline + 1));
    check_file(name, ".m4s");
    check_file(name, ".mp4");
  }
  return 0;
}
