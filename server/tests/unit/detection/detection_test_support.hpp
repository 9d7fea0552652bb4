#pragma once
// Paths the build passes in (cmake/Detection.cmake argus_detection_paths) and the rule for a missing model: skip with
// the reason when its sources are not installed, fail when they are (the build should have made it).
#include <filesystem>
#include <optional>
#include <string>

#include <opencv2/core/mat.hpp>

namespace argus::detection::testing {

struct Missing {
  bool skip = true; // false: the test must fail, the artefact should exist
  std::string message;
};

//! build/models/nanodet.onnx.
std::filesystem::path nanodet_model();
//! build/models/nanodet-reference (manifest.json and raw float32 files from tools/models/reference.mjs).
std::filesystem::path nanodet_reference_dir();
//! build/footage/<name>, e.g. "01-vtest_sub.mp4".
std::filesystem::path footage(const std::string& name);

//! Why the converted model is not there, or nullopt when it is.
std::optional<Missing> nanodet_model_missing();
//! build/models/test-yolo/test-yolo-{layout}.onnx ("v8" or "v5"; tools/models/make_test_yolo.py).
std::filesystem::path test_yolo_model(const std::string& layout);
//! Why the YOLO test models are not there, or nullopt when they are.
std::optional<Missing> test_yolo_models_missing();
//! Why the tfjs reference outputs are not there, or nullopt when they are.
std::optional<Missing> nanodet_reference_missing();

//! The BGR frame of a clip at `seconds` (empty when the clip cannot be read).
cv::Mat read_frame(const std::filesystem::path& clip, double seconds);

} // namespace argus::detection::testing

// Skips or fails the current test when `missing` (an std::optional<Missing>) holds a reason.
#define ARGUS_REQUIRE(missing)                                                                                         \
  if (const auto reason = (missing)) {                                                                                 \
    if (reason->skip)                                                                                                  \
      GTEST_SKIP() << reason->message;                                                                                 \
    FAIL() << reason->message;                                                                                         \
  }
