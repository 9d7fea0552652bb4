#include "http/request_conversion.hpp"

#include <algorithm>
#include <cctype>

#include "http/url.hpp"

namespace argus::http {

bool to_request(BeastRequest& message, const std::string& peer_address, const ClientAddressResolver& client_addresses,
                bool over_tls, Request& request) {
  request.method = std::string(message.method_string());
  request.target = std::string(message.target());
  if (!parse_target(request.target, request.path, request.query))
    return false;
  for (const auto& field : message) {
    std::string name(field.name_string());
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    auto [it, inserted] = request.headers.try_emplace(std::move(name), field.value());
    if (!inserted) {
      it->second += it->first == "cookie" ? "; " : ", ";
      it->second.append(field.value().data(), field.value().size());
    }
  }
  request.body = std::move(message.body());
  request.peer_address = peer_address;
  request.remote_address = client_addresses.resolve(peer_address, request.header("x-forwarded-for"));
  request.over_tls = over_tls;
  return true;
}

} // namespace argus::http
