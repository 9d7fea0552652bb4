// The converted model (build/models/nanodet.onnx, tools/models/tfjs_to_onnx.py) through cv::dnn against the original
// tfjs graph run by @tensorflow/tfjs (tools/models/reference.mjs) on the same inputs: two seeded random tensors and a
// real frame of the demo footage. Every output must match within a tight tolerance; a layout, padding, resize or
// weight mistake in the converter moves outputs by far more.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/dnn/dnn.hpp>

#include "detection_test_support.hpp"

namespace argus::detection {
namespace {

using testing::nanodet_reference_dir;

// Scores are sigmoid outputs in [0, 1]; distances are logits of magnitude up to ~20 (float32 accumulation order
// differs between tfjs's CPU kernels and OpenCV's, so exact equality is not expected).
constexpr float k_score_tolerance = 1e-5F;
constexpr float k_distance_tolerance = 1e-4F;

std::vector<float> read_floats(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file)
    return {};
  std::vector<float> values(static_cast<std::size_t>(file.tellg()) / sizeof(float));
  file.seekg(0);
  file.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(float)));
  return values;
}

std::size_t element_count(const std::vector<int>& shape) {
  std::size_t count = 1;
  for (int dim : shape)
    count *= static_cast<std::size_t>(dim);
  return count;
}

TEST(NanoDetConversion, OnnxThroughOpenCvMatchesTheTfjsGraph) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  ARGUS_REQUIRE(testing::nanodet_reference_missing());
  std::ifstream manifest_file(nanodet_reference_dir() / "manifest.json");
  const auto manifest = nlohmann::json::parse(manifest_file);
  ASSERT_GE(manifest["cases"].size(), 2U);

  cv::dnn::Net net = cv::dnn::readNetFromONNX(testing::nanodet_model().string());
  const auto input_shape = manifest["input_shape"].get<std::vector<int>>();
  for (const auto& reference : manifest["cases"]) {
    const std::string name = reference["name"];
    SCOPED_TRACE(name);
    std::vector<float> input = read_floats(nanodet_reference_dir() / reference["input"].get<std::string>());
    ASSERT_EQ(input.size(), element_count(input_shape));
    net.setInput(cv::Mat(static_cast<int>(input_shape.size()), input_shape.data(), CV_32F, input.data()));

    std::vector<std::string> output_names;
    for (const auto& [output_name, output] : reference["outputs"].items())
      output_names.push_back(output_name);
    std::vector<cv::Mat> outputs;
    net.forward(outputs, output_names);
    ASSERT_EQ(outputs.size(), output_names.size());

    for (std::size_t i = 0; i < output_names.size(); ++i) {
      const auto& expected_spec = reference["outputs"][output_names[i]];
      const auto shape = expected_spec["shape"].get<std::vector<int>>();
      const std::vector<float> expected =
          read_floats(nanodet_reference_dir() / expected_spec["file"].get<std::string>());
      ASSERT_EQ(expected.size(), element_count(shape)) << output_names[i];
      ASSERT_EQ(outputs[i].total(), expected.size()) << output_names[i];
      ASSERT_EQ(outputs[i].dims, static_cast<int>(shape.size())) << output_names[i];
      for (int axis = 0; axis < outputs[i].dims; ++axis)
        ASSERT_EQ(outputs[i].size[axis], shape[static_cast<std::size_t>(axis)]) << output_names[i] << " axis " << axis;

      const float* actual = outputs[i].ptr<float>();
      float max_diff = 0;
      float max_magnitude = 0;
      for (std::size_t k = 0; k < expected.size(); ++k) {
        max_diff = std::max(max_diff, std::abs(actual[k] - expected[k]));
        max_magnitude = std::max(max_magnitude, std::abs(expected[k]));
      }
      const bool scores = shape.back() == 80;
      std::cout << name << " " << output_names[i] << " [" << shape[1] << "x" << shape[2] << "]: max |diff| " << max_diff
                << " (max |value| " << max_magnitude << ")\n";
      EXPECT_LE(max_diff, scores ? k_score_tolerance : k_distance_tolerance) << output_names[i];
      EXPECT_GT(max_magnitude, scores ? 0.01F : 1.0F) << output_names[i] << ": a degenerate output proves nothing";
    }
  }
}

} // namespace
} // namespace argus::detection
