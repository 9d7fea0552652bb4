#include "support/media_decode.hpp"
#include "support/access_unit_decode.hpp"

#include <algorithm>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/mem.h>
}

namespace argus::testing {
namespace {

// Receives every frame the decoder has ready into `result` (frames, size, errors).
void receive_frames(AVCodecContext* context, AVFrame* frame, DecodeResult& result) {
  while (true) {
    int rc = avcodec_receive_frame(context, frame);
    if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF)
      return;
    if (rc < 0) {
      ++result.errors;
      return;
    }
    result.errors += frame->decode_error_flags ? 1 : 0;
    result.width = frame->width;
    result.height = frame->height;
    ++result.frames;
  }
}

} // namespace

DecodeResult decode_access_units(const std::string& codec_name, const std::string& extradata,
                                 const std::vector<std::string>& access_units) {
  DecodeResult result;
  const AVCodec* codec = avcodec_find_decoder_by_name(codec_name.c_str());
  if (!codec) {
    result.error = "no decoder " + codec_name;
    return result;
  }
  AVCodecContext* context = avcodec_alloc_context3(codec);
  context->extradata = static_cast<std::uint8_t*>(av_mallocz(extradata.size() + AV_INPUT_BUFFER_PADDING_SIZE));
  std::copy(extradata.begin(), extradata.end(), context->extradata);
  context->extradata_size = static_cast<int>(extradata.size());
  context->err_recognition = AV_EF_EXPLODE | AV_EF_CRCCHECK | AV_EF_BITSTREAM;
  if (avcodec_open2(context, codec, nullptr) < 0) {
    result.error = "cannot open the decoder with this configuration";
    avcodec_free_context(&context);
    return result;
  }
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  for (const auto& unit : access_units) {
    av_new_packet(packet, static_cast<int>(unit.size()));
    std::copy(unit.begin(), unit.end(), packet->data);
    ++result.packets;
    result.errors += avcodec_send_packet(context, packet) < 0 ? 1 : 0;
    av_packet_unref(packet);
    receive_frames(context, frame, result);
  }
  avcodec_send_packet(context, nullptr);
  receive_frames(context, frame, result);
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&context);
  return result;
}

DecodeResult decode_media_file(const std::filesystem::path& path) {
  DecodeResult result;
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0) {
    result.error = "cannot open";
    return result;
  }
  if (avformat_find_stream_info(format, nullptr) < 0) {
    result.error = "no stream info";
    avformat_close_input(&format);
    return result;
  }
  int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  const AVCodec* codec = index >= 0 ? avcodec_find_decoder(format->streams[index]->codecpar->codec_id) : nullptr;
  if (!codec) {
    result.error = "no video";
    avformat_close_input(&format);
    return result;
  }
  AVCodecContext* context = avcodec_alloc_context3(codec);
  avcodec_parameters_to_context(context, format->streams[index]->codecpar);
  context->err_recognition = AV_EF_EXPLODE | AV_EF_CRCCHECK | AV_EF_BITSTREAM;
  avcodec_open2(context, codec, nullptr);
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  std::int64_t first_dts = AV_NOPTS_VALUE;
  std::int64_t end_dts = 0;
  auto drain = [&] { receive_frames(context, frame, result); };
  while (av_read_frame(format, packet) >= 0) {
    if (packet->stream_index == index) {
      ++result.packets;
      if (first_dts == AV_NOPTS_VALUE)
        first_dts = packet->dts;
      end_dts = packet->dts + packet->duration;
      result.errors += avcodec_send_packet(context, packet) < 0 ? 1 : 0;
      drain();
    }
    av_packet_unref(packet);
  }
  avcodec_send_packet(context, nullptr);
  drain();
  if (first_dts != AV_NOPTS_VALUE)
    result.duration_s = static_cast<double>(end_dts - first_dts) * av_q2d(format->streams[index]->time_base);
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&context);
  avformat_close_input(&format);
  return result;
}

AudioDecodeResult decode_media_file_audio(const std::filesystem::path& path) {
  AudioDecodeResult result;
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0) {
    result.error = "cannot open";
    return result;
  }
  if (avformat_find_stream_info(format, nullptr) < 0) {
    result.error = "no stream info";
    avformat_close_input(&format);
    return result;
  }
  int index = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nullptr, 0);
  int video_index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  if (index < 0) {
    avformat_close_input(&format);
    return result;
  }
  const auto* par = format->streams[index]->codecpar;
  result.codec = avcodec_get_name(par->codec_id);
  const AVCodec* codec = avcodec_find_decoder(par->codec_id);
  if (const char* profile = codec ? av_get_profile_name(codec, par->profile) : nullptr)
    result.profile = profile;
  result.sample_rate = par->sample_rate;
  result.channels = par->ch_layout.nb_channels;
  AVCodecContext* context = codec ? avcodec_alloc_context3(codec) : nullptr;
  if (context) {
    avcodec_parameters_to_context(context, par);
    avcodec_open2(context, codec, nullptr);
  }
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  auto time_base = format->streams[index]->time_base;
  std::int64_t first_pts = AV_NOPTS_VALUE;
  std::int64_t end_pts = 0;
  bool video_seen = false;
  auto drain = [&] {
    while (context) {
      int rc = avcodec_receive_frame(context, frame);
      if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF)
        return;
      if (rc < 0) {
        ++result.errors;
        return;
      }
      ++result.frames;
    }
  };
  while (av_read_frame(format, packet) >= 0) {
    if (packet->stream_index == video_index && !video_seen && packet->pts != AV_NOPTS_VALUE) {
      video_seen = true;
      result.video_start_s = static_cast<double>(packet->pts) * av_q2d(format->streams[video_index]->time_base);
    }
    if (packet->stream_index == index) {
      ++result.packets;
      if (first_pts == AV_NOPTS_VALUE)
        first_pts = packet->pts;
      end_pts = packet->pts + packet->duration;
      if (context) {
        result.errors += avcodec_send_packet(context, packet) < 0 ? 1 : 0;
        drain();
      }
    }
    av_packet_unref(packet);
  }
  if (context) {
    avcodec_send_packet(context, nullptr);
    drain();
  }
  if (first_pts != AV_NOPTS_VALUE) {
    result.start_s = static_cast<double>(first_pts) * av_q2d(time_base);
    result.duration_s = static_cast<double>(end_pts - first_pts) * av_q2d(time_base);
  }
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&context);
  avformat_close_input(&format);
  return result;
}

} // namespace argus::testing
