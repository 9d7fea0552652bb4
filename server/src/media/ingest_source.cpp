#include "media/ingest_source.hpp"

#include <atomic>
#include <thread>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
}

#include "common/error.hpp"
#include "media/bitstream.hpp"
#include "media/ingest_audio.hpp"
#include "media/rtsp_diagnosis.hpp"
#include "media/sps_parser.hpp"
#include "media/timestamp_rebaser.hpp"
#include "media/url_redaction.hpp"

namespace argus::media {
namespace {

std::int64_t steady_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

std::int64_t system_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string av_error_text(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  return text;
}

bool is_supported_codec(AVCodecID codec) {
  return codec == AV_CODEC_ID_H264 || codec == AV_CODEC_ID_HEVC;
}

// What an avformat_open_input error says by itself; nullopt when only a closer look can tell (rtsp_diagnosis.hpp).
std::optional<OfflineReason> open_error_reason(int code) {
  if (code == AVERROR(ECONNREFUSED))
    return OfflineReason::connection_refused;
  // EIO: libavformat's TCP protocol answers it when the host name does not resolve.
  if (code == AVERROR(ETIMEDOUT) || code == AVERROR(EHOSTUNREACH) || code == AVERROR(ENETUNREACH) ||
      code == AVERROR(EHOSTDOWN) || code == AVERROR(EIO))
    return OfflineReason::unreachable;
  if (code == AVERROR_HTTP_UNAUTHORIZED || code == AVERROR_HTTP_FORBIDDEN)
    return OfflineReason::authentication_failed;
  if (code == AVERROR_INVALIDDATA || code == AVERROR_EXIT)
    return std::nullopt;
  return OfflineReason::stream_error;
}

} // namespace

struct IngestSource::Impl {
  std::string url;
  IngestOptions options;
  std::function<std::int64_t()> wall_ms;
  TimestampRebaser rebaser;
  AVFormatContext* format = nullptr;
  AVPacket* av_packet = av_packet_alloc();
  int stream_index = -1;
  AVRational time_base{1, 90000};
  StreamInfo info;
  bool source_is_annex_b = true;
  int length_size = 4;
  std::optional<EncodedPacket> first_packet; // the keyframe read by open()
  bool probed = false;
  std::atomic<bool> stopped{false};
  std::atomic<std::int64_t> deadline_ms{0};
  std::int64_t last_source_dts_90k = AV_NOPTS_VALUE;
  std::int64_t last_step_90k = 3600;
  std::int64_t realtime_start_ms = -1;
  std::int64_t realtime_first_dts = 0;
  IngestAudio audio;
  std::optional<std::int64_t> video_offset_90k; // rebased - source dts of the latest video packet (audio's anchor)
  bool last_read_was_audio = false;

  Impl(std::string u, IngestOptions o, std::function<std::int64_t()> w)
      : url(std::move(u)), options(o), wall_ms(w ? std::move(w) : system_ms),
        rebaser(wall_ms, /*live=*/is_rtsp()) {}

  ~Impl() {
    if (format)
      avformat_close_input(&format);
    av_packet_free(&av_packet);
  }

  static int interrupt_callback(void* opaque) {
    auto* self = static_cast<Impl*>(opaque);
    return self->stopped.load() || steady_ms() > self->deadline_ms.load() ? 1 : 0;
  }

  [[noreturn]] void fail(OfflineReason reason, const std::string& what) {
    throw SourceFailure(reason, what + " (" + redact_url(url) + ")");
  }

  void arm(std::chrono::milliseconds timeout) { deadline_ms = steady_ms() + timeout.count(); }
  bool deadline_passed() const { return steady_ms() > deadline_ms.load(); }

  // Why avformat_open_input failed with `code`.
  OfflineReason open_failure_reason(int code) const {
    if (auto reason = open_error_reason(code))
      return *reason;
    if (stopped)
      return OfflineReason::stream_error;
    if (is_rtsp())
      return diagnose_rtsp_failure(url, options.diagnosis_timeout, stopped);
    // Another protocol or a file: a timeout is no answer, anything else data no demuxer recognised.
    return code == AVERROR_EXIT ? OfflineReason::unreachable : OfflineReason::unsupported_video;
  }

