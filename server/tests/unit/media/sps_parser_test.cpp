// parse_sps against streams made by the ffmpeg CLI (x264/x265), with libavformat's picture size as the reference.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

extern "C" {
#include <libavformat/avformat.h>
}

#include "media/bitstream.hpp"
#include "media/sps_parser.hpp"
#include "media_test_support.hpp"

namespace argus::media {
namespace {

std::vector<std::uint8_t> file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The first SPS NAL unit of an Annex-B file.
std::vector<std::uint8_t> first_sps(VideoCodec codec, const std::vector<std::uint8_t>& annex_b) {
  for (auto nal : split_annex_b(annex_b)) {
    int type = nal.empty() ? -1 : codec == VideoCodec::h264 ? (nal[0] & 0x1f) : ((nal[0] >> 1) & 0x3f);
    if (type == (codec == VideoCodec::h264 ? 7 : 33))
      return {nal.begin(), nal.end()};
  }
  return {};
}

// libavformat's idea of the picture size (it decodes a frame).
std::pair<int, int> probed_size(const std::filesystem::path& path) {
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0)
    return {0, 0};
  avformat_find_stream_info(format, nullptr);
  std::pair<int, int> size{format->streams[0]->codecpar->width, format->streams[0]->codecpar->height};
  avformat_close_input(&format);
  return size;
}

// A 1 s Annex-B clip made with ffmpeg from opencv-doc's vtest.avi; empty path when ffmpeg or the source is missing.
std::filesystem::path make_clip(const testing::TempDir& dir, const std::string& name, const std::string& video_args) {
  const std::string source = "/usr/share/doc/opencv-doc/examples/data/vtest.avi";
  if (!std::filesystem::exists(source))
    return {};
  auto path = dir.path / name;
  auto command = "ffmpeg -nostdin -v error -y -i " + source + " -t 1 -an " + video_args + " " + path.string();
  return std::system(command.c_str()) == 0 ? path : std::filesystem::path{};
}

struct Case {
  const char* name;
  VideoCodec codec;
  const char* video_args;
  int width;
  int height;
  std::optional<int> reorder; // expected max_reorder_frames; -1 = "more than 0"
};

TEST(SpsParser, ReadsPictureSizeAndReorderingFromRealEncoders) {
  testing::TempDir dir;
  const Case cases[] = {
      // 360 is not a multiple of 16: H.264 codes 368 rows and crops 8.
      {"main.h264", VideoCodec::h264, "-vf scale=640:360 -c:v libx264 -profile:v main -bf 0", 640, 360, 0},
      {"bframes.h264", VideoCodec::h264, "-vf scale=640:360 -c:v libx264 -profile:v high -bf 2", 640, 360, -1},
      {"baseline.h264", VideoCodec::h264,
       "-vf scale=320:180 -c:v libx264 -profile:v baseline -x264-params bframes=0:no-vui=1", 320, 180, 0},
      // Custom scaling matrices (seq_scaling_matrix_present_flag) and an odd size cropped on both axes.
      {"cqm.h264", VideoCodec::h264, "-vf scale=642:362 -c:v libx264 -profile:v high -bf 0 -x264-params cqm=jvt", 642,
       362, 0},
      {"main.hevc", VideoCodec::h265, "-vf scale=640:360 -c:v libx265 -x265-params log-level=none:bframes=0", 640, 360,
       0},
      {"bframes.hevc", VideoCodec::h265, "-vf scale=640:360 -c:v libx265 -x265-params log-level=none:bframes=3", 640,
       360, -1},
      // Conformance window (not a multiple of the minimum coding block).
      {"odd.hevc", VideoCodec::h265, "-vf scale=642:362 -c:v libx265 -x265-params log-level=none:bframes=0", 642, 362,
       0},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    auto path = make_clip(dir, c.name, c.video_args);
    if (path.empty())
      GTEST_SKIP() << "needs ffmpeg with libx264/libx265 and opencv-doc";
    auto sps = first_sps(c.codec, file_bytes(path));
    ASSERT_FALSE(sps.empty());
    auto parsed = parse_sps(c.codec, sps);
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->width, c.width);
    EXPECT_EQ(parsed->height, c.height);
    EXPECT_EQ(std::pair(parsed->width, parsed->height), probed_size(path));
    if (c.reorder == -1) {
      ASSERT_TRUE(parsed->max_reorder_frames);
      EXPECT_GT(*parsed->max_reorder_frames, 0);
    } else {
      EXPECT_EQ(parsed->max_reorder_frames, c.reorder);
    }
  }
}

TEST(SpsParser, RefusesOtherNalUnitsAndTruncatedOnes) {
  testing::TempDir dir;
  auto path = make_clip(dir, "main.h264", "-vf scale=640:360 -c:v libx264 -bf 0");
  if (path.empty())
    GTEST_SKIP() << "needs ffmpeg with libx264 and opencv-doc";
  auto sps = first_sps(VideoCodec::h264, file_bytes(path));
  ASSERT_GE(sps.size(), 8u);
  EXPECT_FALSE(parse_sps(VideoCodec::h265, sps)); // an H.264 SPS is no H.265 SPS
  std::vector<std::uint8_t> truncated(sps.begin(), sps.begin() + 5);
  EXPECT_FALSE(parse_sps(VideoCodec::h264, truncated));
  std::vector<std::uint8_t> pps = {0x68, 0xee, 0x3c, 0x80};
  EXPECT_FALSE(parse_sps(VideoCodec::h264, pps));
  EXPECT_FALSE(parse_sps(VideoCodec::h264, {}));
}

// Found by fuzz/fuzz_media_parsers (fuzz/crashes/*-sps-negative-reorder.bin): a huge reorder count in the VUI (H.264)
// or the sub-layer ordering info (H.265) came out of the cast negative, and track selection then took the stream for
// one without B-frames. More than 16 frames of reordering is no real SPS: refused.
TEST(SpsParser, RefusesAReorderCountNoEncoderWrites) {
  const std::vector<std::uint8_t> h264 = {0x67, 0x0d, 0x00, 0xff, 0xff, 0xff, 0x00, 0xfa,
                                          0x00, 0x00, 0x00, 0x01, 0x67, 0x9a, 0x0f, 0x01};
  const std::vector<std::uint8_t> h265 = {0x42, 0x01, 0x00, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00,
                                          0x01, 0x00, 0x60, 0x20, 0x00, 0x5e, 0xd1, 0x9e, 0x08,
                                          0x00, 0x00, 0x00, 0x00, 0x6c, 0x00, 0x00, 0x00, 0x20};
  for (auto [codec, bytes] : {std::pair{VideoCodec::h264, h264}, std::pair{VideoCodec::h265, h265}}) {
    std::vector<std::span<const std::uint8_t>> units = split_annex_b(bytes);
    units.emplace_back(bytes);
    for (auto unit : units) {
      auto parsed = parse_sps(codec, unit);
      if (parsed && parsed->max_reorder_frames) {
        EXPECT_GE(*parsed->max_reorder_frames, 0);
        EXPECT_LE(*parsed->max_reorder_frames, 16);
      }
    }
  }
}

} // namespace
} // namespace argus::media
