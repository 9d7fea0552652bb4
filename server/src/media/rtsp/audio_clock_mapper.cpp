#include "media/rtsp/audio_clock_mapper.hpp"

namespace argus::media::rtsp {

void AudioClockMapper::set_start(std::int64_t video_90k, std::int64_t audio_90k) {
  start_offset_ = video_90k - audio_90k;
}

void AudioClockMapper::on_sender_report(bool video, std::uint64_t ntp, std::int64_t rtp_90k) {
  (video ? video_report_ : audio_report_) = Report{ntp, rtp_90k};
  if (!video_report_ || !audio_report_)
    return;
  // The audio report's instant on the video clock: the video report's RTP time plus the NTP time between them.
  auto ntp_delta = static_cast<std::int64_t>(audio_report_->ntp - video_report_->ntp); // 32.32 seconds
  auto ntp_delta_90k = static_cast<std::int64_t>((static_cast<__int128>(ntp_delta) * 90000) >> 32);
  reports_offset_ = video_report_->rtp_90k + ntp_delta_90k - audio_report_->rtp_90k;
}

std::int64_t AudioClockMapper::to_video(std::int64_t audio_90k, std::int64_t video_now_90k) {
  if (reports_offset_)
    return audio_90k + *reports_offset_;
  if (start_offset_)
    return audio_90k + *start_offset_;
  if (!arrival_offset_)
    arrival_offset_ = video_now_90k - audio_90k;
  return audio_90k + *arrival_offset_;
}

} // namespace argus::media::rtsp