  // A stream the recorder can take: one H.264/H.265 video stream. For RTSP the SDP lists every stream, so this is
  // known before anything is read (audio-only and MJPEG cameras are refused without probing).
  void require_supported_video() {
    int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (index < 0)
      fail(OfflineReason::unsupported_video, "no video stream in the source");
    auto codec = format->streams[index]->codecpar->codec_id;
    if (!is_supported_codec(codec))
      fail(OfflineReason::unsupported_video, std::string("unsupported video codec ") + avcodec_get_name(codec));
  }

  void open() {
    format = avformat_alloc_context();
    format->interrupt_callback = {&Impl::interrupt_callback, this};
    AVDictionary* dict = nullptr;
    // A second beyond the read deadline, so that a stall is our deadline (no_video) rather than a socket error.
    auto socket_timeout_us =
        std::to_string(std::chrono::microseconds(options.read_timeout + std::chrono::seconds(1)).count());
    if (is_rtsp()) {
      av_dict_set(&dict, "rtsp_transport", "tcp", 0);
      // When it has to probe: a live source's packets read while probing would come out later in a burst, up to
      // analyzeduration old, and the rebaser would anchor the wall-clock timeline that much ahead of real time.
      // Dropping them costs a GOP at connect and keeps recorded and live timestamps on the wall clock.
      av_dict_set(&dict, "fflags", "nobuffer", 0);
      av_dict_set(&dict, "timeout", socket_timeout_us.c_str(), 0); // socket I/O timeout (FFmpeg 5: former stimeout)
    } else if (url.find("://") != std::string::npos) {
      av_dict_set(&dict, "rw_timeout", socket_timeout_us.c_str(), 0);
    }
    av_dict_set(&dict, "analyzeduration", "2000000", 0);
    arm(options.open_timeout);
    int rc = avformat_open_input(&format, url.c_str(), nullptr, &dict);
    av_dict_free(&dict);
    if (rc < 0) {
      format = nullptr; // freed by avformat_open_input on failure
      fail(open_failure_reason(rc), "cannot open source: " + av_error_text(rc));
    }
    if (is_rtsp())
      require_supported_video();
    // Probing decodes from the first keyframe on until it has guessed the decode delay (7 frames for H.264) and, with
    // nobuffer, drops what it read: a connect then waits for the next keyframe too (~2 GOPs in all). When the SDP
    // already says everything, start at the first keyframe instead.
    auto from_sdp = parameters_from_sdp();
    if (!from_sdp) {
      probed = true;
      rc = avformat_find_stream_info(format, nullptr);
      if (rc < 0)
        fail(deadline_passed() ? OfflineReason::no_video : OfflineReason::stream_error,
             "cannot read stream info: " + av_error_text(rc));
    }
    require_supported_video();
    stream_index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    info.audio = audio.select(*format, redact_url(url));
    for (unsigned i = 0; i < format->nb_streams; ++i) {
      if (static_cast<int>(i) != stream_index && static_cast<int>(i) != audio.stream_index())
        format->streams[i]->discard = AVDISCARD_ALL;
    }
    auto* stream = format->streams[stream_index];
    auto* par = stream->codecpar;
    time_base = stream->time_base;
    info.codec = par->codec_id == AV_CODEC_ID_H264 ? VideoCodec::h264 : VideoCodec::h265;
    info.width = from_sdp ? from_sdp->width : par->width;
    info.height = from_sdp ? from_sdp->height : par->height;
    std::span<const std::uint8_t> extradata(par->extradata, par->extradata ? par->extradata_size : 0);
    if (!extradata.empty() && extradata[0] == 1 && !is_annex_b(extradata)) {
      info.extradata.assign(extradata.begin(), extradata.end());
      source_is_annex_b = false;
      int index = info.codec == VideoCodec::h264 ? 4 : 21;
      if (static_cast<int>(extradata.size()) > index)
        length_size = (extradata[index] & 3) + 1;
    } else if (!extradata.empty()) {
      info.extradata = parameter_sets_to_config(extradata);
    }
    // Read up to the first keyframe (within what is left of the open timeout); in-band parameter sets fill in what
    // the SDP did not carry.
    while (!first_packet) {
      auto packet = read_packet();
      if (!packet)
        fail(OfflineReason::stream_error, "the source ended before a keyframe");
      if (!packet->keyframe || packet->track != MediaTrack::video)
        continue;
      if (info.extradata.empty())
        info.extradata = config_from_access_unit(info.codec, packet->data);
      if (info.extradata.empty())
        fail(OfflineReason::unsupported_video, "no parameter sets (SPS/PPS) in the stream");
      first_packet = std::move(packet);
    }
    if (info.width <= 0 || info.height <= 0)
      fail(OfflineReason::unsupported_video, "the stream does not say its picture size");
  }

