#include "detection/hog_people_detector.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

namespace argus::detection {

struct HogPeopleDetector::Descriptor {
  cv::HOGDescriptor hog;
};

HogPeopleDetector::HogPeopleDetector(HogOptions options)
    : descriptor_(std::make_unique<Descriptor>()), options_(options) {
  descriptor_->hog.setSVMDetector(cv::HOGDescriptor::getDefaultPeopleDetector());
}

HogPeopleDetector::~HogPeopleDetector() = default;

std::vector<Detection> HogPeopleDetector::detect(const cv::Mat& bgr_frame) {
  if (bgr_frame.empty() || bgr_frame.type() != CV_8UC3)
    return {};
  const double scale = std::min(static_cast<double>(options_.working_size) / bgr_frame.cols,
                                static_cast<double>(options_.working_size) / bgr_frame.rows);
  const cv::Size window = descriptor_->hog.winSize;
  const cv::Size working_size(std::max(1, cvRound(bgr_frame.cols * scale)),
                              std::max(1, cvRound(bgr_frame.rows * scale)));
  if (working_size.width < window.width || working_size.height < window.height)
    return {};
  cv::Mat working;
  cv::resize(bgr_frame, working, working_size, 0, 0, scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);

  std::vector<cv::Rect> found;
  std::vector<double> weights;
  descriptor_->hog.detectMultiScale(working, found, weights, options_.hit_threshold, cv::Size(8, 8), cv::Size(),
                                    options_.scale_step);
  std::vector<Detection> detections;
  for (std::size_t i = 0; i < found.size(); ++i) {
    // The 64x128 window holds a ~40x96 person with margins; shrink to the person like OpenCV's peopledetect sample.
    const cv::Rect& window_rect = found[i];
    const cv::Rect rect(window_rect.x + cvRound(window_rect.width * 0.1),
                        window_rect.y + cvRound(window_rect.height * 0.07), cvRound(window_rect.width * 0.8),
                        cvRound(window_rect.height * 0.8));
    Detection detection;
    auto x = [&](int value) { return std::clamp(static_cast<float>(value / scale), 0.0F, float(bgr_frame.cols)); };
    auto y = [&](int value) { return std::clamp(static_cast<float>(value / scale), 0.0F, float(bgr_frame.rows)); };
    detection.box = {x(rect.x), y(rect.y), x(rect.x + rect.width), y(rect.y + rect.height)};
    const double margin = i < weights.size() ? weights[i] : 0.0;
    detection.confidence = static_cast<float>(1.0 / (1.0 + std::exp(-2.0 * margin)));
    detection.coco_class = 0;
    detection.object_class = ObjectClass::person;
    if (detection.box.area() > 0)
      detections.push_back(detection);
  }
  std::sort(detections.begin(), detections.end(),
            [](const Detection& a, const Detection& b) { return a.confidence > b.confidence; });
  return detections;
}

} // namespace argus::detection
