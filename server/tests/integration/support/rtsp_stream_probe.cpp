#include "support/rtsp_stream_probe.hpp"

#include <chrono>

extern "C" {
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
}

namespace argus::testing {

RtspStreamProbe probe_rtsp_stream(const std::string& url) {
  RtspStreamProbe probe;
  AVFormatContext* context = nullptr;
  AVDictionary* options = nullptr;
  av_dict_set(&options, "rtsp_transport", "tcp", 0);
  av_dict_set(&options, "timeout", "5000000", 0);
  probe.open_rc = avformat_open_input(&context, url.c_str(), nullptr, &options);
  av_dict_free(&options);
  if (probe.open_rc < 0)
    return probe;
  if (probe.open_rc = avformat_find_stream_info(context, nullptr); probe.open_rc >= 0) {
    int stream = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (stream >= 0) {
      probe.width = context->streams[stream]->codecpar->width;
      probe.height = context->streams[stream]->codecpar->height;
      AVPacket* packet = av_packet_alloc();
      auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
      while (std::chrono::steady_clock::now() < deadline && av_read_frame(context, packet) >= 0) {
        probe.packets += packet->stream_index == stream ? 1 : 0;
        av_packet_unref(packet);
      }
      av_packet_free(&packet);
    }
  }
  avformat_close_input(&context);
  return probe;
}

} // namespace argus::testing
