#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "media/history_playlist.hpp"

namespace argus::media {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

int count(const std::vector<std::string>& lines, const std::string& prefix) {
  int n = 0;
  for (const auto& line : lines)
    n += line.rfind(prefix, 0) == 0 ? 1 : 0;
  return n;
}

constexpr std::int64_t k_t0 = 1'700'000'000'000; // 2023-11-14T22:13:20.000Z

TEST(HistoryPlaylist, FormatsProgramDateTimeInUtcWithMilliseconds) {
  EXPECT_EQ(iso8601_utc_ms(k_t0), "2023-11-14T22:13:20.000Z");
  EXPECT_EQ(iso8601_utc_ms(k_t0 + 7), "2023-11-14T22:13:20.007Z");
  EXPECT_EQ(iso8601_utc_ms(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(iso8601_utc_ms(951'782'400'123), "2000-02-29T00:00:00.123Z");
}

TEST(HistoryPlaylist, EmptyRangeIsEmpty) {
  EXPECT_EQ(history_playlist({}), "");
  EXPECT_EQ(history_playlist({{1, 1, k_t0, 0, 0, 100}}), ""); // zero duration: not playable
}

TEST(HistoryPlaylist, ContiguousFragmentsOfOneChunk) {
  std::vector<HistoryFragment> fragments = {
      {7, 3, k_t0, 2000, 0, 1000}, {7, 3, k_t0 + 2000, 2000, 1000, 1500}, {7, 3, k_t0 + 4000, 2500, 2500, 900}};
  auto text = history_playlist(fragments);
  auto expected = "#EXTM3U\n"
                  "#EXT-X-VERSION:7\n"
                  "#EXT-X-PLAYLIST-TYPE:VOD\n"
                  "#EXT-X-TARGETDURATION:3\n"
                  "#EXT-X-MEDIA-SEQUENCE:0\n"
                  "#EXT-X-MAP:URI=\"../../recordings/init/3.mp4\"\n"
                  "#EXT-X-PROGRAM-DATE-TIME:2023-11-14T22:13:20.000Z\n"
                  "#EXTINF:2.000,\n"
                  "#EXT-X-BYTERANGE:1000@0\n"
                  "../../recordings/7.m4s\n"
                  "#EXT-X-PROGRAM-DATE-TIME:2023-11-14T22:13:22.000Z\n"
                  "#EXTINF:2.000,\n"
                  "#EXT-X-BYTERANGE:1500@1000\n"
                  "../../recordings/7.m4s\n"
                  "#EXT-X-PROGRAM-DATE-TIME:2023-11-14T22:13:24.000Z\n"
                  "#EXTINF:2.500,\n"
                  "#EXT-X-BYTERANGE:900@2500\n"
                  "../../recordings/7.m4s\n"
                  "#EXT-X-ENDLIST\n";
  EXPECT_EQ(text, expected);
}

TEST(HistoryPlaylist, GapsBeyondToleranceAreDiscontinuities) {
  std::vector<HistoryFragment> fragments = {
      {1, 1, k_t0, 2000, 0, 10},
      {1, 1, k_t0 + 2040, 2000, 10, 10},  // 40 ms jitter: continuous
      {2, 1, k_t0 + 4040, 2000, 0, 10},   // next chunk, same init, contiguous: continuous
      {2, 1, k_t0 + 60'000, 2000, 10, 10} // gap
  };
  auto lines = lines_of(history_playlist(fragments));
  EXPECT_EQ(count(lines, "#EXT-X-DISCONTINUITY"), 1);
  EXPECT_EQ(count(lines, "#EXT-X-MAP:"), 1);
  EXPECT_EQ(count(lines, "#EXTINF:"), 4);
  EXPECT_EQ(count(lines, "#EXT-X-PROGRAM-DATE-TIME:"), 4);
  // The discontinuity comes right before the gap's fragment.
  auto it = std::find(lines.begin(), lines.end(), "#EXT-X-DISCONTINUITY");
  ASSERT_NE(it, lines.end());
  EXPECT_EQ(*(it + 1), "#EXT-X-PROGRAM-DATE-TIME:" + iso8601_utc_ms(k_t0 + 60'000));
  EXPECT_EQ(lines.back(), "#EXT-X-ENDLIST");
}

TEST(HistoryPlaylist, InitChangeRepeatsTheMapAfterADiscontinuity) {
  std::vector<HistoryFragment> fragments = {{1, 1, k_t0, 1000, 0, 10}, {2, 5, k_t0 + 1000, 1000, 0, 10}};
  auto lines = lines_of(history_playlist(fragments));
  auto it = std::find(lines.begin(), lines.end(), "#EXT-X-DISCONTINUITY");
  ASSERT_NE(it, lines.end());
  EXPECT_EQ(*(it + 1), "#EXT-X-MAP:URI=\"../../recordings/init/5.mp4\"");
  EXPECT_EQ(count(lines, "#EXT-X-MAP:"), 2);
}

TEST(HistoryPlaylist, TargetDurationIsTheCeilingOfTheLongest) {
  auto lines = lines_of(history_playlist({{1, 1, k_t0, 4001, 0, 10}, {1, 1, k_t0 + 4001, 300, 10, 10}}));
  EXPECT_EQ(count(lines, "#EXT-X-TARGETDURATION:5"), 1);
  EXPECT_EQ(count(lines, "#EXTINF:0.300,"), 1);
  lines = lines_of(history_playlist({{1, 1, k_t0, 200, 0, 10}}));
  EXPECT_EQ(count(lines, "#EXT-X-TARGETDURATION:1"), 1);
}

TEST(HistoryPlaylist, ByteRangesAreSizeAtOffset) {
  auto lines = lines_of(history_playlist({{42, 1, k_t0, 2000, 123456789012, 65536}}));
  EXPECT_EQ(count(lines, "#EXT-X-BYTERANGE:65536@123456789012"), 1);
  EXPECT_EQ(count(lines, "../../recordings/42.m4s"), 1);
}

} // namespace
} // namespace argus::media
