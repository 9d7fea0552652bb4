// The clock code of camsim's clock cameras (tools/camsim/clock_code.*, clock_picture.*): what ClockPicture paints
// reads back exactly, also after JPEG compression, scaling, blur, noise and level changes; damaged or absent codes
// are rejected rather than misread.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavutil/frame.h>
#include <libswscale/swscale.h>
}

#include "clock_code.hpp"
#include "clock_picture.hpp"

namespace {
using namespace argus::camsim;

constexpr std::uint64_t k_capture_ms = 1'764'000'123'456; // late 2025

// One I420 picture without row padding.
struct Picture {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> i420;
  std::uint8_t* y() { return i420.data(); }
  std::uint8_t* u() { return i420.data() + static_cast<std::size_t>(width) * height; }
  std::uint8_t* v() { return u() + static_cast<std::size_t>(width / 2) * (height / 2); }
};

Picture painted(const ClockPicture& painter, std::uint64_t capture_ms, std::uint64_t frame_index = 7) {
  Picture picture{painter.width(), painter.height(), std::vector<std::uint8_t>(painter.frame_size_bytes())};
  painter.paint(picture.i420.data(), frame_index, capture_ms);
  return picture;
}

Picture painted(int width, int height, std::uint64_t capture_ms, std::uint64_t frame_index = 7) {
  return painted(ClockPicture(width, height, 25), capture_ms, frame_index);
}

std::optional<ClockCodeReading> read(Picture& picture) {
  return read_clock_code(picture.y(), picture.width, picture.width, picture.height);
}

Picture scaled(Picture& source, int width, int height, int flags) {
  Picture out{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * 3 / 2)};
  SwsContext* sws = sws_getContext(source.width, source.height, AV_PIX_FMT_YUV420P, width, height, AV_PIX_FMT_YUV420P,
                                   flags, nullptr, nullptr, nullptr);
  const std::uint8_t* src[3] = {source.y(), source.u(), source.v()};
  int src_stride[3] = {source.width, source.width / 2, source.width / 2};
  std::uint8_t* dst[3] = {out.y(), out.u(), out.v()};
  int dst_stride[3] = {width, width / 2, width / 2};
  sws_scale(sws, src, src_stride, 0, source.height, dst, dst_stride);
  sws_freeContext(sws);
  return out;
}

// Encodes the picture as a JPEG with the given quantiser (2 = fine ... 31 = coarsest) and decodes it again.
Picture jpeg_roundtrip(Picture& source, int quantiser) {
  const AVCodec* encoder_codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG);
  const AVCodec* decoder_codec = avcodec_find_decoder(AV_CODEC_ID_MJPEG);
  if (!encoder_codec || !decoder_codec)
    throw std::runtime_error("libavcodec has no mjpeg");
  AVCodecContext* encoder = avcodec_alloc_context3(encoder_codec);
  encoder->width = source.width;
  encoder->height = source.height;
  encoder->pix_fmt = AV_PIX_FMT_YUVJ420P;
  encoder->time_base = {1, 25};
  encoder->flags |= AV_CODEC_FLAG_QSCALE;
  if (avcodec_open2(encoder, encoder_codec, nullptr) < 0)
    throw std::runtime_error("cannot open the mjpeg encoder");
  AVFrame* frame = av_frame_alloc();
  frame->width = source.width;
  frame->height = source.height;
  frame->format = AV_PIX_FMT_YUVJ420P;
  frame->quality = FF_QP2LAMBDA * quantiser;
  av_frame_get_buffer(frame, 0);
  for (int plane = 0; plane < 3; ++plane) {
    int plane_w = plane == 0 ? source.width : source.width / 2;
    int plane_h = plane == 0 ? source.height : source.height / 2;
    const std::uint8_t* from = plane == 0 ? source.y() : plane == 1 ? source.u() : source.v();
    for (int row = 0; row < plane_h; ++row)
      std::copy_n(from + static_cast<std::size_t>(row) * plane_w, plane_w,
                  frame->data[plane] + row * frame->linesize[plane]);
  }
  AVPacket* packet = av_packet_alloc();
  if (avcodec_send_frame(encoder, frame) < 0 || avcodec_receive_packet(encoder, packet) < 0)
    throw std::runtime_error("mjpeg encoding failed");

  AVCodecContext* decoder = avcodec_alloc_context3(decoder_codec);
  if (avcodec_open2(decoder, decoder_codec, nullptr) < 0)
    throw std::runtime_error("cannot open the mjpeg decoder");
  AVFrame* decoded = av_frame_alloc();
  if (avcodec_send_packet(decoder, packet) < 0 || avcodec_receive_frame(decoder, decoded) < 0)
    throw std::runtime_error("mjpeg decoding failed");
  Picture out{source.width, source.height, std::vector<std::uint8_t>(source.i420.size())};
  for (int row = 0; row < source.height; ++row)
    std::copy_n(decoded->data[0] + row * decoded->linesize[0], source.width,
                out.y() + static_cast<std::size_t>(row) * source.width);
  av_frame_free(&decoded);
  avcodec_free_context(&decoder);
  av_packet_free(&packet);
  av_frame_free(&frame);
  avcodec_free_context(&encoder);
  return out;
}

