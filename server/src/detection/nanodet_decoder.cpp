#include "detection/nanodet_decoder.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "detection/class_nms.hpp"

namespace argus::detection {
namespace {

// The expected value of one side's distribution, in bins: softmax over bins, weighted by the bin index.
float expected_bin(const float* logits, int bins) {
  const float peak = *std::max_element(logits, logits + bins);
  float total = 0;
  float weighted = 0;
  for (int bin = 0; bin < bins; ++bin) {
    const float weight = std::exp(logits[bin] - peak);
    total += weight;
    weighted += weight * static_cast<float>(bin);
  }
  return weighted / total;
}

} // namespace

std::vector<Detection> decode_nanodet(std::span<const NanoDetLevel> levels, int input_width, int input_height,
                                      const DecodeOptions& options) {
  const int bins = options.reg_max + 1;
  // Candidates grouped by class: NMS runs per class, so a person and a bicycle under them both survive.
  std::map<int, std::vector<Detection>> by_class;
  for (const NanoDetLevel& level : levels) {
    const int cells = level.grid_width * level.grid_height;
    for (int cell = 0; cell < cells; ++cell) {
      const float* scores = level.scores + static_cast<std::ptrdiff_t>(cell) * options.class_count;
      const float* distances = level.distances + static_cast<std::ptrdiff_t>(cell) * 4 * bins;
      const float centre_x = (static_cast<float>(cell % level.grid_width) + 0.5F) * static_cast<float>(level.stride);
      const float centre_y = (static_cast<float>(cell / level.grid_width) + 0.5F) * static_cast<float>(level.stride);
      bool decoded = false;
      BoxPx box;
      for (int coco_class = 0; coco_class < options.class_count; ++coco_class) {
        const float score = scores[coco_class];
        if (!(score >= options.score_threshold)) // also skips NaN
          continue;
        if (!kind_of_coco_class(coco_class) && options.people_and_vehicles_only)
          continue;
        if (!decoded) {
          auto side = [&](int index) { return expected_bin(distances + index * bins, bins) * level.stride; };
          box = {std::max(centre_x - side(0), 0.0F), std::max(centre_y - side(1), 0.0F),
                 std::min(centre_x + side(2), static_cast<float>(input_width)),
                 std::min(centre_y + side(3), static_cast<float>(input_height))};
          decoded = true;
        }
        if (auto detection = candidate_of(box, score, coco_class, options.people_and_vehicles_only))
          by_class[coco_class].push_back(*detection);
      }
    }
  }
  return keep_best_per_class(by_class, options.score_threshold, options.nms_iou, options.max_detections);
}

} // namespace argus::detection