  //! The picture size from the SDP's parameter sets (RTSP sprop-parameter-sets / sprop-vps,sps,pps) when they are
  //! there and the SPS rules out frame reordering; nullopt means "probe": no or unreadable parameter sets, another
  //! codec or protocol, or possible B-frames (their decode timestamps come from FFmpeg's probing decoder).
  std::optional<SequenceParameters> parameters_from_sdp() const {
    if (!is_rtsp())
      return std::nullopt;
    int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (index < 0)
      return std::nullopt;
    const auto* par = format->streams[index]->codecpar;
    if ((par->codec_id != AV_CODEC_ID_H264 && par->codec_id != AV_CODEC_ID_HEVC) || !par->extradata)
      return std::nullopt;
    std::span<const std::uint8_t> extradata(par->extradata, par->extradata_size);
    auto codec = par->codec_id == AV_CODEC_ID_H264 ? VideoCodec::h264 : VideoCodec::h265;
    if (!is_annex_b(extradata))
      return std::nullopt;
    auto config = codec == VideoCodec::h264 ? avcc_from_annex_b(extradata) : hvcc_from_annex_b(extradata);
    if (config.empty())
      return std::nullopt;
    for (auto nal : split_annex_b(extradata)) {
      if (auto sps = parse_sps(codec, nal))
        return sps->max_reorder_frames == 0 ? sps : std::nullopt;
    }
    return std::nullopt;
  }

  bool is_rtsp() const { return url.rfind("rtsp://", 0) == 0 || url.rfind("rtsps://", 0) == 0; }

  std::vector<std::uint8_t> parameter_sets_to_config(std::span<const std::uint8_t> annex_b) const {
    return info.codec == VideoCodec::h264 ? avcc_from_annex_b(annex_b) : hvcc_from_annex_b(annex_b);
  }

  std::vector<std::uint8_t> to_length_prefixed(std::span<const std::uint8_t> data) const {
    if (source_is_annex_b)
      return annex_b_to_length_prefixed(data);
    if (length_size == 4)
      return {data.begin(), data.end()};
    std::vector<std::uint8_t> out;
    std::size_t i = 0;
    while (i + length_size <= data.size()) {
      std::size_t n = 0;
      for (int b = 0; b < length_size; ++b)
        n = (n << 8) | data[i + b];
      i += length_size;
      if (i + n > data.size())
        break;
      out.insert(out.end(), {static_cast<std::uint8_t>(n >> 24), static_cast<std::uint8_t>(n >> 16),
                             static_cast<std::uint8_t>(n >> 8), static_cast<std::uint8_t>(n)});
      out.insert(out.end(), data.begin() + static_cast<long>(i), data.begin() + static_cast<long>(i + n));
      i += n;
    }
    return out;
  }

