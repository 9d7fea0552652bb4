#include "media/ingest_audio.hpp"

#include <algorithm>
#include <cstdlib>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include <spdlog/spdlog.h>

namespace argus::media {
namespace {

constexpr int k_aac_frame_samples = 1024;

} // namespace

std::optional<AudioTrack> IngestAudio::select(const AVFormatContext& format, const std::string& source_name) {
  stream_index_ = -1;
  std::string ignored;
  for (unsigned i = 0; i < format.nb_streams; ++i) {
    const auto* stream = format.streams[i];
    const auto* par = stream->codecpar;
    if (par->codec_type != AVMEDIA_TYPE_AUDIO)
      continue;
    if (par->codec_id != AV_CODEC_ID_AAC || par->extradata_size < 2 || par->sample_rate <= 0 ||
        stream->time_base.num <= 0 || stream->time_base.den <= 0) {
      ignored += (ignored.empty() ? "" : ", ") + std::string(avcodec_get_name(par->codec_id));
      continue;
    }
    stream_index_ = static_cast<int>(i);
    time_base_num_ = stream->time_base.num;
    time_base_den_ = stream->time_base.den;
    sample_rate_ = par->sample_rate;
    timeline_ = AudioTimeline(sample_rate_);
    AudioTrack track;
    track.sample_rate = par->sample_rate;
    track.channels = par->ch_layout.nb_channels > 0 ? par->ch_layout.nb_channels : 1;
    track.audio_specific_config.assign(par->extradata, par->extradata + par->extradata_size);
    return track;
  }
  if (!ignored.empty())
    spdlog::info("{}: audio not recorded (only AAC is): {}", source_name, ignored);
  return std::nullopt;
}

std::optional<EncodedPacket> IngestAudio::packet(const AVPacket& av_packet, std::int64_t video_offset_90k) {
  if (av_packet.size <= 0)
    return std::nullopt;
  AVRational time_base{time_base_num_, time_base_den_};
  AVRational k90{1, 90000};
  auto source = av_packet.pts != AV_NOPTS_VALUE ? av_packet.pts : av_packet.dts;
  auto frame_samples = av_packet.duration > 0 ? av_rescale_q(av_packet.duration, time_base, AVRational{1, sample_rate_})
                                              : k_aac_frame_samples;
  std::optional<std::int64_t> anchored_90k;
  if (source != AV_NOPTS_VALUE)
    anchored_90k = av_rescale_q(source, time_base, k90) + video_offset_90k;
  // nullopt before any timestamp: nothing to place it by yet.
  return timeline_.packet(anchored_90k, frame_samples, {av_packet.data, static_cast<std::size_t>(av_packet.size)});
}

} // namespace argus::media
