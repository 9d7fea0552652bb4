#include "media/rtsp/rtsp_source.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <random>

#include "common/error.hpp"
#include "media/audio_timeline.hpp"
#include "media/bitstream.hpp"
#include "media/rtsp/aac_depacketizer.hpp"
#include "media/rtsp/access_unit_assembler.hpp"
#include "media/rtsp/audio_clock_mapper.hpp"
#include "media/rtsp/h264_depacketizer.hpp"
#include "media/rtsp/h265_depacketizer.hpp"
#include "media/rtsp/interleaved_reader.hpp"
#include "media/rtsp/rtcp.hpp"
#include "media/rtsp/rtp_packet.hpp"
#include "media/rtsp/rtp_reception_stats.hpp"
#include "media/rtsp/rtp_timestamp_unwrapper.hpp"
#include "media/rtsp/rtsp_connection.hpp"
#include "media/rtsp/rtsp_session.hpp"
#include "media/rtsp/rtsp_unsupported_stream.hpp"
#include "media/rtsp/rtsp_url.hpp"
#include "media/sps_parser.hpp"
#include "media/timestamp_rebaser.hpp"
#include "media/url_redaction.hpp"

namespace argus::media::rtsp {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int k_aac_frame_samples = 1024;
// A video timestamp going back by at most this much is a reordered frame (B-frames: a few frame periods); further
// back is the camera's clock being set back, which the rebaser turns into a new run.
constexpr std::int64_t k_reorder_window_90k = 90000; // 1 s
// Bytes that are neither interleaved frames nor responses tolerated in a row (a server's stray output) before the
// stream counts as broken.
constexpr std::size_t k_max_skipped_bytes = 1 << 20;

std::int64_t system_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::int64_t steady_ms(Clock::time_point at) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
}

std::int64_t to_90k(std::int64_t ticks, int clock_rate) {
  return clock_rate == 90000 ? ticks : ticks * 90000 / clock_rate;
}

const char* codec_name(VideoCodec codec) {
  return codec == VideoCodec::h264 ? "H.264" : "H.265";
}

} // namespace

struct RtspSource::Impl {
  std::string redacted_url;
  RtspOptions options;
  std::function<std::int64_t()> wall_ms;
  std::unique_ptr<RtspSession> session; // null when the URL is not rtsp://
  std::atomic<bool> stopped{false};
  TimestampRebaser rebaser;
  StreamInfo info;
  std::optional<EncodedPacket> first_packet;
  bool last_read_was_audio = false;
  Clock::time_point video_deadline; // read(): the next video packet is due before it
  std::uint32_t own_ssrc = std::random_device()();

  // Video.
  int video_channel = 0;
  int video_payload_type = 0;
  int video_clock_rate = 90000;
  std::unique_ptr<VideoDepacketizer> depacketizer;
  std::unique_ptr<AccessUnitAssembler> assembler;
  std::vector<AccessUnit> completed;
  RtpTimestampUnwrapper video_clock;
  RtpReceptionStats video_stats;
  bool keyframe_seen = false;
  std::optional<std::int64_t> last_video_pts_90k; // source clock of the last delivered access unit
  std::int64_t latest_video_source_90k = 0;       // of the latest access unit, delivered or not
  Clock::time_point latest_video_arrival;
  std::optional<std::int64_t> video_offset_90k; // rebased - source of the latest delivered video packet

  // Audio.
  std::optional<int> audio_channel;
  int audio_payload_type = 0;
  int audio_clock_rate = 0;
  std::optional<AacDepacketizer> aac;
  std::vector<AacDepacketizer::Frame> audio_frames;
  RtpTimestampUnwrapper audio_clock;
  RtpReceptionStats audio_stats;
  bool audio_sequence_started = false;
  std::uint16_t audio_expected_sequence = 0;
  AudioClockMapper audio_mapper;
  bool audio_start_mapped = false;
  AudioTimeline audio_timeline{0};

  // Delivery queue (a frame's packets may complete a video access unit and audio frames at once).
  std::vector<EncodedPacket> ready;
  std::size_t ready_head = 0;

  Clock::time_point next_report;
  std::size_t skipped_bytes = 0;
  RtspCounters counters;