  //! Next packet of the video stream with rebased timestamps (keyframes not yet enforced), or of the audio stream once
  //! video anchored the timeline, before the armed deadline (other streams' packets do not extend it); nullopt at the
  //! end.
  std::optional<EncodedPacket> read_packet() {
    while (true) {
      int rc = av_read_frame(format, av_packet);
      // An interrupted read (stop, or the deadline) makes the demuxer flush its parser: the access unit it held back
      // comes out as if it had just arrived. It is no sign of life; taking it would re-arm the stall deadline and
      // double the time a hung camera takes to go offline.
      if (rc >= 0 && (stopped || deadline_passed())) {
        av_packet_unref(av_packet);
        rc = AVERROR_EXIT;
      }
      if (rc == AVERROR_EOF)
        return std::nullopt;
      if (rc < 0) {
        if (stopped)
          fail(OfflineReason::stream_error, "stopped");
        if (deadline_passed())
          fail(OfflineReason::no_video, "no video for " + std::to_string(options.read_timeout.count()) + " ms");
        fail(OfflineReason::stream_error, "read failed: " + av_error_text(rc));
      }
      if (av_packet->stream_index == audio.stream_index() && audio.stream_index() >= 0) {
        if (auto packet = audio_packet())
          return packet;
        continue;
      }
      if (av_packet->stream_index != stream_index || av_packet->size <= 0) {
        av_packet_unref(av_packet);
        continue;
      }
      EncodedPacket packet;
      packet.data = to_length_prefixed({av_packet->data, static_cast<std::size_t>(av_packet->size)});
      packet.keyframe = (av_packet->flags & AV_PKT_FLAG_KEY) || contains_keyframe(info.codec, packet.data);
      AVRational k90{1, 90000};
      auto dts = av_packet->dts, pts = av_packet->pts;
      if (dts == AV_NOPTS_VALUE)
        dts = pts;
      std::int64_t source_dts = dts == AV_NOPTS_VALUE
                                    ? (last_source_dts_90k == AV_NOPTS_VALUE ? 0 : last_source_dts_90k + last_step_90k)
                                    : av_rescale_q(dts, time_base, k90);
      std::int64_t source_pts = pts == AV_NOPTS_VALUE ? source_dts : av_rescale_q(pts, time_base, k90);
      if (last_source_dts_90k != AV_NOPTS_VALUE && source_dts > last_source_dts_90k)
        last_step_90k = source_dts - last_source_dts_90k;
      last_source_dts_90k = source_dts;
      packet.duration_90k = av_packet->duration > 0 ? av_rescale_q(av_packet->duration, time_base, k90) : 0;
      av_packet_unref(av_packet);
      if (packet.data.empty())
        continue;
      pace(source_dts);
      auto rebased = rebaser.rebase(source_dts, source_pts);
      packet.dts_90k = rebased.dts_90k;
      packet.pts_90k = rebased.pts_90k;
      packet.clock_reset = rebased.reanchored;
      video_offset_90k = rebased.dts_90k - source_dts;
      return packet;
    }
  }

  //! The audio packet in av_packet (unreferenced here) once video has anchored the timeline; nullopt before.
  std::optional<EncodedPacket> audio_packet() {
    std::optional<EncodedPacket> packet;
    if (video_offset_90k)
      packet = audio.packet(*av_packet, *video_offset_90k);
    av_packet_unref(av_packet);
    return packet;
  }

  void pace(std::int64_t source_dts_90k) {
    if (!options.realtime)
      return;
    if (realtime_start_ms < 0) {
      realtime_start_ms = steady_ms();
      realtime_first_dts = source_dts_90k;
    }
    auto due_ms = realtime_start_ms + (source_dts_90k - realtime_first_dts) / 90;
    while (!stopped && steady_ms() < due_ms)
      std::this_thread::sleep_for(std::chrono::milliseconds(std::min<std::int64_t>(20, due_ms - steady_ms())));
  }
};

IngestSource::IngestSource(std::string url, IngestOptions options, std::function<std::int64_t()> wall_ms)
    : impl_(std::make_unique<Impl>(std::move(url), options, std::move(wall_ms))) {}

IngestSource::~IngestSource() = default;

void IngestSource::open() {
  impl_->open();
}

const StreamInfo& IngestSource::info() const {
  return impl_->info;
}

std::optional<EncodedPacket> IngestSource::read() {
  if (impl_->first_packet) {
    auto packet = std::move(impl_->first_packet);
    impl_->first_packet.reset();
    return packet;
  }
  if (!impl_->format)
    throw Error(Error::Kind::internal, "IngestSource::read before open");
  // The read timeout runs per video packet: audio that keeps coming does not hide a stalled picture.
  if (!impl_->last_read_was_audio)
    impl_->arm(impl_->options.read_timeout);
  auto packet = impl_->read_packet();
  impl_->last_read_was_audio = packet && packet->track == MediaTrack::audio;
  return packet;
}

bool IngestSource::probed() const {
  return impl_->probed;
}

void IngestSource::interrupt() {
  impl_->stopped = true;
}

} // namespace argus::media
