#pragma once
// Where a MotionAnalyzer offers the frames in which it saw motion: object detection (objects::ObjectService in
// argusd) runs only on those, so a still scene costs no detector time.
#include <cstdint>

#include "analytics/picture.hpp"

namespace argus::analytics {

class MotionFrameSink {
public:
  virtual ~MotionFrameSink() = default;
  //! Whether a frame of this camera taken at ts_ms would be used now (its rate and queue allow it). Cheap: asked for
  //! every analysed frame with motion, before the picture is made.
  virtual bool wants_frame(std::int64_t camera_id, std::int64_t ts_ms) = 0;
  //! A frame with motion as a colour picture (at most AnalyzerOptions::motion_frame_width wide).
  virtual void on_motion_frame(std::int64_t camera_id, std::int64_t ts_ms, Picture picture) = 0;
};

} // namespace argus::analytics
