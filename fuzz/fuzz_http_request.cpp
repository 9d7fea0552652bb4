// libFuzzer target: arbitrary bytes as one HTTP/1.1 request, through everything argusd does with a request before a
// handler's own logic (fuzz/README.md):
//   Beast's request_parser with the server's limits (http/session.cpp: 32 KiB of header, ServerOptions' 1 MiB body)
//   → to_request (http/request_conversion.cpp: target decoding, header folding, X-Forwarded-For from a trusted proxy)
//   → Router::dispatch on a few representative routes whose handlers read path params, the query, cookies, headers
//   → parse_byte_range and choose_content_coding on the request's Range and Accept-Encoding.
// Nothing may crash, leak or hit undefined behaviour; the few invariants below abort when broken.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "fuzz_check.hpp"
#include "http/accept_encoding.hpp"
#include "http/byte_range.hpp"
#include "http/client_address.hpp"
#include "http/request.hpp"
#include "http/request_conversion.hpp"
#include "http/router.hpp"
#include "http/url.hpp"

namespace {

namespace bhttp = boost::beast::http;
using namespace argus;

constexpr std::uint32_t k_header_limit_bytes = 32 * 1024; // http/session.cpp
constexpr std::uint64_t k_body_limit_bytes = 1024 * 1024; // http/server.hpp ServerOptions::body_limit_bytes

// A handler that reads what real handlers read: path params (param() throws Error(invalid_input) when missing), the
// query, cookies and headers.
http::Response read_everything(http::Request& request) {
  std::size_t total = 0;
  for (const auto& [name, value] : request.path_params)
    total += request.param(name).size() + value.size();
  for (std::string_view name : {"start", "end", "limit", "token", "q"}) {
    if (auto value = request.query_param(name))
      total += value->size();
  }
  for (std::string_view name : {"session", "csrf", "argus_sso", ""}) {
    if (auto value = request.cookie(name))
      total += value->size();
  }
  for (std::string_view name : {"content-type", "x-csrf-token", "authorization", "cookie", "range"})
    total += request.header(name).size();
  if (request.query_param("fail"))
    throw Error(Error::Kind::not_found, "No such camera");
  if (request.query_param("crash"))
    throw std::runtime_error("handler failure");
  return http::Response::text(std::to_string(total));
}

const http::Router& router() {
  static const auto instance = [] {
    auto router = std::make_unique<http::Router>();
    auto& routes = *router;
    routes.add("GET", "/n/{networkId}/cameras/{cameraId}", read_everything);
    routes.add("PUT", "/n/{networkId}/cameras/{cameraId}", read_everything);
    routes.add("GET", "/n/{networkId}/cameras/{cameraId}/history/{start}/{end}", read_everything);
    routes.add("POST", "/n/{networkId}/manage/vision/walls", read_everything);
    routes.add("GET", "/n/{networkId}/manage/vision/walls", read_everything);
    routes.add("POST", "/n1/access_control/partners/{integrationId}/events", read_everything);
    routes.add("GET", "/session", read_everything);
    // A missing parameter: param("cameraId") throws, as a handler bug would.
    routes.add("DELETE", "/n/{networkId}/cameras/{id}",
               [](http::Request& request) { return http::Response::text(request.param("cameraId")); });
    return router;
  }();
  return *instance;
}

const http::ClientAddressResolver& resolver() {
  static const http::ClientAddressResolver instance = [] {
    std::vector<http::IpNetwork> trusted;
    for (const char* text : {"10.0.0.0/8", "::1", "2001:db8::/32", "192.0.2.7"})
      trusted.push_back(*http::parse_ip_network(text));
    return http::ClientAddressResolver(std::move(trusted));
  }();
  return instance;
}

void check_range(std::string_view header, std::uint64_t size) {
  auto range = http::parse_byte_range(header, size);
  if (range.kind == http::ByteRange::Kind::partial) {
    FUZZ_CHECK(range.length >= 1);
    FUZZ_CHECK(range.offset < size);
    FUZZ_CHECK(range.length <= size - range.offset);
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off); // the router logs handler exceptions
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  bhttp::request_parser<bhttp::string_body> parser;
  parser.body_limit(k_body_limit_bytes);
  parser.header_limit(k_header_limit_bytes);
  parser.eager(true);

  boost::beast::error_code ec;
  std::size_t used = 0;
  while (used < size && !parser.is_done()) {
    std::size_t n = parser.put(boost::asio::buffer(data + used, size - used), ec);
    used += n;
    if (ec == bhttp::error::need_more) {
      ec = {};
      break;
    }
    if (ec || n == 0)
      break;
  }
  if (!ec && !parser.is_done())
    parser.put_eof(ec);
  if (ec || !parser.is_done())
    return 0;

  auto& message = parser.get();
  http::Request request;
  // Peer: a trusted proxy half the time, so that X-Forwarded-For is read.
  std::string peer = size % 2 ? "10.1.2.3" : "203.0.113.9";
  if (!http::to_request(message, peer, resolver(), size % 3 == 0, request))
    return 0;
  FUZZ_CHECK(!request.remote_address.empty());
  FUZZ_CHECK(http::parse_ip(request.remote_address).has_value());

  if (http::Router::is_api_path(request.path)) {
    auto response = router().dispatch(request);
    FUZZ_CHECK(response.status >= 200 && response.status < 600);
  }

  auto range = request.header("range");
  for (std::uint64_t file_size : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{4096}, ~std::uint64_t{0}})
    check_range(range, file_size);

  static constexpr std::array<http::ContentCoding, 2> k_available{http::ContentCoding::br, http::ContentCoding::gzip};
  auto coding = http::choose_content_coding(request.header("accept-encoding"), k_available);
  (void)http::content_coding_token(coding);
  (void)http::choose_content_coding(request.header("accept-encoding"), {});

  (void)http::parse_ip_network(request.header("x-trusted"));
  (void)http::percent_decode(request.target, true);
  return 0;
}
