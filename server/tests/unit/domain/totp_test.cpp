// Authenticator codes: RFC 4226's HOTP and RFC 6238's TOTP test vectors, Debian's oathtool as a second reference on
// random secrets and times, the ±1-step window, malformed codes, base32 both ways and the otpauth:// URI.
#include "services/totp.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <random>
#include <string>

#include <gtest/gtest.h>

namespace argus::services::totp {
namespace {

std::vector<std::uint8_t> bytes_of(std::string_view text) { return {text.begin(), text.end()}; }

const std::vector<std::uint8_t> k_rfc_secret = bytes_of("12345678901234567890");

TEST(Totp, Rfc4226HotpVectors) {
  const std::array<const char*, 10> expected{"755224", "287082", "359152", "969429", "338314",
                                             "254676", "287922", "162583", "399871", "520489"};
  for (std::uint64_t counter = 0; counter < expected.size(); ++counter)
    EXPECT_EQ(hotp(k_rfc_secret, counter), expected[counter]) << "counter " << counter;
}

TEST(Totp, Rfc6238Sha1Vectors) {
  const std::array<std::pair<std::int64_t, const char*>, 6> vectors{{{59, "94287082"},
                                                                     {1111111109, "07081804"},
                                                                     {1111111111, "14050471"},
                                                                     {1234567890, "89005924"},
                                                                     {2000000000, "69279037"},
                                                                     {20000000000, "65353130"}}};
  for (const auto& [time, code] : vectors)
    EXPECT_EQ(code_at(k_rfc_secret, time, 8), code) << "time " << time;
}

std::string oathtool_code(const std::string& secret_b32, std::int64_t unix_s) {
  const std::string command = "oathtool --totp -b --now '@" + std::to_string(unix_s) + "' " + secret_b32;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::string out;
  std::array<char, 64> buffer{};
  while (pipe && fgets(buffer.data(), buffer.size(), pipe.get()))
    out += buffer.data();
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r'))
    out.pop_back();
  return out;
}

TEST(Totp, AgreesWithOathtoolOnRandomSecretsAndTimes) {
  if (!std::filesystem::exists("/usr/bin/oathtool"))
    GTEST_SKIP() << "oathtool is not installed (scripts/setup.sh installs it)";
  std::mt19937_64 random(20261128);
  for (int i = 0; i < 12; ++i) {
    const auto secret = new_secret();
    const auto time = static_cast<std::int64_t>(random() % 4'000'000'000ULL);
    EXPECT_EQ(code_at(secret, time), oathtool_code(base32_encode(secret), time)) << base32_encode(secret) << " @" << time;
  }
}

TEST(Totp, MatchAcceptsTheStepBeforeAndAfterAndNothingElse) {
  const auto secret = new_secret();
  const std::int64_t now = 1'764'000'000;
  const auto step = step_of(now);
  EXPECT_EQ(match(secret, code_at(secret, now), now), step);
  EXPECT_EQ(match(secret, code_at(secret, now - 30), now), step - 1);
  EXPECT_EQ(match(secret, code_at(secret, now + 30), now), step + 1);
  const auto two_before = code_at(secret, now - 60);
  if (two_before != code_at(secret, now) && two_before != code_at(secret, now - 30) &&
      two_before != code_at(secret, now + 30))
    EXPECT_EQ(match(secret, two_before, now), std::nullopt);
}

TEST(Totp, MalformedCodesNeverMatch) {
  const auto secret = new_secret();
  const std::int64_t now = 1'764'000'000;
  const auto code = code_at(secret, now);
  EXPECT_EQ(match(secret, "", now), std::nullopt);
  EXPECT_EQ(match(secret, code.substr(0, 5), now), std::nullopt);
  EXPECT_EQ(match(secret, code + "0", now), std::nullopt);
  EXPECT_EQ(match(secret, " " + code.substr(1), now), std::nullopt);
  EXPECT_EQ(match(secret, "12345a", now), std::nullopt);
  EXPECT_EQ(match(secret, "-12345", now), std::nullopt);
}

TEST(Totp, Base32RoundTripsAndRefusesForeignCharacters) {
  EXPECT_EQ(base32_encode(k_rfc_secret), "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  EXPECT_EQ(base32_encode(bytes_of("f")), "MY");
  EXPECT_EQ(base32_encode(bytes_of("foobar")), "MZXW6YTBOI"); // RFC 4648 §10 without padding
  EXPECT_EQ(base32_decode("mzxw 6ytb-oi======"), bytes_of("foobar"));
  EXPECT_EQ(base32_decode("MZXW1"), std::nullopt) << "1 is not base32";
  for (int i = 0; i < 20; ++i) {
    const auto secret = new_secret();
    EXPECT_EQ(base32_decode(base32_encode(secret)), secret);
  }
}

TEST(Totp, NewSecretsAre160RandomBits) {
  EXPECT_EQ(new_secret().size(), 20u);
  EXPECT_NE(new_secret(), new_secret());
}

TEST(Totp, OtpauthUriNamesIssuerAccountAndParameters) {
  EXPECT_EQ(otpauth_uri("Argus", "ana+admin@example.com", k_rfc_secret),
            "otpauth://totp/Argus:ana%2Badmin@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Argus"
            "&algorithm=SHA1&digits=6&period=30");
  EXPECT_EQ(otpauth_uri("Acme Corp: HQ", "a", k_rfc_secret).substr(0, 36), "otpauth://totp/Acme%20Corp%3A%20HQ:a");
}

} // namespace
} // namespace argus::services::totp
