#include "footage_clip.hpp"

#include <memory>
#include <stdexcept>

extern "C" {
#include <libavcodec/bsf.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
}

namespace argus::camsim {
namespace {

std::string av_error_text(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  return text;
}

struct InputDeleter {
  void operator()(AVFormatContext* context) const { avformat_close_input(&context); }
};
struct BsfDeleter {
  void operator()(AVBSFContext* context) const { av_bsf_free(&context); }
};
struct PacketDeleter {
  void operator()(AVPacket* packet) const { av_packet_free(&packet); }
};

// Offset of the first slice NAL unit (H.264 types 1..5, H.265 VCL types 0..31) in an Annex-B access unit, at its
// start code.
std::size_t first_vcl_offset(ClipCodec codec, const std::uint8_t* data, std::size_t size) {
  for (std::size_t i = 0; i + 3 < size; ++i) {
    if (data[i] != 0 || data[i + 1] != 0)
      continue;
    std::size_t header = 0;
    if (data[i + 2] == 1)
      header = i + 3;
    else if (data[i + 2] == 0 && i + 4 < size && data[i + 3] == 1)
      header = i + 4;
    else
      continue;
    bool vcl = codec == ClipCodec::h264 ? ((data[header] & 0x1f) >= 1 && (data[header] & 0x1f) <= 5)
                                        : ((data[header] >> 1) & 0x3f) < 32;
    if (vcl)
      return i;
    i = header - 1;
  }
  return 0;
}

} // namespace

FootageClip::FootageClip(const std::filesystem::path& path) : name_(path.stem().string()) {
  AVFormatContext* raw_input = nullptr;
  if (int rc = avformat_open_input(&raw_input, path.c_str(), nullptr, nullptr); rc < 0)
    throw std::runtime_error("cannot open " + path.string() + ": " + av_error_text(rc));
  std::unique_ptr<AVFormatContext, InputDeleter> input(raw_input);
  if (int rc = avformat_find_stream_info(input.get(), nullptr); rc < 0)
    throw std::runtime_error("cannot read " + path.string() + ": " + av_error_text(rc));
  int stream_index = av_find_best_stream(input.get(), AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  if (stream_index < 0 || (input->streams[stream_index]->codecpar->codec_id != AV_CODEC_ID_H264 &&
                           input->streams[stream_index]->codecpar->codec_id != AV_CODEC_ID_HEVC))
    throw std::runtime_error(path.string() + " has no H.264 or H.265 video stream");
  AVStream* stream = input->streams[stream_index];
  codec_ = stream->codecpar->codec_id == AV_CODEC_ID_HEVC ? ClipCodec::h265 : ClipCodec::h264;
  const char* filter_name = codec_ == ClipCodec::h265 ? "hevc_mp4toannexb" : "h264_mp4toannexb";
  width_ = stream->codecpar->width;
  height_ = stream->codecpar->height;
  AVRational rate = stream->avg_frame_rate.num > 0 ? stream->avg_frame_rate : stream->r_frame_rate;
  if (rate.num <= 0 || rate.den <= 0)
    throw std::runtime_error(path.string() + " has no frame rate");
  fps_num_ = rate.num;
  fps_den_ = rate.den;
  frame_duration_ns_ = static_cast<std::uint64_t>(1'000'000'000LL * rate.den / rate.num);

  AVBSFContext* raw_bsf = nullptr;
  const AVBitStreamFilter* filter = av_bsf_get_by_name(filter_name);
  if (!filter || av_bsf_alloc(filter, &raw_bsf) < 0)
    throw std::runtime_error(std::string(filter_name) + " bitstream filter unavailable");
  std::unique_ptr<AVBSFContext, BsfDeleter> bsf(raw_bsf);
  avcodec_parameters_copy(bsf->par_in, stream->codecpar);
  bsf->time_base_in = stream->time_base;
  if (int rc = av_bsf_init(bsf.get()); rc < 0)
    throw std::runtime_error(filter_name + (": " + av_error_text(rc)));

  std::unique_ptr<AVPacket, PacketDeleter> packet(av_packet_alloc());
  auto drain = [&] {
    while (av_bsf_receive_packet(bsf.get(), packet.get()) == 0) {
      ClipFrame frame;
      frame.offset_bytes = data_.size();
      frame.size_bytes = static_cast<std::size_t>(packet->size);
      frame.keyframe = (packet->flags & AV_PKT_FLAG_KEY) != 0;
      frame.first_vcl_offset_bytes = first_vcl_offset(codec_, packet->data, frame.size_bytes);
      data_.insert(data_.end(), packet->data, packet->data + packet->size);
      frames_.push_back(frame);
      av_packet_unref(packet.get());
    }
  };
  while (av_read_frame(input.get(), packet.get()) >= 0) {
    if (packet->stream_index == stream_index) {
      if (int rc = av_bsf_send_packet(bsf.get(), packet.get()); rc < 0)
        throw std::runtime_error(filter_name + (": " + av_error_text(rc)));
      drain();
    }
    av_packet_unref(packet.get());
  }
  av_bsf_send_packet(bsf.get(), nullptr);
  drain();

  if (frames_.empty() || !frames_.front().keyframe)
    throw std::runtime_error(path.string() + " must start with a keyframe");
  std::size_t last_key = 0;
  std::size_t longest_gop = 0;
  for (std::size_t i = 1; i < frames_.size(); ++i) {
    if (frames_[i].keyframe) {
      longest_gop = std::max(longest_gop, i - last_key);
      last_key = i;
    }
  }
  longest_gop = std::max(longest_gop, frames_.size() - last_key); // the loop wraps to frame 0, a keyframe
  keyframe_interval_ns_ = longest_gop * frame_duration_ns_;
}

std::size_t FootageClip::keyframe_at_or_before(std::size_t frame_index) const {
  for (std::size_t i = std::min(frame_index, frames_.size() - 1);; --i) {
    if (frames_[i].keyframe || i == 0)
      return i;
  }
}

} // namespace argus::camsim
