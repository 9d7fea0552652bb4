#include <gtest/gtest.h>

#include "http/byte_range.hpp"

namespace argus::http {
namespace {

using Kind = ByteRange::Kind;

void expect_partial(std::string_view header, std::uint64_t size, std::uint64_t offset, std::uint64_t length) {
  auto range = parse_byte_range(header, size);
  EXPECT_EQ(range.kind, Kind::partial) << header;
  EXPECT_EQ(range.offset, offset) << header;
  EXPECT_EQ(range.length, length) << header;
}

TEST(ByteRange, AbsentHeaderIsWhole) {
  EXPECT_EQ(parse_byte_range("", 100).kind, Kind::whole);
  EXPECT_EQ(parse_byte_range("  ", 100).kind, Kind::whole);
}

TEST(ByteRange, ClosedOpenAndSuffixRanges) {
  expect_partial("bytes=0-0", 100, 0, 1);
  expect_partial("bytes=10-19", 100, 10, 10);
  expect_partial("bytes=90-", 100, 90, 10);
  expect_partial("bytes=90-1000", 100, 90, 10); // last clamped to the end
  expect_partial("bytes=-10", 100, 90, 10);
  expect_partial("bytes=-1000", 100, 0, 100); // suffix longer than the file: all of it
  expect_partial("Bytes= 5 - 6 ", 100, 5, 2);
  expect_partial("bytes=99-99", 100, 99, 1);
}

TEST(ByteRange, UnsatisfiableAndMalformed) {
  for (const char* header :
       {"bytes=100-", "bytes=100-200", "bytes=20-10", "bytes=-0", "bytes=abc", "bytes=1-x", "bytes=-", "bytes=5",
        "items=0-1", "bytes=+1-2", "bytes=-1-2", "bytes=0x10-", "bytes=99999999999999999999-"}) {
    EXPECT_EQ(parse_byte_range(header, 100).kind, Kind::unsatisfiable) << header;
  }
  EXPECT_EQ(parse_byte_range("bytes=0-", 0).kind, Kind::unsatisfiable);
  EXPECT_EQ(parse_byte_range("bytes=-5", 0).kind, Kind::unsatisfiable);
}

TEST(ByteRange, MultiRangeIsServedWhole) {
  EXPECT_EQ(parse_byte_range("bytes=0-1,5-6", 100).kind, Kind::whole);
}

std::string header_of(const Response& response, const std::string& name) {
  for (const auto& [key, value] : response.headers)
    if (key == name)
      return value;
  return {};
}

TEST(ByteRange, ResponsesCarryStatusAndHeaders) {
  auto partial = file_range_response("/tmp/x.m4s", 1000, "bytes=100-199", "video/iso.segment");
  EXPECT_EQ(partial.status, 206);
  EXPECT_EQ(partial.content_type, "video/iso.segment");
  ASSERT_TRUE(partial.file);
  EXPECT_EQ(partial.file->offset_bytes, 100u);
  EXPECT_EQ(partial.file->length_bytes, 100u);
  EXPECT_EQ(header_of(partial, "Content-Range"), "bytes 100-199/1000");
  EXPECT_EQ(header_of(partial, "Accept-Ranges"), "bytes");

  auto whole = file_range_response("/tmp/x.m4s", 1000, "", "video/iso.segment");
  EXPECT_EQ(whole.status, 200);
  ASSERT_TRUE(whole.file);
  EXPECT_FALSE(whole.file->length_bytes); // streamed
  EXPECT_EQ(header_of(whole, "Accept-Ranges"), "bytes");

  auto prefix = file_range_response("/tmp/x.m4s", 1000, "", "video/iso.segment", false);
  ASSERT_TRUE(prefix.file);
  EXPECT_EQ(prefix.file->length_bytes, 1000u); // only the indexed bytes of a chunk being written

  auto beyond = file_range_response("/tmp/x.m4s", 1000, "bytes=1000-", "video/iso.segment");
  EXPECT_EQ(beyond.status, 416);
  EXPECT_FALSE(beyond.file);
  EXPECT_EQ(header_of(beyond, "Content-Range"), "bytes */1000");
}

} // namespace
} // namespace argus::http