  Impl(const std::string& url, RtspOptions o, std::function<std::int64_t()> w)
      : redacted_url(redact_url(url)), options(o), wall_ms(w ? std::move(w) : system_ms), rebaser(wall_ms, true) {
    if (auto parsed = RtspUrl::parse(url))
      session = std::make_unique<RtspSession>(std::move(*parsed));
  }

  [[noreturn]] void fail(OfflineReason reason, const std::string& what) {
    throw SourceFailure(reason, what + " (" + redacted_url + ")");
  }

  void open() {
    if (!session)
      fail(OfflineReason::stream_error, "not an rtsp:// URL");
    auto deadline = Clock::now() + options.open_timeout;
    try {
      session->start(deadline);
    } catch (const RtspUnsupportedStream& e) {
      throw RtspUnsupportedStream(std::string(e.what()) + " (" + redacted_url + ")");
    } catch (const SourceFailure& e) {
      fail(stopped ? OfflineReason::stream_error : e.reason(), e.what());
    }
    set_up_tracks();
    while (!first_packet) {
      auto packet = next_packet(deadline, true);
      if (!packet)
        fail(OfflineReason::stream_error, "the source ended before a keyframe");
      if (packet->track == MediaTrack::video)
        first_packet = std::move(packet); // the first video packet delivered is a keyframe
    }
    complete_info();
    spdlog::info("{}: RTSP reader: {} {}x{}{}", redacted_url, codec_name(info.codec), info.width, info.height,
                 info.audio ? ", AAC " + std::to_string(info.audio->sample_rate) + " Hz" : "");
  }

  void set_up_tracks() {
    const auto& tracks = session->tracks();
    info.codec = tracks.video.codec;
    info.extradata = tracks.video.config;
    if (tracks.video.sps) {
      info.width = tracks.video.sps->width;
      info.height = tracks.video.sps->height;
    }
    video_channel = session->video_channel();
    video_payload_type = tracks.video.payload_type;
    video_clock_rate = tracks.video.clock_rate;
    if (info.codec == VideoCodec::h264)
      depacketizer = std::make_unique<H264Depacketizer>();
    else
      depacketizer = std::make_unique<H265Depacketizer>();
    assembler = std::make_unique<AccessUnitAssembler>(info.codec, *depacketizer, options.max_access_unit_bytes);
    if (tracks.audio && session->audio_channel()) {
      audio_channel = session->audio_channel();
      audio_payload_type = tracks.audio->payload_type;
      audio_clock_rate = tracks.audio->clock_rate;
      aac.emplace(tracks.audio->config);
      audio_timeline = AudioTimeline(tracks.audio->track.sample_rate);
      info.audio = tracks.audio->track;
    }
    if (!tracks.ignored_audio.empty())
      spdlog::info("{}: audio not recorded (only AAC is): {}", redacted_url, tracks.ignored_audio);
    next_report = Clock::now() + options.receiver_report_interval;
  }

  // What the SDP did not say, from the first keyframe's in-band parameter sets.
  void complete_info() {
    if (info.extradata.empty())
      info.extradata = config_from_access_unit(info.codec, first_packet->data);
    if (info.extradata.empty())
      fail(OfflineReason::unsupported_video, "no parameter sets (SPS/PPS) in the stream");
    if (!session->tracks().video.sps) {
      for (auto nal : parameter_sets_in_config(info.codec, info.extradata)) {
        if (auto sps = parse_sps(info.codec, nal)) {
          require_no_reordering(sps);
          info.width = sps->width;
          info.height = sps->height;
          break;
        }
      }
    }
    if (info.width <= 0 || info.height <= 0)
      fail(OfflineReason::unsupported_video, "the stream does not say its picture size");
  }

  std::optional<EncodedPacket> read() {
    if (first_packet) {
      auto packet = std::move(first_packet);
      first_packet.reset();
      last_read_was_audio = false;
      return packet;
    }
    if (!session || !assembler)
      throw Error(Error::Kind::internal, "RtspSource::read before open");
    // The read timeout runs per video packet: audio that keeps coming does not hide a stalled picture.
    if (!last_read_was_audio)
      video_deadline = Clock::now() + options.read_timeout;
    auto packet = next_packet(video_deadline, false);
    last_read_was_audio = packet && packet->track == MediaTrack::audio;
    return packet;
  }

