#include "media/rtsp/track_selection.hpp"

#include <charconv>

#include "media/bit_reader.hpp"
#include "media/bitstream.hpp"
#include "media/rtsp/rtsp_unsupported_stream.hpp"
#include "media/rtsp/rtsp_url.hpp"
#include "media/rtsp/session_description.hpp"
#include "media/stream_status.hpp"

namespace argus::media::rtsp {
namespace {

int int_parameter(const SdpMedia& media, const char* name, int fallback) {
  auto value = media.parameter(name);
  int out = fallback;
  if (value)
    std::from_chars(value->data(), value->data() + value->size(), out);
  return out;
}

// Comma-separated base64 NAL units appended to an Annex-B buffer; false when one does not decode.
bool append_parameter_sets(const std::optional<std::string>& list, std::vector<std::uint8_t>& annex_b) {
  if (!list)
    return true;
  std::string_view rest = *list;
  while (!rest.empty()) {
    auto comma = rest.find(',');
    auto nal = decode_base64(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (!nal)
      return false;
    if (nal->empty())
      continue;
    annex_b.insert(annex_b.end(), {0, 0, 0, 1});
    annex_b.insert(annex_b.end(), nal->begin(), nal->end());
  }
  return true;
}

// avcC/hvcC and the SPS from the SDP's parameter sets (both empty when it has none usable).
void read_parameter_sets(const SdpMedia& media, VideoSelection& video) {
  std::vector<std::uint8_t> annex_b;
  bool ok = video.codec == VideoCodec::h264 ? append_parameter_sets(media.parameter("sprop-parameter-sets"), annex_b)
                                            : append_parameter_sets(media.parameter("sprop-vps"), annex_b) &&
                                                  append_parameter_sets(media.parameter("sprop-sps"), annex_b) &&
                                                  append_parameter_sets(media.parameter("sprop-pps"), annex_b);
  if (!ok || annex_b.empty())
    return;
  video.config = video.codec == VideoCodec::h264 ? avcc_from_annex_b(annex_b) : hvcc_from_annex_b(annex_b);
  for (auto nal : split_annex_b(annex_b)) {
    if (auto sps = parse_sps(video.codec, nal)) {
      video.sps = sps;
      break;
    }
  }
}

std::optional<AudioSelection> select_audio(const SdpMedia& media, const std::string& base_url) {
  if (media.encoding != "MPEG4-GENERIC")
    return std::nullopt;
  auto mode = media.parameter("mode").value_or("");
  auto config_hex = media.parameter("config");
  auto layout = AacDepacketizer::config_from(media);
  if (mode.find("AAC") == std::string::npos && mode.find("aac") == std::string::npos)
    return std::nullopt;
  if (!config_hex || !layout)
    return std::nullopt;
  auto config = decode_hex(*config_hex);
  if (!config)
    return std::nullopt;
  auto track = audio_track_from_config(*config);
  if (!track)
    return std::nullopt;
  AudioSelection out;
  out.track = *track;
  if (media.channels > 0 && out.track.channels <= 0)
    out.track.channels = media.channels;
  out.config = *layout;
  out.payload_type = media.payload_type;
  out.clock_rate = media.clock_rate > 0 ? media.clock_rate : track->sample_rate;
  out.control_url = resolve_rtsp_reference(base_url, media.control);
  return out;
}

} // namespace

std::optional<AudioTrack> audio_track_from_config(const std::vector<std::uint8_t>& asc) {
  static constexpr int k_rates[] = {96000, 88200, 64000, 48000, 44100, 32000, 24000,
                                    22050, 16000, 12000, 11025, 8000,  7350};
  if (asc.size() < 2)
    return std::nullopt;
  BitReader in(asc);
  if (in.bits(5) == 31) // object type escape
    in.skip(6);
  auto rate_index = in.bits(4);
  AudioTrack track;
  if (rate_index == 15)
    track.sample_rate = static_cast<int>(in.bits(24));
  else if (rate_index < std::size(k_rates))
    track.sample_rate = k_rates[rate_index];
  auto channels = in.bits(4);
  if (in.failed() || track.sample_rate <= 0)
    return std::nullopt;
  track.channels = channels == 7 ? 8 : static_cast<int>(channels); // 0: in the program config element; 7: 7.1
  if (track.channels == 0)
    track.channels = 1;
  track.audio_specific_config = asc;
  return track;
}

void require_no_reordering(const std::optional<SequenceParameters>& sps) {
  if (sps && sps->max_reorder_frames.value_or(0) > 0)
    throw RtspUnsupportedStream("the SPS allows frame reordering (B-frames)");
}

TrackSelection select_tracks(const SessionDescription& sdp, const std::string& request_base) {
  // An absolute session-level control is the base of the media's; a relative one is ignored, as libavformat does.
  auto base_url = is_absolute_rtsp_url(sdp.control) ? sdp.control : request_base;
  TrackSelection out;
  const SdpMedia* video = nullptr;
  std::string seen;
  for (const auto& media : sdp.media) {
    if (media.type == "video" && !video && (media.encoding == "H264" || media.encoding == "H265")) {
      video = &media;
    } else if (media.type == "video") {
      seen += (seen.empty() ? "" : ", ") +
              (media.encoding.empty() ? "payload type " + std::to_string(media.payload_type) : media.encoding);
    } else if (media.type == "audio" && !out.audio) {
      out.audio = select_audio(media, base_url);
      if (!out.audio)
        out.ignored_audio +=
            (out.ignored_audio.empty() ? "" : ", ") +
            (media.encoding.empty() ? "payload type " + std::to_string(media.payload_type) : media.encoding);
    }
  }
  if (!video)
    throw SourceFailure(OfflineReason::unsupported_video,
                        seen.empty() ? "no video in the stream description" : "unsupported video codec " + seen);
  auto& selection = out.video;
  selection.codec = video->encoding == "H264" ? VideoCodec::h264 : VideoCodec::h265;
  selection.payload_type = video->payload_type;
  selection.clock_rate = video->clock_rate > 0 ? video->clock_rate : 90000;
  selection.control_url = resolve_rtsp_reference(base_url, video->control);
  if (selection.codec == VideoCodec::h264 && int_parameter(*video, "packetization-mode", 0) > 1)
    throw RtspUnsupportedStream("H.264 interleaved packetization (packetization-mode 2)");
  if (selection.codec == VideoCodec::h265 &&
      (int_parameter(*video, "sprop-max-don-diff", 0) > 0 || int_parameter(*video, "sprop-depack-buf-nalus", 0) > 0))
    throw RtspUnsupportedStream("H.265 with decoding order numbers (sprop-max-don-diff)");
  read_parameter_sets(*video, selection);
  require_no_reordering(selection.sps);
  return out;
}

} // namespace argus::media::rtsp
