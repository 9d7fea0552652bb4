#pragma once
// Where a MotionAnalyzer delivers its results: the motion index and the recap store in argusd (MotionService), a
// collecting sink in tests.
#include <cstdint>
#include <string>

#include "analytics/cell_levels.hpp"

namespace argus::analytics {

class MotionSink {
public:
  virtual ~MotionSink() = default;
  //! A second with motion: the per-cell maximum of its analysed frames (only cells >= k_min_level are non-zero).
  virtual void on_motion_second(std::int64_t camera_id, std::int64_t second_s, const CellLevels& levels) = 0;
  //! The JPEG of the frame with the most motion of a recap window, taken at ts_ms; score = its moved cells.
  virtual void on_recap(std::int64_t camera_id, std::int64_t ts_ms, int score, const std::string& jpeg) = 0;
};

} // namespace argus::analytics
