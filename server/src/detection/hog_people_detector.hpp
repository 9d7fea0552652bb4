#pragma once
// The fallback detector: OpenCV's HOG descriptor with its built-in people SVM (Dalal-Triggs 64x128 window). No model
// file, people only, upright and at least ~100 px tall at the working size. Boxes are the detection windows shrunk
// to the person inside (as OpenCV's peopledetect sample does). Confidence is a logistic of the SVM margin, not a
// calibrated probability.
#include <memory>

#include "detection/detector.hpp"

namespace argus::detection {

struct HogOptions {
  // Frames are scaled to fit working_size x working_size first: people in a 640x360 sub-stream are often shorter
  // than HOG's 128 px window, and a 1080p frame costs ~4x more than needed.
  int working_size = 800;
  double scale_step = 1.05;   // pyramid step (OpenCV's default)
  double hit_threshold = 0.0; // SVM margin a window needs
};

class HogPeopleDetector final : public Detector {
public:
  explicit HogPeopleDetector(HogOptions options = {});
  ~HogPeopleDetector() override;

  std::vector<Detection> detect(const cv::Mat& bgr_frame) override;
  std::string_view name() const override { return "hog"; }
  bool detects_vehicles() const override { return false; }

private:
  struct Descriptor;
  std::unique_ptr<Descriptor> descriptor_;
  HogOptions options_;
};

} // namespace argus::detection