void for_each_luma(Picture& picture, auto change) {
  for (int y = 0; y < picture.height; ++y)
    for (int x = 0; x < picture.width; ++x) {
      auto& value = picture.y()[static_cast<std::size_t>(y) * picture.width + x];
      value = static_cast<std::uint8_t>(std::clamp(change(x, y, static_cast<int>(value)), 0, 255));
    }
}

void expect_reads(Picture& picture, std::uint64_t capture_ms, std::uint8_t sequence) {
  auto reading = read(picture);
  ASSERT_TRUE(reading) << picture.width << "x" << picture.height;
  EXPECT_EQ(unwrap_clock_code_time(reading->capture_ms_low40, capture_ms + 5'000), capture_ms);
  EXPECT_EQ(reading->sequence, sequence);
}

TEST(ClockCode, Crc16IsCcittFalse) {
  const std::uint8_t check[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
  EXPECT_EQ(clock_code_crc16(check, 9), 0x29B1); // the catalogue's check value
}

TEST(ClockCode, PaintedPicturesReadBackTheirCaptureTimeAndSequence) {
  for (auto [width, height] : {std::pair{1920, 1080}, {1280, 720}, {640, 360}, {128, 72}, {1440, 1080}}) {
    ClockPicture painter(width, height, 25);
    for (std::uint64_t capture_ms : {k_capture_ms, k_capture_ms + 1, k_capture_ms + 999'999, std::uint64_t{0}}) {
      Picture picture = painted(painter, capture_ms, 300);
      expect_reads(picture, capture_ms, 300 % 256);
    }
  }
}

TEST(ClockCode, SurvivesCoarseJpegCompression) {
  ClockPicture painter(1280, 720, 25);
  for (int quantiser : {2, 10, 24, 31}) {
    Picture picture = painted(painter, k_capture_ms + quantiser, 41);
    Picture degraded = jpeg_roundtrip(picture, quantiser);
    expect_reads(degraded, k_capture_ms + quantiser, 41);
  }
}

TEST(ClockCode, SurvivesScalingDownAndUpToOddSizes) {
  Picture picture = painted(1920, 1080, k_capture_ms, 200);
  for (auto [width, height] : {std::pair{640, 360}, {426, 240}, {320, 180}, {258, 146}, {2560, 1440}}) {
    for (int flags : {SWS_BILINEAR, SWS_BICUBIC, SWS_POINT, SWS_AREA}) {
      Picture small = scaled(picture, width, height, flags);
      expect_reads(small, k_capture_ms, 200);
    }
  }
  // The sub stream's worst case: small, then JPEG-coarse.
  Picture sub = scaled(picture, 320, 180, SWS_BILINEAR);
  Picture degraded = jpeg_roundtrip(sub, 31);
  expect_reads(degraded, k_capture_ms, 200);
}

TEST(ClockCode, SurvivesBlurNoiseAndLevelChanges) {
  Picture picture = painted(1280, 720, k_capture_ms, 9);
  Picture blurred = scaled(picture, 160, 90, SWS_AREA); // a heavy blur once scaled back up
  Picture back = scaled(blurred, 1280, 720, SWS_BICUBIC);
  expect_reads(back, k_capture_ms, 9);

  std::uint32_t state = 12345;
  for_each_luma(picture, [&](int, int, int value) {
    state = state * 1664525u + 1013904223u;
    return value + static_cast<int>(state >> 28) - 8; // +-8 noise
  });
  expect_reads(picture, k_capture_ms, 9);
  for_each_luma(picture, [](int, int, int value) { return value * 6 / 10 + 30; }); // dim, lifted blacks
  expect_reads(picture, k_capture_ms, 9);
  for_each_luma(picture, [&](int x, int, int value) { return value + x * 40 / picture.width; }); // uneven light
  expect_reads(picture, k_capture_ms, 9);
}

TEST(ClockCode, RejectsPicturesWithoutACode) {
  Picture picture = painted(640, 360, k_capture_ms);
  Picture blank{640, 360, std::vector<std::uint8_t>(picture.i420.size(), 128)};
  EXPECT_FALSE(read(blank));
  // The painted background without its band: what another camera or an empty player shows.
  int band = clock_code_band_height(360);
  for_each_luma(picture, [&](int x, int y, int value) {
    return y < band ? picture.y()[static_cast<std::size_t>(y + band) * 640 + x] : value;
  });
  EXPECT_FALSE(read(picture));
  EXPECT_FALSE(read_clock_code(picture.y(), 640, 31, 17)); // smaller than the grid
}

TEST(ClockCode, RejectsDamagedCodes) {
  Picture original = painted(1280, 720, k_capture_ms);
  int cell_w = 1280 / k_clock_code_columns;
  int cell_h = 720 / k_clock_code_grid_rows;
  auto paint_cell = [&](Picture& picture, int column, int row, auto value_of) {
    for_each_luma(picture, [&](int x, int y, int value) {
      return x / cell_w == column && y / cell_h == row ? value_of(value) : value;
    });
  };
  Picture flipped = original;
  paint_cell(flipped, 5, 1, [](int value) { return value > 128 ? k_clock_code_black : k_clock_code_white; });
  EXPECT_FALSE(read(flipped)) << "one flipped bit must fail the CRC";

  Picture grey = original;
  paint_cell(grey, 20, 2, [](int) { return 126; });
  EXPECT_FALSE(read(grey)) << "a cell that is neither black nor white";

  Picture inverted = original;
  for_each_luma(inverted, [](int, int, int value) { return 251 - value; });
  EXPECT_FALSE(read(inverted)) << "the reference row starts black";

  Picture low_contrast = original;
  for_each_luma(low_contrast, [](int, int, int value) { return 120 + value / 16; });
  EXPECT_FALSE(read(low_contrast));
}

TEST(ClockCode, UnwrapsTheLow40BitsToTheTimeNearestNow) {
  constexpr std::uint64_t period = std::uint64_t{1} << 40;
  std::uint64_t low = k_capture_ms % period;
  EXPECT_EQ(unwrap_clock_code_time(low, k_capture_ms + 250), k_capture_ms);
  EXPECT_EQ(unwrap_clock_code_time(low, k_capture_ms - 3'000), k_capture_ms); // reader's clock behind
  // Just across a wrap of the low bits: captured before it, read after it.
  std::uint64_t before_wrap = 2 * period - 10;
  EXPECT_EQ(unwrap_clock_code_time(before_wrap % period, 2 * period + 20), before_wrap);
  EXPECT_EQ(unwrap_clock_code_time(5, 2 * period - 20), 2 * period + 5);
}

TEST(ClockPicture, RefusesOddOrTinySizes) {
  EXPECT_THROW(ClockPicture(641, 360, 25), std::invalid_argument);
  EXPECT_THROW(ClockPicture(640, 361, 25), std::invalid_argument);
  EXPECT_THROW(ClockPicture(64, 36, 25), std::invalid_argument);
}

TEST(ClockPicture, ConsecutiveFramesMoveAndKeepTheBandNeutral) {
  ClockPicture painter(640, 360, 25);
  Picture first = painted(painter, k_capture_ms, 100);
  Picture next = painted(painter, k_capture_ms, 101);
  int band = clock_code_band_height(360);
  std::size_t changed = 0;
  for (std::size_t i = static_cast<std::size_t>(band) * 640; i < 640u * 360u; ++i)
    changed += first.y()[i] != next.y()[i] ? 1 : 0;
  EXPECT_GT(changed, 640u * 300u / 2) << "most of the picture below the band changes from frame to frame";
  for (int row = 0; row < band / 2; ++row)
    for (int column = 0; column < 320; ++column) {
      ASSERT_EQ(first.u()[row * 320 + column], 128);
      ASSERT_EQ(first.v()[row * 320 + column], 128);
    }
}

} // namespace
