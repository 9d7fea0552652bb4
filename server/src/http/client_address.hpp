#pragma once
// Who the client is: the TCP peer, unless the peer is a trusted reverse proxy (--trusted-proxy CIDR), in which case
// X-Forwarded-For is read from the right and the first address that is not itself a trusted proxy is the client.
// Entries a client wrote to the left of that are never believed. Beast-free.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace argus::http {

//! An IPv4 or IPv6 network (IPv4 held as IPv4-mapped IPv6, so one comparison covers both).
struct IpNetwork {
  std::array<std::uint8_t, 16> address{};
  int prefix_bits = 128;

  //! True when the address (as written by parse_ip) lies in this network.
  bool contains(const std::array<std::uint8_t, 16>& other) const;
};

//! "10.0.0.0/8", "192.0.2.7" (a /32), "2001:db8::/32", "::1"; nullopt when malformed or the prefix is out of range.
std::optional<IpNetwork> parse_ip_network(std::string_view text);

//! A bare IP address as 16 bytes (IPv4 mapped); also accepts "[v6]", "[v6]:port" and "v4:port" as proxies write them.
std::optional<std::array<std::uint8_t, 16>> parse_ip(std::string_view text);

class ClientAddressResolver {
public:
  ClientAddressResolver() = default;
  explicit ClientAddressResolver(std::vector<IpNetwork> trusted_proxies) : trusted_(std::move(trusted_proxies)) {}

  //! The client address for a connection from peer_address carrying this X-Forwarded-For value (may be empty).
  std::string resolve(const std::string& peer_address, std::string_view forwarded_for) const;

private:
  bool is_trusted(const std::array<std::uint8_t, 16>& address) const;

  std::vector<IpNetwork> trusted_;
};

} // namespace argus::http
