#include "support/camsim_rtsp_reader.hpp"

#include <algorithm>
#include <span>

#include <gtest/gtest.h>

extern "C" {
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
}

#include "media/bitstream.hpp"
#include "media/sps_parser.hpp"

namespace argus::testing {
namespace {

constexpr std::uint8_t k_sei_uuid[16] = {0xa7, 0xc3, 0xf0, 0xd2, 0x5e, 0x1b, 0x4c, 0x8a,
                                         0x9f, 0x6e, 0x2b, 0x4d, 0x8c, 0x1e, 0x7a, 0x90};

// The picture size of the first H.264 SPS among the Annex-B packet's NAL units.
void read_sps_size(const std::uint8_t* data, int size, CamsimPacket& packet) {
  std::span<const std::uint8_t> bytes(data, static_cast<std::size_t>(size));
  if (!argus::media::is_annex_b(bytes))
    return;
  for (auto nal : argus::media::split_annex_b(bytes)) {
    if (auto sps = argus::media::parse_sps(argus::media::VideoCodec::h264, nal)) {
      packet.sps_width = sps->width;
      packet.sps_height = sps->height;
      return;
    }
  }
}

} // namespace

RtspReader::~RtspReader() {
  if (context_)
    avformat_close_input(&context_);
}

int RtspReader::open(const std::string& url) {
  context_ = avformat_alloc_context();
  context_->interrupt_callback = {&RtspReader::interrupted, this};
  AVDictionary* options = nullptr;
  av_dict_set(&options, "rtsp_transport", "tcp", 0);
  av_dict_set(&options, "timeout", "5000000", 0); // socket I/O, microseconds
  int rc = avformat_open_input(&context_, url.c_str(), nullptr, &options);
  av_dict_free(&options);
  if (rc < 0)
    return rc;
  context_->max_analyze_duration = 1'000'000;
  if (rc = avformat_find_stream_info(context_, nullptr); rc < 0)
    return rc;
  stream_ = av_find_best_stream(context_, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  return stream_ < 0 ? stream_ : 0;
}

const AVCodecParameters& RtspReader::codec() const {
  return *context_->streams[stream_]->codecpar;
}

int RtspReader::read_for(std::chrono::milliseconds duration, std::vector<CamsimPacket>& packets) {
  auto deadline = std::chrono::steady_clock::now() + duration;
  deadline_ = deadline;
  AVPacket* packet = av_packet_alloc();
  int rc = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    if (rc = av_read_frame(context_, packet); rc < 0) {
      if (rc == AVERROR_EXIT && std::chrono::steady_clock::now() >= deadline)
        rc = 0;
      break;
    }
    if (packet->stream_index == stream_ && packet->pts != AV_NOPTS_VALUE) {
      CamsimPacket out;
      out.pts_us = av_rescale_q(packet->pts, context_->streams[stream_]->time_base, AVRational{1, 1'000'000});
      out.keyframe = (packet->flags & AV_PKT_FLAG_KEY) != 0;
      out.has_timestamp_sei = std::search(packet->data, packet->data + packet->size, std::begin(k_sei_uuid),
                                          std::end(k_sei_uuid)) != packet->data + packet->size;
      read_sps_size(packet->data, packet->size, out);
      packets.push_back(out);
    }
    av_packet_unref(packet);
  }
  av_packet_free(&packet);
  return rc;
}

int RtspReader::interrupted(void* self) {
  return std::chrono::steady_clock::now() > static_cast<RtspReader*>(self)->deadline_ ? 1 : 0;
}

StreamCheck read_stream(const std::string& url, std::chrono::milliseconds duration) {
  StreamCheck check;
  RtspReader reader;
  if (check.open_rc = reader.open(url); check.open_rc < 0)
    return check;
  check.width = reader.codec().width;
  check.height = reader.codec().height;
  check.codec = reader.codec().codec_id;
  reader.read_for(duration, check.packets);
  return check;
}

void expect_camera_stream(const StreamCheck& check, int width, int height, AVCodecID codec) {
  ASSERT_EQ(check.open_rc, 0);
  EXPECT_EQ(check.codec, codec);
  EXPECT_EQ(check.width, width);
  EXPECT_EQ(check.height, height);
  ASSERT_GE(check.packets.size(), 30u); // 10 fps clip, ~4 s read
  std::int64_t last_key_us = -1;
  int keyframes = 0;
  int keyframes_with_sei = 0;
  for (std::size_t i = 0; i < check.packets.size(); ++i) {
    const auto& packet = check.packets[i];
    if (i > 0) {
      auto step_us = packet.pts_us - check.packets[i - 1].pts_us;
      EXPECT_GT(step_us, 0) << "PTS not strictly increasing at packet " << i;
      EXPECT_LT(step_us, 250'000) << "PTS jumps at packet " << i; // 100 ms frames; the loop point must not show
    }
    if (packet.keyframe) {
      if (last_key_us >= 0) {
        EXPECT_LE(packet.pts_us - last_key_us, 2'500'000);
      }
      last_key_us = packet.pts_us;
      ++keyframes;
      keyframes_with_sei += packet.has_timestamp_sei ? 1 : 0;
    }
  }
  EXPECT_GE(keyframes, 2); // a 3 s clip with 2 s GOPs: ~4 s of reading crosses the loop point
  EXPECT_EQ(keyframes_with_sei, keyframes);
  EXPECT_LE(check.packets.back().pts_us - last_key_us, 2'500'000);
}

AudioVideoCheck read_audio_and_video(const std::string& url, std::chrono::milliseconds duration) {
  AudioVideoCheck check;
  AVFormatContext* context = avformat_alloc_context();
  AVDictionary* options = nullptr;
  av_dict_set(&options, "rtsp_transport", "tcp", 0);
  av_dict_set(&options, "timeout", "5000000", 0);
  check.open_rc = avformat_open_input(&context, url.c_str(), nullptr, &options);
  av_dict_free(&options);
  if (check.open_rc < 0)
    return check;
  check.streams = static_cast<int>(context->nb_streams);
  int audio = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nullptr, 0);
  int video = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  if (audio >= 0) {
    const auto* par = context->streams[audio]->codecpar;
    check.audio_codec = par->codec_id;
    check.sample_rate = par->sample_rate;
    check.channels = par->ch_layout.nb_channels;
    check.audio_config_bytes = par->extradata_size;
  }
  AVPacket* packet = av_packet_alloc();
  auto deadline = std::chrono::steady_clock::now() + duration;
  while (std::chrono::steady_clock::now() < deadline && av_read_frame(context, packet) >= 0) {
    bool is_audio = packet->stream_index == audio;
    if (is_audio || packet->stream_index == video) {
      auto& first = is_audio ? check.audio_first_s : check.video_first_s;
      if (first < 0 && packet->pts != AV_NOPTS_VALUE)
        first = static_cast<double>(packet->pts) * av_q2d(context->streams[packet->stream_index]->time_base);
      ++(is_audio ? check.audio_packets : check.video_packets);
    }
    av_packet_unref(packet);
  }
  av_packet_free(&packet);
  avformat_close_input(&context);
  return check;
}

} // namespace argus::testing
