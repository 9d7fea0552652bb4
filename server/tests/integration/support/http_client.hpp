#pragma once
// A small synchronous HTTP/1.1 client over plain sockets (or TLS, see use_tls) for tests: keeps one keep-alive
// connection (reconnecting when the server closed it), a cookie jar and default headers (e.g. the CSRF token).
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace argus::testing {

struct HttpResponse {
  int status = 0;
  std::vector<std::pair<std::string, std::string>> headers; // names lower-cased, in order received
  std::string body;

  //! First header with that lower-case name, or "".
  std::string header(const std::string& lower_name) const;
  //! The body parsed as JSON (throws on malformed JSON).
  nlohmann::json json() const;
};

using Headers = std::vector<std::pair<std::string, std::string>>;

class TlsChannel;

class HttpClient {
public:
  HttpClient(std::string host, std::uint16_t port);
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;
  HttpClient(HttpClient&& other) noexcept;
  HttpClient& operator=(HttpClient&&) = delete;

  //! GET path (with query), sending cookies and default headers.
  HttpResponse get(const std::string& target, const Headers& headers = {});
  //! POST a JSON document.
  HttpResponse post_json(const std::string& target, const nlohmann::json& body, const Headers& headers = {});
  //! Any method with an optional body.
  HttpResponse request(const std::string& method, const std::string& target, const std::string& body = {},
                       const Headers& headers = {});
  //! Sends bytes verbatim on a fresh connection and reads one response (for malformed or oversize requests).
  HttpResponse send_raw(const std::string& bytes);

  //! Speaks HTTPS from the next connection on; with a CA file the server certificate must chain to it.
  void use_tls(std::string ca_file);
  //! Connects from this local IP (e.g. "127.0.0.2": another client address on loopback) from the next connection on.
  void set_source_address(std::string ip);

  //! Header sent with every request (replaces an earlier value of the same name).
  void set_default_header(const std::string& name, const std::string& value);
  //! Cookies received via Set-Cookie and sent back on later requests.
  std::map<std::string, std::string>& cookies() { return cookies_; }
  //! How many TCP connections this client opened so far (keep-alive checks).
  int connections_opened() const { return connections_opened_; }
  //! Closes the current connection.
  void close();

private:
  void connect();
  void send_all(const std::string& bytes);
  HttpResponse read_response(bool head);
  std::string read_line();
  bool fill();
  void store_cookie(const std::string& set_cookie);

  std::string host_;
  std::uint16_t port_;
  int fd_ = -1;
  bool tls_ = false;
  std::string ca_file_;
  std::string source_address_;
  std::unique_ptr<TlsChannel> channel_; // set while a TLS connection is open
  std::string buffer_;
  std::map<std::string, std::string> cookies_;
  Headers default_headers_;
  int connections_opened_ = 0;
};

} // namespace argus::testing
