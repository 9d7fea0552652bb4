#include "detection/yolo_decoder.hpp"

#include <algorithm>
#include <map>

#include <opencv2/core/mat.hpp>

#include "detection/class_nms.hpp"

namespace argus::detection {
namespace {

constexpr int k_box_values = 4;
constexpr int k_v8_width = k_box_values + k_coco_class_count;
constexpr int k_v5_width = k_v8_width + 1; // objectness before the class scores

// Where one candidate's values are: value(i) of candidate `row`, whichever way the tensor is laid out.
struct Layout {
  const float* data = nullptr;
  int candidates = 0;
  bool transposed = false;  // [1, values, N]
  bool objectness = false;  // YOLOv5's column 4
  float value(int row, int index) const {
    const int width = objectness ? k_v5_width : k_v8_width;
    return transposed ? data[static_cast<std::ptrdiff_t>(index) * candidates + row]
                      : data[static_cast<std::ptrdiff_t>(row) * width + index];
  }
};

std::optional<Layout> layout_of(const cv::Mat& output) {
  if (output.empty() || output.type() != CV_32F || output.dims != 3 || output.size[0] != 1 || !output.isContinuous())
    return std::nullopt;
  const int rows = output.size[1], cols = output.size[2];
  const float* data = output.ptr<float>();
  if (cols == k_v5_width)
    return Layout{data, rows, false, true};
  if (cols == k_v8_width)
    return Layout{data, rows, false, false};
  if (rows == k_v8_width)
    return Layout{data, cols, true, false};
  if (rows == k_v5_width)
    return Layout{data, cols, true, true};
  return std::nullopt;
}

} // namespace

std::optional<std::vector<Detection>> decode_yolo(const cv::Mat& output, int input_width, int input_height,
                                                  const YoloDecodeOptions& options) {
  const auto layout = layout_of(output);
  if (!layout)
    return std::nullopt;
  const int first_class = layout->objectness ? k_box_values + 1 : k_box_values;
  std::map<int, std::vector<Detection>> by_class;
  for (int row = 0; row < layout->candidates; ++row) {
    const float objectness = layout->objectness ? layout->value(row, k_box_values) : 1.0F;
    if (!(objectness >= options.score_threshold)) // also skips NaN
      continue;
    const float centre_x = layout->value(row, 0), centre_y = layout->value(row, 1);
    const float half_width = layout->value(row, 2) / 2, half_height = layout->value(row, 3) / 2;
    const BoxPx box{std::max(centre_x - half_width, 0.0F), std::max(centre_y - half_height, 0.0F),
                    std::min(centre_x + half_width, static_cast<float>(input_width)),
                    std::min(centre_y + half_height, static_cast<float>(input_height))};
    if (box.area() <= 0)
      continue;
    for (int coco_class = 0; coco_class < k_coco_class_count; ++coco_class) {
      const float score = objectness * layout->value(row, first_class + coco_class);
      if (!(score >= options.score_threshold))
        continue;
      if (auto detection = candidate_of(box, score, coco_class, options.people_and_vehicles_only))
        by_class[coco_class].push_back(*detection);
    }
  }
  return keep_best_per_class(by_class, options.score_threshold, options.nms_iou, options.max_detections);
}

} // namespace argus::detection
