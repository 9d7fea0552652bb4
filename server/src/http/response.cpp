#include "http/response.hpp"

#include <nlohmann/json.hpp>

namespace argus::http {

Response Response::json(const nlohmann::json& value, int status) {
  Response response;
  response.status = status;
  response.content_type = "application/json; charset=utf-8";
  // replace: invalid UTF-8 in stored data must not turn a good answer into a 500.
  response.body = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return response;
}

Response Response::text(std::string text, int status) {
  Response response;
  response.status = status;
  response.content_type = "text/plain; charset=utf-8";
  response.body = std::move(text);
  return response;
}

Response Response::no_content() {
  Response response;
  response.status = 204;
  return response;
}

Response Response::error(int status, const std::string& message) {
  return json(nlohmann::json{{"errors", nlohmann::json::array({message})}}, status);
}

} // namespace argus::http
