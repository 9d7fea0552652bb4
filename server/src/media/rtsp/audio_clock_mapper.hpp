#pragma once
// Puts an RTSP session's audio RTP time on its video's RTP time (both in 90 kHz units), the best way the session
// allows: RTCP sender reports of both tracks (NTP ↔ RTP, RFC 3550 §6.4.1) once there are; before that PLAY's
// RTP-Info (both tracks' RTP times at the start of the range, RFC 2326 §12.33); without it the audio's arrival,
// taken as simultaneous with the video's clock at that moment.
#include <cstdint>
#include <optional>

namespace argus::media::rtsp {

class AudioClockMapper {
public:
  //! RTP-Info: the video's and the audio's times (90 kHz units) at the same instant.
  void set_start(std::int64_t video_90k, std::int64_t audio_90k);
  //! A sender report of the video (video = true) or audio track: its NTP time and its RTP time in 90 kHz units.
  void on_sender_report(bool video, std::uint64_t ntp, std::int64_t rtp_90k);
  //! audio_90k on the video's clock; video_now_90k is the video's clock now (for the arrival alignment).
  std::int64_t to_video(std::int64_t audio_90k, std::int64_t video_now_90k);
  //! Whether sender reports of both tracks set the mapping.
  bool synchronised() const { return reports_offset_.has_value(); }

private:
  struct Report {
    std::uint64_t ntp;
    std::int64_t rtp_90k;
  };
  std::optional<Report> video_report_;
  std::optional<Report> audio_report_;
  std::optional<std::int64_t> reports_offset_; // video - audio
  std::optional<std::int64_t> start_offset_;
  std::optional<std::int64_t> arrival_offset_;
};

} // namespace argus::media::rtsp
