#include "http/accept_encoding.hpp"

#include <array>

#include <gtest/gtest.h>

namespace argus::http {
namespace {

constexpr std::array k_both{ContentCoding::br, ContentCoding::gzip};
constexpr std::array k_gzip_only{ContentCoding::gzip};
constexpr std::array<ContentCoding, 0> k_none{};

ContentCoding choose(std::string_view header, std::span<const ContentCoding> available = k_both) {
  return choose_content_coding(header, available);
}

TEST(AcceptEncoding, BrowsersGetBrotliFirst) {
  EXPECT_EQ(choose("gzip, deflate, br, zstd"), ContentCoding::br); // Chromium
  EXPECT_EQ(choose("gzip, deflate, br"), ContentCoding::br);       // Firefox, Safari
  EXPECT_EQ(choose("br"), ContentCoding::br);
  EXPECT_EQ(choose("gzip"), ContentCoding::gzip);
}

TEST(AcceptEncoding, NoHeaderOrNothingUsableIsIdentity) {
  EXPECT_EQ(choose(""), ContentCoding::identity);
  EXPECT_EQ(choose("   "), ContentCoding::identity);
  EXPECT_EQ(choose("identity"), ContentCoding::identity);
  EXPECT_EQ(choose("deflate, zstd"), ContentCoding::identity);
}

TEST(AcceptEncoding, HighestQualityWinsTiesGoToTheServersOrder) {
  EXPECT_EQ(choose("br;q=0.5, gzip;q=0.8"), ContentCoding::gzip);
  EXPECT_EQ(choose("gzip;q=0.8, br;q=0.8"), ContentCoding::br);
  EXPECT_EQ(choose("br;q=0.001, identity;q=0.002"), ContentCoding::identity);
  EXPECT_EQ(choose("gzip;q=1.0, br;q=0.999"), ContentCoding::gzip);
  EXPECT_EQ(choose("gzip;q=0.5, identity;q=0.5"), ContentCoding::gzip);
}

TEST(AcceptEncoding, ZeroQualityRefuses) {
  EXPECT_EQ(choose("br;q=0, gzip"), ContentCoding::gzip);
  EXPECT_EQ(choose("br;q=0.000, gzip;q=0"), ContentCoding::identity);
  EXPECT_EQ(choose("gzip;q=0", k_gzip_only), ContentCoding::identity);
}

TEST(AcceptEncoding, WildcardCoversCodingsNotNamed) {
  EXPECT_EQ(choose("*"), ContentCoding::br);
  EXPECT_EQ(choose("*", k_gzip_only), ContentCoding::gzip);
  EXPECT_EQ(choose("br;q=0, *"), ContentCoding::gzip);
  EXPECT_EQ(choose("*;q=0.3, gzip;q=0.5"), ContentCoding::gzip);
  EXPECT_EQ(choose("*;q=0, identity"), ContentCoding::identity);
  EXPECT_EQ(choose("*;q=0.5, identity"), ContentCoding::identity); // identity named: 1 beats the wildcard's 0.5
}

TEST(AcceptEncoding, NothingAcceptableFallsBackToIdentity) {
  EXPECT_EQ(choose("identity;q=0"), ContentCoding::identity);
  EXPECT_EQ(choose("*;q=0"), ContentCoding::identity);
  EXPECT_EQ(choose("br", k_none), ContentCoding::identity);
}

TEST(AcceptEncoding, NamesAndParametersAreCaseInsensitiveWithOptionalSpaces) {
  EXPECT_EQ(choose("BR"), ContentCoding::br);
  EXPECT_EQ(choose("GZip ;\tQ=0.9 , br ; q=0.1"), ContentCoding::gzip);
  EXPECT_EQ(choose("x-gzip"), ContentCoding::gzip);
  EXPECT_EQ(choose(",, br ,"), ContentCoding::br);
}

TEST(AcceptEncoding, MalformedElementsAreIgnored) {
  // A bad element must neither refuse nor choose its coding; the valid ones still count.
  for (const char* header :
       {"br;q=2, gzip", "br;q=1.5, gzip", "br;q=0.1234, gzip", "br;q=, gzip", "br;q, gzip", "br;q=-1, gzip",
        "br;q=0.5x, gzip", "br;q=.5, gzip", "b r, gzip", "br/1, gzip", "br;q=1.001, gzip", "br;q=\"1\", gzip"}) {
    EXPECT_EQ(choose(header), ContentCoding::gzip) << header;
  }
  EXPECT_EQ(choose(";q=1"), ContentCoding::identity);
  EXPECT_EQ(choose("br;q=0.5;level=3"), ContentCoding::br); // unknown parameters tolerated
}

TEST(AcceptEncoding, TokensForContentEncoding) {
  EXPECT_EQ(content_coding_token(ContentCoding::br), "br");
  EXPECT_EQ(content_coding_token(ContentCoding::gzip), "gzip");
  EXPECT_EQ(content_coding_token(ContentCoding::identity), "");
}

} // namespace
} // namespace argus::http