  //! The next packet before the deadline; nullopt when the server closed the connection.
  std::optional<EncodedPacket> next_packet(Clock::time_point deadline, bool opening) {
    auto& reader = session->reader();
    auto& connection = session->connection();
    while (true) {
      if (ready_head < ready.size()) {
        auto packet = std::move(ready[ready_head++]);
        if (ready_head == ready.size()) {
          ready.clear();
          ready_head = 0;
        }
        return packet;
      }
      switch (reader.next()) {
      case InterleavedReader::Item::frame:
        skipped_bytes = 0;
        on_frame(reader.channel(), reader.payload());
        continue;
      case InterleavedReader::Item::response:
        session->on_response(reader.take_response());
        continue;
      case InterleavedReader::Item::not_rtsp:
        skipped_bytes += reader.skip_to_frame();
        if (skipped_bytes > k_max_skipped_bytes)
          fail(OfflineReason::stream_error, "lost the interleaved framing");
        continue;
      case InterleavedReader::Item::malformed:
        fail(OfflineReason::stream_error, "malformed RTSP response while streaming");
      case InterleavedReader::Item::need_more:
        break;
      }
      auto now = Clock::now();
      if (now >= deadline) {
        if (opening)
          fail(OfflineReason::no_video, "no keyframe within " + std::to_string(options.open_timeout.count()) + " ms");
        fail(OfflineReason::no_video, "no video for " + std::to_string(options.read_timeout.count()) + " ms");
      }
      run_timers(now);
      if (options.gather.count() > 0 && assembler->in_progress() && !connection.pause(options.gather))
        fail(OfflineReason::stream_error, "stopped");
      auto wait_until = std::min({deadline, next_report, session->next_keep_alive()});
      switch (connection.receive(reader, wait_until)) {
      case RtspConnection::Receive::data:
      case RtspConnection::Receive::timed_out:
        continue;
      case RtspConnection::Receive::closed:
        if (opening)
          fail(OfflineReason::stream_error, "the source ended before a keyframe");
        return std::nullopt;
      case RtspConnection::Receive::interrupted:
        fail(OfflineReason::stream_error, "stopped");
      case RtspConnection::Receive::failed:
        fail(OfflineReason::stream_error, "read failed");
      }
    }
  }

  void run_timers(Clock::time_point now) {
    session->keep_alive(now);
    if (now < next_report)
      return;
    next_report = now + options.receiver_report_interval;
    std::uint8_t packet[128];
    if (auto size = write_receiver_report(packet, own_ssrc, video_stats.report(steady_ms(now)), "argusd"))
      session->send_interleaved(video_channel + 1, {packet, size});
    if (audio_channel) {
      if (auto size = write_receiver_report(packet, own_ssrc, audio_stats.report(steady_ms(now)), "argusd"))
        session->send_interleaved(*audio_channel + 1, {packet, size});
    }
  }

  void on_frame(int channel, std::span<const std::uint8_t> payload) {
    if (channel == video_channel)
      on_video(payload);
    else if (channel == video_channel + 1)
      on_rtcp(payload, true);
    else if (audio_channel && channel == *audio_channel)
      on_audio(payload);
    else if (audio_channel && channel == *audio_channel + 1)
      on_rtcp(payload, false);
  }

  void on_video(std::span<const std::uint8_t> payload) {
    auto packet = RtpPacket::parse(payload);
    if (!packet || packet->payload_type != video_payload_type)
      return;
    ++counters.rtp_packets;
    video_stats.on_packet(packet->ssrc, packet->sequence);
    assembler->push(*packet, completed);
    for (auto& access_unit : completed)
      deliver_video(access_unit);
    completed.clear();
  }

