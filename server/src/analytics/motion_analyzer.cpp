#include "analytics/motion_analyzer.hpp"

#include <cmath>

#include <spdlog/spdlog.h>

#include "analytics/fragment_samples.hpp"
#include "analytics/motion_frame_sink.hpp"
#include "analytics/motion_sink.hpp"
#include "media/media_types.hpp"

namespace argus::analytics {
namespace {

std::int64_t floor_div(std::int64_t value, std::int64_t divisor) {
  auto quotient = value / divisor;
  return (value % divisor != 0 && value < 0) ? quotient - 1 : quotient;
}

} // namespace

MotionAnalyzer::MotionAnalyzer(std::int64_t camera_id, const media::StreamInfo& info, MotionGrid grid, MotionSink& sink,
                               AnalyzerOptions options, MotionFrameSink* frame_sink)
    : camera_id_(camera_id), sink_(sink), frame_sink_(frame_sink), options_(options), decoder_(info), detector_(grid, options.detector),
      interval_ms_(std::max<std::int64_t>(1, std::llround(1000.0 / options.analysis_fps))), second_levels_(grid) {}

void MotionAnalyzer::push_fragment(std::span<const std::uint8_t> bytes) {
  auto samples = fragment_samples(bytes);
  if (samples.empty())
    return;
  ++counters_.fragments;
  for (const auto& sample : samples) {
    if (waiting_for_keyframe_) {
      if (!sample.keyframe)
        continue;
      waiting_for_keyframe_ = false;
    }
    if (!decoder_.decode(sample.data, sample.dts_90k, [this](const VideoDecoder::Frame& frame) { on_frame(frame); }))
      ++counters_.decode_errors;
    media_90k_ += sample.duration_90k;
  }
  counters_.media_ms = media::ticks_to_ms(media_90k_);
  counters_.frames_decoded = decoder_.frames_decoded();
}

void MotionAnalyzer::resync() {
  decoder_.flush();
  detector_.reset();
  waiting_for_keyframe_ = true;
  next_analysis_ms_.reset();
}

void MotionAnalyzer::finish() {
  close_second();
  close_recap();
}

void MotionAnalyzer::on_frame(const VideoDecoder::Frame& frame) {
  auto ts_ms = media::ticks_to_ms(frame.dts_90k);
  if (next_analysis_ms_ && ts_ms < *next_analysis_ms_)
    return;
  // Keep the cadence (next = previous + interval) unless the video jumped ahead.
  next_analysis_ms_ = next_analysis_ms_ && ts_ms < *next_analysis_ms_ + interval_ms_ ? *next_analysis_ms_ + interval_ms_
                                                                                     : ts_ms + interval_ms_;
  frame.luma(detector_.width(), detector_.height(), luma_);
  ++counters_.frames_analyzed;
  auto levels = detector_.process(luma_.data(), detector_.width());
  if (!levels)
    return;

  auto second = floor_div(ts_ms, 1000);
  if (second_s_ && *second_s_ != second)
    close_second();
  second_s_ = second;
  second_levels_.merge_max(*levels);
  if (frame_sink_ && levels->moved() > 0 && frame_sink_->wants_frame(camera_id_, ts_ms))
    frame_sink_->on_motion_frame(camera_id_, ts_ms, frame.picture(std::min(frame.width, options_.motion_frame_width)));

  auto window = floor_div(ts_ms, options_.recap_window_ms);
  if (recap_window_ && *recap_window_ != window)
    close_recap();
  recap_window_ = window;
  int score = levels->moved();
  if (score >= options_.recap_min_cells && score > recap_score_) {
    recap_picture_ = frame.picture(options_.recap_width);
    recap_score_ = score;
    recap_ts_ms_ = ts_ms;
  }
}

void MotionAnalyzer::close_second() {
  if (second_s_ && second_levels_.moved() > 0) {
    sink_.on_motion_second(camera_id_, *second_s_, second_levels_);
    ++counters_.motion_seconds;
  }
  second_levels_.clear();
  second_s_.reset();
}

void MotionAnalyzer::close_recap() {
  if (!recap_picture_.empty()) {
    try {
      sink_.on_recap(camera_id_, recap_ts_ms_, recap_score_, jpeg_.encode(recap_picture_));
      ++counters_.recaps;
    } catch (const std::exception& error) {
      spdlog::warn("camera {}: motion recap dropped: {}", camera_id_, error.what());
    }
  }
  recap_picture_ = {};
  recap_score_ = 0;
  recap_window_.reset();
}

} // namespace argus::analytics
