// IngestAudio puts a camera's AAC frames on the video's anchored timeline, one after the other.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <vector>

extern "C" {
#include <libavformat/avformat.h>
}

#include "media/ingest_audio.hpp"

namespace argus::media {
namespace {

constexpr int k_sample_rate = 16000;
constexpr std::int64_t k_frame_90k = 1024 * 90000 / k_sample_rate; // 5760

// An RTSP-like input with one AAC-LC 16 kHz mono stream whose time base is the sample rate.
class AacInput : public ::testing::Test {
protected:
  void SetUp() override {
    format_ = avformat_alloc_context();
    AVStream* stream = avformat_new_stream(format_, nullptr);
    stream->time_base = {1, k_sample_rate};
    stream->codecpar->codec_type = AVMEDIA_TYPE_AUDIO;
    stream->codecpar->codec_id = AV_CODEC_ID_AAC;
    stream->codecpar->sample_rate = k_sample_rate;
    av_channel_layout_default(&stream->codecpar->ch_layout, 1);
    const std::uint8_t config[] = {0x14, 0x08}; // AAC-LC, 16 kHz, mono
    stream->codecpar->extradata = static_cast<std::uint8_t*>(av_mallocz(sizeof config + AV_INPUT_BUFFER_PADDING_SIZE));
    std::copy(std::begin(config), std::end(config), stream->codecpar->extradata);
    stream->codecpar->extradata_size = sizeof config;
    ASSERT_TRUE(audio_.select(*format_, "test"));
  }
  void TearDown() override { avformat_free_context(format_); }

  std::optional<EncodedPacket> feed(std::int64_t pts) {
    std::uint8_t payload[8] = {};
    AVPacket packet{};
    packet.data = payload;
    packet.size = sizeof payload;
    packet.pts = pts;
    packet.dts = pts;
    packet.duration = 0; // RTP depacketised AAC frames carry no duration
    return audio_.packet(packet, 0);
  }

  AVFormatContext* format_ = nullptr;
  IngestAudio audio_;
};

TEST_F(AacInput, FramesSharingTheirRtpPacketsTimestampFollowEachOtherWithoutOverlap) {
  // Like FFmpeg's mpeg4-generic depacketiser: several frames per RTP packet, all with the packet's timestamp, so the
  // source lags behind the frames' real time by up to (frames per packet - 1) frames.
  std::vector<std::int64_t> dts_90k;
  std::int64_t rtp_pts = 0;
  for (int packet = 0; packet < 60; ++packet) {
    int frames = packet % 5 == 0 ? 3 : 2;
    for (int i = 0; i < frames; ++i) {
      auto out = feed(rtp_pts);
      ASSERT_TRUE(out);
      dts_90k.push_back(out->dts_90k);
      EXPECT_EQ(out->duration_90k, k_frame_90k);
    }
    rtp_pts += frames * 1024;
  }
  for (std::size_t i = 1; i < dts_90k.size(); ++i)
    ASSERT_EQ(dts_90k[i] - dts_90k[i - 1], k_frame_90k) << "frame " << i;
}

TEST_F(AacInput, LostAudioLeavesAGapAndASourceSetBackNeverOverlapsWhatWasDelivered) {
  std::int64_t last = 0;
  for (int i = 0; i < 10; ++i)
    last = feed(i * 1024)->dts_90k;
  // One second of audio lost: the next frame is placed at its own time (a gap, not squeezed on).
  auto after_gap = feed(10 * 1024 + k_sample_rate);
  ASSERT_TRUE(after_gap);
  EXPECT_EQ(after_gap->dts_90k, std::int64_t{10 * 1024 + k_sample_rate} * 90000 / k_sample_rate);
  last = after_gap->dts_90k;
  // A source set back by 2 s: the frames go on back to back.
  for (int i = 0; i < 5; ++i) {
    auto out = feed(10 * 1024 + i * 1024 - k_sample_rate);
    ASSERT_TRUE(out);
    EXPECT_EQ(out->dts_90k, last + k_frame_90k);
    last = out->dts_90k;
  }
}

} // namespace
} // namespace argus::media
