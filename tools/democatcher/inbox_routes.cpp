#include "inbox_routes.hpp"

#include <nlohmann/json.hpp>

#include "http/request.hpp"
#include "http/response.hpp"
#include "inbox_page.hpp"
#include "message_store.hpp"
#include "sms_request.hpp"

namespace argus::democatcher {
namespace {

using nlohmann::json;

bool is_read(const http::Request& request) {
  return request.method == "GET" || request.method == "HEAD";
}

http::Response method_not_allowed(const char* allow) {
  auto response = http::Response::error(405, "Method not allowed");
  response.add_header("Allow", allow);
  return response;
}

json message_json(const CaughtMessage& message) {
  return {{"id", message.id},
          {"kind", message.kind},
          {"to", message.to},
          {"from", message.from},
          {"subject", message.subject},
          {"text", message.text},
          {"received_at", message.received_at}};
}

} // namespace

http::Response InboxRoutes::handle(http::Request& request) const {
  http::Response response;
  if (request.path == "/") {
    if (!is_read(request))
      return method_not_allowed("GET, HEAD");
    response.content_type = "text/html; charset=utf-8";
    response.body = render_inbox_page(store_.newest_first());
  } else if (request.path == "/api/messages") {
    response = messages(request);
  } else if (request.path == "/sms") {
    response = sms(request);
  } else {
    response = http::Response::error(404, "Not found");
  }
  response.add_header("Cache-Control", "no-store");
  return response;
}

http::Response InboxRoutes::messages(const http::Request& request) const {
  if (request.method == "DELETE") {
    store_.clear();
    return http::Response::no_content();
  }
  if (!is_read(request))
    return method_not_allowed("GET, HEAD, DELETE");
  auto list = json::array();
  for (const auto& message : store_.newest_first())
    list.push_back(message_json(message));
  return http::Response::json(list);
}

http::Response InboxRoutes::sms(const http::Request& request) const {
  if (request.method != "GET" && request.method != "POST")
    return method_not_allowed("GET, POST");
  auto sms = read_sms_request(request);
  if (!sms.error.empty())
    return http::Response::error(400, sms.error);
  return http::Response::json({{"id", store_.add_sms(sms.to, sms.text)}});
}

} // namespace argus::democatcher
