#include "http/client_address.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <charconv>
#include <cstring>

#include "http/header_text.hpp"

namespace argus::http {
namespace {

using Bytes = std::array<std::uint8_t, 16>;

constexpr std::size_t k_max_forwarded_hops = 32; // a longer X-Forwarded-For is not looked at beyond this

std::optional<Bytes> parse_v4(const std::string& text) {
  in_addr v4{};
  if (::inet_pton(AF_INET, text.c_str(), &v4) != 1)
    return std::nullopt;
  Bytes bytes{};
  bytes[10] = bytes[11] = 0xff;
  std::memcpy(bytes.data() + 12, &v4, 4);
  return bytes;
}

std::optional<Bytes> parse_v6(const std::string& text) {
  in6_addr v6{};
  if (::inet_pton(AF_INET6, text.c_str(), &v6) != 1)
    return std::nullopt;
  Bytes bytes{};
  std::memcpy(bytes.data(), &v6, 16);
  return bytes;
}

bool is_v4_mapped(const Bytes& bytes) {
  return std::all_of(bytes.begin(), bytes.begin() + 10, [](std::uint8_t b) { return b == 0; }) && bytes[10] == 0xff &&
         bytes[11] == 0xff;
}

bool is_port(std::string_view text) {
  return !text.empty() && text.size() <= 5 &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string format(const Bytes& bytes) {
  char text[INET6_ADDRSTRLEN] = {};
  if (is_v4_mapped(bytes))
    ::inet_ntop(AF_INET, bytes.data() + 12, text, sizeof text);
  else
    ::inet_ntop(AF_INET6, bytes.data(), text, sizeof text);
  return text;
}

} // namespace

bool IpNetwork::contains(const Bytes& other) const {
  int full_bytes = prefix_bits / 8;
  if (!std::equal(address.begin(), address.begin() + full_bytes, other.begin()))
    return false;
  int rest_bits = prefix_bits % 8;
  if (rest_bits == 0)
    return true;
  auto mask = static_cast<std::uint8_t>(0xff << (8 - rest_bits));
  return (address[static_cast<std::size_t>(full_bytes)] & mask) == (other[static_cast<std::size_t>(full_bytes)] & mask);
}

std::optional<Bytes> parse_ip(std::string_view text) {
  text = trim_ows(text);
  if (text.empty() || text.size() > 64)
    return std::nullopt;
  if (text.front() == '[') {
    auto close = text.find(']');
    if (close == std::string_view::npos)
      return std::nullopt;
    auto rest = text.substr(close + 1);
    if (!rest.empty() && !(rest.front() == ':' && is_port(rest.substr(1))))
      return std::nullopt;
    return parse_v6(std::string(text.substr(1, close - 1)));
  }
  auto first_colon = text.find(':');
  if (first_colon == std::string_view::npos)
    return parse_v4(std::string(text));
  if (text.find(':', first_colon + 1) == std::string_view::npos) {
    if (!is_port(text.substr(first_colon + 1)))
      return std::nullopt;
    return parse_v4(std::string(text.substr(0, first_colon)));
  }
  return parse_v6(std::string(text));
}

std::optional<IpNetwork> parse_ip_network(std::string_view text) {
  auto slash = text.find('/');
  std::string address(text.substr(0, slash));
  if (address.empty() || address.front() == '[')
    return std::nullopt;
  bool v4 = address.find(':') == std::string::npos;
  auto bytes = v4 ? parse_v4(address) : parse_v6(address);
  if (!bytes)
    return std::nullopt;
  int max_bits = v4 ? 32 : 128;
  int prefix_bits = max_bits;
  if (slash != std::string_view::npos) {
    auto digits = text.substr(slash + 1);
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), prefix_bits);
    if (digits.empty() || error != std::errc{} || end != digits.data() + digits.size() || prefix_bits < 0 ||
        prefix_bits > max_bits) {
      return std::nullopt;
    }
  }
  return IpNetwork{*bytes, v4 ? prefix_bits + 96 : prefix_bits};
}

bool ClientAddressResolver::is_trusted(const Bytes& address) const {
  return std::any_of(trusted_.begin(), trusted_.end(),
                     [&](const IpNetwork& network) { return network.contains(address); });
}

std::string ClientAddressResolver::resolve(const std::string& peer_address, std::string_view forwarded_for) const {
  auto peer = parse_ip(peer_address);
  if (!peer)
    return peer_address;
  if (!is_trusted(*peer))
    return format(*peer);
  // The right-most entry was written by the trusted peer; walk left while the writer of the next one is trusted too.
  Bytes current = *peer;
  for (std::size_t hops = 0; hops < k_max_forwarded_hops && !trim_ows(forwarded_for).empty(); ++hops) {
    auto comma = forwarded_for.rfind(',');
    auto entry = comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
    forwarded_for = comma == std::string_view::npos ? std::string_view{} : forwarded_for.substr(0, comma);
    auto address = parse_ip(entry);
    if (!address)
      break; // garbage written by a trusted hop: the client is that hop
    current = *address;
    if (!is_trusted(current))
      break;
  }
  return format(current);
}

} // namespace argus::http
