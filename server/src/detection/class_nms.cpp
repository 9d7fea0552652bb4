#include "detection/class_nms.hpp"

#include <algorithm>

#include <opencv2/dnn/dnn.hpp>

namespace argus::detection {

std::optional<Detection> candidate_of(const BoxPx& box, float score, int coco_class, bool people_and_vehicles_only) {
  const auto kind = kind_of_coco_class(coco_class);
  if (!kind && people_and_vehicles_only)
    return std::nullopt;
  Detection detection;
  detection.box = box;
  detection.confidence = score;
  detection.coco_class = coco_class;
  if (kind) {
    detection.object_class = kind->object_class;
    detection.vehicle_type = kind->vehicle_type;
  }
  return detection;
}

std::vector<Detection> keep_best_per_class(const std::map<int, std::vector<Detection>>& by_class, float score_threshold,
                                           float nms_iou, int max_detections) {
  std::vector<Detection> kept;
  for (const auto& [coco_class, candidates] : by_class) {
    std::vector<cv::Rect2d> rects;
    std::vector<float> scores;
    for (const Detection& candidate : candidates) {
      rects.emplace_back(candidate.box.x0, candidate.box.y0, candidate.box.width(), candidate.box.height());
      scores.push_back(candidate.confidence);
    }
    std::vector<int> indices;
    cv::dnn::NMSBoxes(rects, scores, score_threshold, nms_iou, indices);
    for (int index : indices)
      kept.push_back(candidates[static_cast<std::size_t>(index)]);
  }
  std::sort(kept.begin(), kept.end(),
            [](const Detection& a, const Detection& b) { return a.confidence > b.confidence; });
  if (kept.size() > static_cast<std::size_t>(std::max(0, max_detections)))
    kept.resize(static_cast<std::size_t>(std::max(0, max_detections)));
  return kept;
}

} // namespace argus::detection
