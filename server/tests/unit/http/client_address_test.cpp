// Client address resolution: X-Forwarded-For only from trusted proxies, right-most untrusted entry wins.
#include <gtest/gtest.h>

#include "http/client_address.hpp"

namespace argus::http {
namespace {

ClientAddressResolver trusting(std::initializer_list<const char*> networks) {
  std::vector<IpNetwork> parsed;
  for (const char* network : networks)
    parsed.push_back(parse_ip_network(network).value());
  return ClientAddressResolver(std::move(parsed));
}

TEST(ClientAddress, ParsesNetworks) {
  EXPECT_TRUE(parse_ip_network("10.0.0.0/8"));
  EXPECT_TRUE(parse_ip_network("192.0.2.7"));
  EXPECT_TRUE(parse_ip_network("0.0.0.0/0"));
  EXPECT_TRUE(parse_ip_network("2001:db8::/32"));
  EXPECT_TRUE(parse_ip_network("::1"));
  for (const char* bad : {"", "nonsense", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/8x", "10.0.0.0/-1", "::1/129",
                          "[::1]/128", "10.0.0/8", "1.2.3.4:80", "10.0.0.0/08/1"}) {
    EXPECT_FALSE(parse_ip_network(bad)) << bad;
  }
  auto v4 = parse_ip_network("10.1.0.0/16").value();
  EXPECT_TRUE(v4.contains(parse_ip("10.1.200.3").value()));
  EXPECT_FALSE(v4.contains(parse_ip("10.2.0.1").value()));
  EXPECT_TRUE(v4.contains(parse_ip("::ffff:10.1.0.9").value())) << "an IPv4-mapped peer is the IPv4 address";
  auto odd = parse_ip_network("192.0.2.128/25").value();
  EXPECT_TRUE(odd.contains(parse_ip("192.0.2.200").value()));
  EXPECT_FALSE(odd.contains(parse_ip("192.0.2.100").value()));
}

TEST(ClientAddress, ParsesAddressesAsProxiesWriteThem) {
  EXPECT_EQ(parse_ip(" 203.0.113.5 "), parse_ip("203.0.113.5"));
  EXPECT_EQ(parse_ip("203.0.113.5:4711"), parse_ip("203.0.113.5"));
  EXPECT_EQ(parse_ip("[2001:db8::1]:443"), parse_ip("2001:DB8::1"));
  EXPECT_EQ(parse_ip("[2001:db8::1]"), parse_ip("2001:db8::1"));
  for (const char* bad : {"", "unknown", "_hidden", "203.0.113.5:http", "[2001:db8::1", "[2001:db8::1]x", "1.2.3"})
    EXPECT_FALSE(parse_ip(bad)) << bad;
}

TEST(ClientAddress, WithoutTrustedProxiesThePeerIsTheClient) {
  ClientAddressResolver none;
  EXPECT_EQ(none.resolve("127.0.0.1", "203.0.113.5"), "127.0.0.1");
  EXPECT_EQ(none.resolve("::ffff:192.0.2.1", ""), "192.0.2.1");
  EXPECT_EQ(trusting({"10.0.0.0/8"}).resolve("127.0.0.1", "203.0.113.5"), "127.0.0.1") << "peer not trusted";
}

TEST(ClientAddress, FromATrustedProxyTheRightMostUntrustedEntryIsTheClient) {
  auto resolver = trusting({"127.0.0.1/32", "10.0.0.0/8"});
  EXPECT_EQ(resolver.resolve("127.0.0.1", "203.0.113.5"), "203.0.113.5");
  EXPECT_EQ(resolver.resolve("127.0.0.1", "198.51.100.1, 203.0.113.5"), "203.0.113.5") << "spoofed left entry";
  EXPECT_EQ(resolver.resolve("127.0.0.1", "203.0.113.5, 10.1.2.3"), "203.0.113.5") << "trusted hop skipped";
  EXPECT_EQ(resolver.resolve("127.0.0.1", "203.0.113.5,10.1.2.3 , 10.9.9.9"), "203.0.113.5");
  EXPECT_EQ(resolver.resolve("127.0.0.1", "[2001:DB8::7]:51234"), "2001:db8::7");
  EXPECT_EQ(resolver.resolve("127.0.0.1", ""), "127.0.0.1") << "no header: the proxy itself";
  EXPECT_EQ(resolver.resolve("127.0.0.1", "10.1.2.3"), "10.1.2.3") << "only trusted hops: the left-most";
  EXPECT_EQ(resolver.resolve("127.0.0.1", "203.0.113.5, garbage"), "127.0.0.1") << "garbage: the hop that wrote it";
  EXPECT_EQ(resolver.resolve("127.0.0.1", "203.0.113.5, garbage, 10.1.2.3"), "10.1.2.3");
}

} // namespace
} // namespace argus::http
