#include "detection/make_detector.hpp"

#include <spdlog/spdlog.h>

#include "detection/hog_people_detector.hpp"

namespace argus::detection {

std::unique_ptr<Detector> make_detector(const std::filesystem::path& model_path, const NanoDetOptions& options) {
  if (model_path.empty()) {
    spdlog::warn("detection: no model configured; using OpenCV's HOG people detector (people only, no vehicles)");
    return std::make_unique<HogPeopleDetector>();
  }
  std::string error;
  if (auto nanodet = NanoDetDetector::load(model_path, error, options)) {
    spdlog::info("detection: NanoDet model {} ({}x{} input)", model_path.string(), options.input_width,
                 options.input_height);
    return nanodet;
  }
  spdlog::warn("detection: {}; using OpenCV's HOG people detector (people only, no vehicles)", error);
  return std::make_unique<HogPeopleDetector>();
}

std::unique_ptr<Detector> make_yolo_detector(const std::filesystem::path& model_path, const YoloOptions& options) {
  std::string error;
  if (auto yolo = YoloDetector::load(model_path, error, options)) {
    spdlog::info("detection: YOLO model {} ({}x{} input)", model_path.string(), options.input_width,
                 options.input_height);
    return yolo;
  }
  spdlog::warn("detection: {}; using OpenCV's HOG people detector (people only, no vehicles)", error);
  return std::make_unique<HogPeopleDetector>();
}

} // namespace argus::detection
