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

TimeWindow availability_window(const http::Request& request) {
  TimeWindow window{required_ms(request, "t0"), required_ms(request, "t1")};
  if (window.end_ms <= window.start_ms)
    throw Error(Error::Kind::invalid_input, "t1 must be greater than t0");
  if (window.end_ms - window.start_ms > k_max_availability_span_ms)
    throw Error(Error::Kind::invalid_input, "t1 must be at most 31 days after t0");
  return window;
}

TimeWindow playlist_window(const http::Request& request) {
  TimeWindow window{required_ms(request, "start_ms"), required_ms(request, "end_ms")};
  if (window.end_ms <= window.start_ms)
    throw Error(Error::Kind::invalid_input, "end_ms must be greater than start_ms");
  if (window.end_ms - window.start_ms > k_max_playlist_span_ms)
    throw Error(Error::Kind::invalid_input, "end_ms must be at most 24 h after start_ms");
  return window;
}

std::int64_t file_id(const std::string& file, std::string_view suffix, std::string_view what) {
  bool ok = file.size() > suffix.size() && file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0;
  auto digits = ok ? std::string_view(file).substr(0, file.size() - suffix.size()) : std::string_view{};
  if (!ok || digits.front() == '0')
    throw Error(Error::Kind::invalid_input, std::string(what) + " must be {id}" + std::string(suffix));
  return parse_id(digits, what);
}

} // namespace argus::api
