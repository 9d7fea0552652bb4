#pragma once
// A parsed HTTP request, free of Beast types so that api handlers and their tests never include Beast.
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace argus::http {

struct Request {
  std::string method;                             // "GET", "POST", ...
  std::string target;                             // as received: path plus query
  std::string path;                               // percent-decoded path without the query
  std::map<std::string, std::string> query;       // decoded query parameters (last one wins)
  std::map<std::string, std::string> headers;     // names lower-cased
  std::map<std::string, std::string> path_params; // filled by the router from "{name}" segments
  std::string body;
  std::string remote_address; // client IP, no port: the TCP peer, or from X-Forwarded-For when the peer is a trusted proxy
  std::string peer_address;   // the TCP peer's IP
  bool over_tls = false;      // arrived over HTTPS (cookies get Secure)
  int shard_id = 1;           // from the "/n{shard_id}" base path

  //! Header value by lower-case name, or "" when absent.
  std::string header(std::string_view lower_name) const;
  //! Cookie value from the Cookie header.
  std::optional<std::string> cookie(std::string_view name) const;
  //! Query parameter, or nullopt.
  std::optional<std::string> query_param(std::string_view name) const;
  //! Path parameter captured by the router; throws Error(invalid_input) when missing.
  const std::string& param(std::string_view name) const;
};

} // namespace argus::http