  void deliver_video(AccessUnit& access_unit) {
    auto source_90k = to_90k(video_clock.unwrap(access_unit.rtp_timestamp), video_clock_rate);
    latest_video_source_90k = source_90k;
    latest_video_arrival = Clock::now();
    if (!keyframe_seen && !access_unit.keyframe)
      return;
    keyframe_seen = true;
    if (last_video_pts_90k && source_90k < *last_video_pts_90k &&
        *last_video_pts_90k - source_90k <= k_reorder_window_90k)
      throw RtspUnsupportedStream("video timestamps go back: frames are reordered (B-frames) (" + redacted_url + ")");
    last_video_pts_90k = source_90k;
    auto rebased = rebaser.rebase(source_90k, source_90k);
    video_offset_90k = rebased.dts_90k - source_90k;
    EncodedPacket out;
    out.track = MediaTrack::video;
    out.pts_90k = rebased.pts_90k;
    out.dts_90k = rebased.dts_90k;
    out.keyframe = access_unit.keyframe;
    out.clock_reset = rebased.reanchored;
    out.data = std::move(access_unit.data);
    ready.push_back(std::move(out));
    ++counters.access_units;
  }

  void on_audio(std::span<const std::uint8_t> payload) {
    auto packet = RtpPacket::parse(payload);
    if (!packet || packet->payload_type != audio_payload_type)
      return;
    ++counters.rtp_packets;
    audio_stats.on_packet(packet->ssrc, packet->sequence);
    bool gap = audio_sequence_started && packet->sequence != audio_expected_sequence;
    audio_sequence_started = true;
    audio_expected_sequence = static_cast<std::uint16_t>(packet->sequence + 1);
    auto unwrapped = audio_clock.unwrap(packet->timestamp);
    if (!aac->push(*packet, gap, audio_frames) || !video_offset_90k)
      return; // malformed, or before video anchored the timeline
    if (!audio_start_mapped && video_clock.started()) {
      audio_start_mapped = true;
      if (session->video_start_rtp() && session->audio_start_rtp())
        audio_mapper.set_start(to_90k(video_clock.nearest(*session->video_start_rtp()), video_clock_rate),
                               to_90k(audio_clock.nearest(*session->audio_start_rtp()), audio_clock_rate));
    }
    auto elapsed_ms = steady_ms(Clock::now()) - steady_ms(latest_video_arrival);
    auto video_now_90k = latest_video_source_90k + elapsed_ms * 90;
    for (const auto& frame : audio_frames) {
      auto audio_90k = to_90k(unwrapped + std::int64_t{frame.position} * k_aac_frame_samples, audio_clock_rate);
      auto anchored_90k = audio_mapper.to_video(audio_90k, video_now_90k) + *video_offset_90k;
      if (auto packet = audio_timeline.packet(anchored_90k, k_aac_frame_samples, frame.data))
        ready.push_back(std::move(*packet));
    }
  }

  void on_rtcp(std::span<const std::uint8_t> payload, bool video) {
    auto report = find_sender_report(payload);
    if (!report)
      return;
    auto now_ms = steady_ms(Clock::now());
    auto& clock = video ? video_clock : audio_clock;
    (video ? video_stats : audio_stats).on_sender_report(*report, now_ms);
    if (clock.started())
      audio_mapper.on_sender_report(
          video, report->ntp,
          to_90k(clock.nearest(report->rtp_timestamp), video ? video_clock_rate : audio_clock_rate));
  }
};

RtspSource::RtspSource(std::string url, RtspOptions options, std::function<std::int64_t()> wall_ms)
    : impl_(std::make_unique<Impl>(url, options, std::move(wall_ms))) {}

RtspSource::~RtspSource() {
  if (impl_->session)
    impl_->session->teardown();
}

void RtspSource::open() {
  impl_->open();
}

const StreamInfo& RtspSource::info() const {
  return impl_->info;
}

std::optional<EncodedPacket> RtspSource::read() {
  return impl_->read();
}

void RtspSource::interrupt() {
  impl_->stopped = true;
  if (impl_->session)
    impl_->session->interrupt();
}

RtspCounters RtspSource::counters() const {
  auto out = impl_->counters;
  if (impl_->session) {
    out.wakeups = impl_->session->connection().wakeups();
    out.receive_calls = impl_->session->connection().receive_calls();
  }
  if (impl_->assembler)
    out.dropped_access_units = impl_->assembler->dropped();
  return out;
}

} // namespace argus::media::rtsp
