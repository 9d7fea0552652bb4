#pragma once
// NanoDet's (v0.x "legacy" GFL head) raw outputs turned into boxes. Per stride level, for every grid cell: the class
// scores (already through a sigmoid in the graph) and four distance distributions (left, top, right, bottom) of
// reg_max + 1 bins each. A side's distance is the softmax-weighted mean bin times the stride, measured from the cell's
// centre ((x + 0.5) * stride, (y + 0.5) * stride). Then per-class NMS (cv::dnn::NMSBoxes).
#include <span>
#include <vector>

#include "detection/detection.hpp"

namespace argus::detection {

//! One stride level's outputs: grid_width * grid_height rows (row-major over the grid) of class_count scores and of
//! 4 * (reg_max + 1) distance logits.
struct NanoDetLevel {
  const float* scores = nullptr;
  const float* distances = nullptr;
  int grid_width = 0;
  int grid_height = 0;
  int stride = 0;
};

struct DecodeOptions {
  int class_count = k_coco_class_count;
  int reg_max = 10;
  float score_threshold = 0.45F; // on the demo footage 0.4 still lets a traffic cone through as a person
  float nms_iou = 0.6F;          // NanoDet's own multiclass NMS threshold
  int max_detections = 100;
  bool people_and_vehicles_only = true; // skip classes with no spec kind (kind_of_coco_class)
};

//! Boxes in network-input pixels (clipped to input_width x input_height), best first, object kinds filled in.
std::vector<Detection> decode_nanodet(std::span<const NanoDetLevel> levels, int input_width, int input_height,
                                      const DecodeOptions& options);

} // namespace argus::detection
