#pragma once
// The object detector interface: one frame in, the objects in it out. Implementations are named by strategy:
// NanoDetDetector (the converted NanoDet ONNX model through cv::dnn), HogPeopleDetector (OpenCV's built-in HOG people
// detector, the fallback). make_detector() picks one. A detector keeps per-instance inference state: use one per
// thread; detect() on one instance is not safe to call from two threads at once. features_at() describes what the
// network saw inside a box of the last frame, for appearance embeddings (appearance.hpp).
#include <string_view>
#include <vector>

#include "detection/detection.hpp"

namespace cv {
class Mat;
}

namespace argus::detection {

class Detector {
public:
  virtual ~Detector() = default;

  //! The objects in an 8-bit BGR frame (CV_8UC3, any size), boxes in that frame's pixels, best first. An empty frame
  //! or one of another type yields no detections (never throws for bad pictures).
  virtual std::vector<Detection> detect(const cv::Mat& bgr_frame) = 0;

  //! The detector's own feature map of the last detect() call average-pooled over `box` (in that frame's pixels) and
  //! L2-normalised; empty when the detector has none (HOG), before any detect() and for a box outside the frame.
  virtual std::vector<float> features_at(const BoxPx& /*box*/) const { return {}; }

  //! A short name for logs and benchmarks: "nanodet", "hog".
  virtual std::string_view name() const = 0;

  //! Whether it reports vehicles (the HOG fallback sees people only).
  virtual bool detects_vehicles() const = 0;
};

} // namespace argus::detection
