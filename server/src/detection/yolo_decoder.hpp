#pragma once
// The output of a user's own YOLO model exported to ONNX (COCO's 80 classes), turned into boxes. Two layouts exist and
// are told apart by shape:
//   YOLOv5/v7: [1, N, 85] rows of centre x, centre y, width, height (input pixels), objectness, 80 class scores; a
//              class's score is objectness x class score;
//   YOLOv8+:   [1, 84, N] (or [1, N, 84]) of centre x, centre y, width, height, 80 class scores, no objectness.
// Scores are already probabilities in both exports. Then per-class NMS (class_nms.hpp).
#include <optional>
#include <vector>

#include "detection/detection.hpp"

namespace cv {
class Mat;
}

namespace argus::detection {

struct YoloDecodeOptions {
  float score_threshold = 0.45F;
  float nms_iou = 0.5F;
  int max_detections = 100;
  bool people_and_vehicles_only = true; // skip classes with no spec kind (kind_of_coco_class)
};

//! Boxes in network-input pixels (clipped to input_width x input_height), best first, object kinds filled in;
//! nullopt when `output` is not a float [1, N, 85], [1, N, 84] or [1, 84, N] tensor.
std::optional<std::vector<Detection>> decode_yolo(const cv::Mat& output, int input_width, int input_height,
                                                  const YoloDecodeOptions& options);

} // namespace argus::detection
