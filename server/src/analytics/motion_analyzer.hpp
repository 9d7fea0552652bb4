#pragma once
// The analysis of one camera stream: GOP fragments in (from the recorder's StreamObserver), decoded with
// VideoDecoder, frames sampled at analysis_fps, luma downscaled to the detector's plane, MotionDetector levels merged
// per UTC second (one record per second with motion), and per recap window the frame with the most moved cells kept
// as a small colour Picture and encoded as JPEG when the window ends. Runs on one worker thread at a time.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "analytics/jpeg_encoder.hpp"
#include "analytics/motion_detector.hpp"
#include "analytics/video_decoder.hpp"

namespace argus::media {
struct StreamInfo;
}

namespace argus::analytics {

class MotionFrameSink;
class MotionSink;

struct AnalyzerOptions {
  double analysis_fps = 5;             // frames analysed per second of video (> 0)
  int recap_width = 320;               // recap JPEG width in pixels
  std::int64_t recap_window_ms = 5000; // at most one recap per window (aligned to UTC multiples)
  int recap_min_cells = 2;             // a frame needs this many moved cells to be a recap
  int motion_frame_width = 640;        // frames offered to a MotionFrameSink are scaled down to at most this width
  DetectorOptions detector;
};

//! What an analyzer did (for cost and health reports).
struct AnalyzerCounters {
  std::int64_t fragments = 0;
  std::int64_t frames_decoded = 0;
  std::int64_t frames_analyzed = 0;
  std::int64_t decode_errors = 0;
  std::int64_t motion_seconds = 0;
  std::int64_t recaps = 0;
  std::int64_t media_ms = 0; // video time covered by the fragments analysed
};

class MotionAnalyzer {
public:
  //! frame_sink (optional) is offered each analysed frame with motion.
  MotionAnalyzer(std::int64_t camera_id, const media::StreamInfo& info, MotionGrid grid, MotionSink& sink,
                 AnalyzerOptions options = {}, MotionFrameSink* frame_sink = nullptr);

  //! Decodes and analyses one fragment (moof + mdat). Fragments must follow each other; after a gap call resync().
  void push_fragment(std::span<const std::uint8_t> bytes);
  //! Input was lost: decoding restarts at the next keyframe and the background is rebuilt.
  void resync();
  //! End of the stream: delivers the pending second and recap.
  void finish();
  const AnalyzerCounters& counters() const { return counters_; }

private:
  void on_frame(const VideoDecoder::Frame& frame);
  void close_second();
  void close_recap();

  std::int64_t camera_id_;
  MotionSink& sink_;
  MotionFrameSink* frame_sink_;
  AnalyzerOptions options_;
  VideoDecoder decoder_;
  MotionDetector detector_;
  JpegEncoder jpeg_;
  std::vector<std::uint8_t> luma_;
  bool waiting_for_keyframe_ = true;
  std::int64_t interval_ms_;
  std::optional<std::int64_t> next_analysis_ms_;
  std::optional<std::int64_t> second_s_; // the second being merged
  CellLevels second_levels_;
  std::optional<std::int64_t> recap_window_;
  Picture recap_picture_;
  int recap_score_ = 0;
  std::int64_t recap_ts_ms_ = 0;
  std::int64_t media_90k_ = 0;
  AnalyzerCounters counters_;
};

} // namespace argus::analytics
