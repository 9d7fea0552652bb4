#pragma once
// Parsing of "HOST:PORT" listen addresses (--listen). Beast-free.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace argus::http {

struct ListenAddress {
  std::string host; // numeric IPv4 or IPv6 address
  std::uint16_t port = 0;
};

//! Parses "127.0.0.1:8080", "[::1]:8080", "0.0.0.0:0" or "localhost:8080"; nullopt when malformed.
std::optional<ListenAddress> parse_listen_address(std::string_view text);

} // namespace argus::http
