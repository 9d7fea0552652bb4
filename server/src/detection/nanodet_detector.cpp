#include "detection/nanodet_detector.hpp"

#include <array>

#include <opencv2/dnn/dnn.hpp>
#include <spdlog/spdlog.h>

#include "detection/letterbox.hpp"

namespace argus::detection {
namespace {

constexpr std::array<float, 3> k_mean_bgr{103.53F, 116.28F, 123.675F};
constexpr std::array<float, 3> k_std_bgr{57.375F, 57.12F, 58.395F};
constexpr std::array<int, 3> k_strides{8, 16, 32};

// The letterboxed BGR picture as the network's 1x3xHxW float blob, normalized per channel.
cv::Mat normalized_blob(const cv::Mat& bgr) {
  const int sizes[] = {1, 3, bgr.rows, bgr.cols};
  cv::Mat blob(4, sizes, CV_32F);
  const std::size_t plane = static_cast<std::size_t>(bgr.rows) * static_cast<std::size_t>(bgr.cols);
  float* out = blob.ptr<float>();
  for (int row = 0; row < bgr.rows; ++row) {
    const auto* pixel = bgr.ptr<std::uint8_t>(row);
    float* target = out + static_cast<std::size_t>(row) * static_cast<std::size_t>(bgr.cols);
    for (int col = 0; col < bgr.cols; ++col, pixel += 3, ++target) {
      for (std::size_t channel = 0; channel < 3; ++channel)
        target[channel * plane] = (static_cast<float>(pixel[channel]) - k_mean_bgr[channel]) / k_std_bgr[channel];
    }
  }
  return blob;
}

} // namespace

struct NanoDetDetector::Network {
  cv::dnn::Net net;
  std::vector<std::string> output_names;
  std::vector<cv::Mat> outputs;

  // The outputs of the last forward() as stride levels: for each stride, the [1, cells, classes] scores and the
  // [1, cells, 4 * bins] distances. Empty when the outputs are not NanoDet's.
  std::vector<NanoDetLevel> levels(int input_width, int input_height, const DecodeOptions& options) const {
    std::vector<NanoDetLevel> found;
    for (int stride : k_strides) {
      NanoDetLevel level;
      level.stride = stride;
      level.grid_width = (input_width + stride - 1) / stride;
      level.grid_height = (input_height + stride - 1) / stride;
      for (const cv::Mat& output : outputs) {
        if (output.dims != 3 || output.size[1] != level.grid_width * level.grid_height)
          continue;
        if (output.size[2] == options.class_count)
          level.scores = output.ptr<float>();
        else if (output.size[2] == 4 * (options.reg_max + 1))
          level.distances = output.ptr<float>();
      }
      if (!level.scores || !level.distances)
        return {};
      found.push_back(level);
    }
    return found;
  }

  void forward(const cv::Mat& blob) {
    net.setInput(blob);
    net.forward(outputs, output_names);
  }
};

std::unique_ptr<NanoDetDetector> NanoDetDetector::load(const std::filesystem::path& model_path, std::string& error,
                                                       NanoDetOptions options) {
  std::error_code ignored;
  if (!std::filesystem::is_regular_file(model_path, ignored)) {
    error = "no model file at " + model_path.string();
    return nullptr;
  }
  if (options.input_width % 32 != 0 || options.input_height % 32 != 0 || options.input_width <= 0 ||
      options.input_height <= 0) {
    error = "the input size must be a positive multiple of 32";
    return nullptr;
  }
  auto network = std::make_unique<Network>();
  try {
    network->net = cv::dnn::readNetFromONNX(model_path.string());
    network->net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    network->net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    network->output_names = network->net.getUnconnectedOutLayersNames();
    // One blank frame: proves OpenCV can run every layer and that the outputs are NanoDet's.
    network->forward(normalized_blob(cv::Mat::zeros(options.input_height, options.input_width, CV_8UC3)));
  } catch (const cv::Exception& exception) {
    error = "OpenCV cannot run " + model_path.string() + ": " + exception.what();
    return nullptr;
  }
  if (network->levels(options.input_width, options.input_height, options.decode).empty()) {
    error = model_path.string() + " does not give NanoDet's outputs (scores and distances at strides 8, 16, 32)";
    return nullptr;
  }
  return std::unique_ptr<NanoDetDetector>(new NanoDetDetector(std::move(network), options));
}

NanoDetDetector::NanoDetDetector(std::unique_ptr<Network> network, NanoDetOptions options)
    : network_(std::move(network)), options_(options) {}

NanoDetDetector::~NanoDetDetector() = default;

std::vector<Detection> NanoDetDetector::detect(const cv::Mat& bgr_frame) {
  if (bgr_frame.empty() || bgr_frame.type() != CV_8UC3)
    return {};
  const Letterbox boxed = letterbox(bgr_frame, options_.input_width, options_.input_height);
  try {
    network_->forward(normalized_blob(boxed.image));
  } catch (const cv::Exception& exception) {
    spdlog::warn("nanodet: inference failed: {}", exception.what());
    return {};
  }
  const auto levels = network_->levels(options_.input_width, options_.input_height, options_.decode);
  std::vector<Detection> detections =
      decode_nanodet(levels, options_.input_width, options_.input_height, options_.decode);
  for (Detection& detection : detections)
    detection.box = boxed.to_frame(detection.box, bgr_frame.cols, bgr_frame.rows);
  // A box entirely on the black bars has nothing left once clipped to the frame.
  std::erase_if(detections, [](const Detection& detection) { return detection.box.area() <= 0; });
  return detections;
}

} // namespace argus::detection
