#include "api/history_queries.hpp"

#include "api/request_parsing.hpp"
#include "common/error.hpp"

namespace argus::api {

std::int64_t required_ms(const http::Request& request, std::string_view name) {
  auto value = request.query_param(name);
  if (!value || value->empty())
    throw Error(Error::Kind::invalid_input, std::string(name) + " is required");
  if (value->size() > 15 || value->find_first_not_of("0123456789") != std::string::npos)
    throw Error(Error::Kind::invalid_input, std::string(name) + " must be a non-negative integer (ms since epoch)");
  return std::stoll(*value);
}

namespace {

// [start, end) from two required_ms parameters: end after start, at most max_span_ms apart (max_span_text says how
// much in the message).
TimeWindow checked_window(const http::Request& request, const std::string& start, const std::string& end,
                          std::int64_t max_span_ms, const char* max_span_text) {
  TimeWindow window{required_ms(request, start), required_ms(request, end)};
  if (window.end_ms <= window.start_ms)
    throw Error(Error::Kind::invalid_input, end + " must be greater than " + start);
  if (window.end_ms - window.start_ms > max_span_ms)
    throw Error(Error::Kind::invalid_input, end + " must be at most " + max_span_text + " after " + start);
  return window;
}

} // namespace

TimeWindow availability_window(const http::Request& request) {
  return checked_window(request, "t0", "t1", k_max_availability_span_ms, "31 days");
}

TimeWindow playlist_window(const http::Request& request) {
  return checked_window(request, "start_ms", "end_ms", k_max_playlist_span_ms, "24 h");
}

std::int64_t file_id(const std::string& file, std::string_view suffix, std::string_view what) {
  bool ok = file.size() > suffix.size() && file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0;
  auto digits = ok ? std::string_view(file).substr(0, file.size() - suffix.size()) : std::string_view{};
  if (!ok || digits.front() == '0')
    throw Error(Error::Kind::invalid_input, std::string(what) + " must be {id}" + std::string(suffix));
  return parse_id(digits, what);
}

} // namespace argus::api
