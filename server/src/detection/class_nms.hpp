#pragma once
// What every detector's decoder does once it has scored boxes: keep a box only for classes the spec knows (a person
// or a vehicle type; object_class.hpp), then non-maximum suppression per class (a person and the bicycle under them
// both survive), best first, at most a given count.
#include <map>
#include <optional>
#include <vector>

#include "detection/detection.hpp"

namespace argus::detection {

//! A detection of `coco_class` with its spec kind filled in; nullopt for a class without a kind when
//! people_and_vehicles_only (then a kind-less class is reported with person/none, which say nothing).
std::optional<Detection> candidate_of(const BoxPx& box, float score, int coco_class, bool people_and_vehicles_only);

//! Per-class NMS (cv::dnn::NMSBoxes at `nms_iou`) over candidates grouped by COCO class; best first, at most
//! max_detections.
std::vector<Detection> keep_best_per_class(const std::map<int, std::vector<Detection>>& by_class, float score_threshold,
                                           float nms_iou, int max_detections);

} // namespace argus::detection
