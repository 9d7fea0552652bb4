#include "http/listen_address.hpp"

#include <arpa/inet.h>

#include <charconv>

namespace argus::http {

std::optional<ListenAddress> parse_listen_address(std::string_view text) {
  auto colon = text.rfind(':');
  if (colon == std::string_view::npos || colon + 1 == text.size())
    return std::nullopt;
  std::string host(text.substr(0, colon));
  auto port_text = text.substr(colon + 1);

  unsigned port = 0;
  auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (ec != std::errc{} || end != port_text.data() + port_text.size() || port > 65535)
    return std::nullopt;

  bool bracketed = host.size() >= 2 && host.front() == '[' && host.back() == ']';
  if (bracketed)
    host = host.substr(1, host.size() - 2);
  if (host == "localhost" && !bracketed)
    host = "127.0.0.1";

  unsigned char scratch[16];
  bool is_v4 = !bracketed && inet_pton(AF_INET, host.c_str(), scratch) == 1;
  bool is_v6 = bracketed && inet_pton(AF_INET6, host.c_str(), scratch) == 1;
  if (!is_v4 && !is_v6)
    return std::nullopt;
  return ListenAddress{host, static_cast<std::uint16_t>(port)};
}

} // namespace argus::http
