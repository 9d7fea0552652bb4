#include "detection/nanodet_detector.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <opencv2/dnn/dnn.hpp>
#include <spdlog/spdlog.h>

#include "detection/letterbox.hpp"
#include "detection/onnx_model.hpp"

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

// The head's feature map at its coarsest stride: the input of the last convolution of a stride level, recognised by
// shape (that convolution gives class_count + 4 * (reg_max + 1) channels), not by name. Empty when there is none.
struct FeatureLayer {
  std::string name;
  int stride = 0;
};

FeatureLayer find_feature_layer(cv::dnn::Net& net, int input_width, int input_height, const DecodeOptions& options) {
  std::vector<int> ids;
  std::vector<std::vector<cv::dnn::MatShape>> input_shapes, output_shapes;
  try {
    net.getLayersShapes(cv::dnn::MatShape{1, 3, input_height, input_width}, ids, input_shapes, output_shapes);
  } catch (const cv::Exception&) { // a graph OpenCV cannot infer shapes for: no features, detection may still run
    return {};
  }
  const int head_channels = options.class_count + 4 * (options.reg_max + 1);
  FeatureLayer found;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const auto layer = net.getLayer(ids[i]);
    if (layer->type != "Convolution" || output_shapes[i].empty() || input_shapes[i].empty())
      continue;
    const cv::dnn::MatShape& out = output_shapes[i][0];
    const cv::dnn::MatShape& in = input_shapes[i][0];
    if (out.size() != 4 || out[1] != head_channels || in.size() != 4 || in[2] <= 0 || in[2] != out[2])
      continue;
    const auto inputs = net.getLayerInputs(ids[i]);
    const int stride = input_height / in[2];
    if (inputs.size() == 1 && stride > found.stride)
      found = {inputs.front()->name, stride};
  }
  return found;
}

// The mean over the cells of a [1, channels, rows, cols] map whose centres lie in `box` (input pixels), or over the
// cell under the box's centre when none does; L2-normalised.
std::vector<float> average_over_box(const cv::Mat& map, int stride, const BoxPx& box) {
  const int channels = map.size[1], rows = map.size[2], cols = map.size[3];
  auto first_cell = [&](float from, int count) {
    return std::clamp(static_cast<int>(std::ceil(from / stride - 0.5F)), 0, count - 1);
  };
  auto last_cell = [&](float to, int count) {
    return std::clamp(static_cast<int>(std::floor(to / stride - 0.5F)), 0, count - 1);
  };
  auto centre_cell = [&](float from, float to, int count) {
    return std::clamp(static_cast<int>((from + to) / 2 / static_cast<float>(stride)), 0, count - 1);
  };
  int col0 = first_cell(box.x0, cols), col1 = last_cell(box.x1, cols);
  int row0 = first_cell(box.y0, rows), row1 = last_cell(box.y1, rows);
  if (col1 < col0)
    col0 = col1 = centre_cell(box.x0, box.x1, cols);
  if (row1 < row0)
    row0 = row1 = centre_cell(box.y0, box.y1, rows);
  std::vector<float> features(static_cast<std::size_t>(channels));
  const float* data = map.ptr<float>();
  double norm = 0;
  for (int channel = 0; channel < channels; ++channel) {
    const float* plane = data + static_cast<std::size_t>(channel) * static_cast<std::size_t>(rows * cols);
    double sum = 0;
    for (int row = row0; row <= row1; ++row)
      for (int col = col0; col <= col1; ++col)
        sum += plane[row * cols + col];
    features[static_cast<std::size_t>(channel)] = static_cast<float>(sum);
    norm += sum * sum;
  }
  if (norm <= 0)
    return {};
  for (float& value : features)
    value = static_cast<float>(value / std::sqrt(norm));
  return features;
}

} // namespace

struct NanoDetDetector::Network {
  cv::dnn::Net net;
  std::vector<std::string> output_names; // NanoDet's six outputs, then the feature layer when there is one
  std::vector<cv::Mat> outputs;
  FeatureLayer feature_layer;

  //! The feature map of the last forward(), or null.
  const cv::Mat* feature_map() const {
    return feature_layer.stride > 0 && outputs.size() == output_names.size() ? &outputs.back() : nullptr;
  }

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
  auto net = read_onnx_model(model_path, options.input_width, options.input_height, error);
  if (!net)
    return nullptr;
  auto network = std::make_unique<Network>();
  network->net = std::move(*net);
  try {
    network->output_names = network->net.getUnconnectedOutLayersNames();
    if (options.features) {
      network->feature_layer =
          find_feature_layer(network->net, options.input_width, options.input_height, options.decode);
      if (network->feature_layer.stride > 0)
        network->output_names.push_back(network->feature_layer.name);
      else
        spdlog::warn("nanodet: {} has no head feature map NanoDet's way: features_at() gives nothing, appearance "
                     "embeddings are colour only",
                     model_path.string());
    }
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
  last_frame_ = {};
  if (bgr_frame.empty() || bgr_frame.type() != CV_8UC3)
    return {};
  const Letterbox boxed = letterbox(bgr_frame, options_.input_width, options_.input_height);
  try {
    network_->forward(normalized_blob(boxed.image));
  } catch (const cv::Exception& exception) {
    spdlog::warn("nanodet: inference failed: {}", exception.what());
    return {};
  }
  last_frame_ = {boxed.scale, boxed.offset_x, boxed.offset_y, bgr_frame.cols, bgr_frame.rows};
  const auto levels = network_->levels(options_.input_width, options_.input_height, options_.decode);
  std::vector<Detection> detections =
      decode_nanodet(levels, options_.input_width, options_.input_height, options_.decode);
  for (Detection& detection : detections)
    detection.box = boxed.to_frame(detection.box, bgr_frame.cols, bgr_frame.rows);
  // A box entirely on the black bars has nothing left once clipped to the frame.
  std::erase_if(detections, [](const Detection& detection) { return detection.box.area() <= 0; });
  return detections;
}

std::vector<float> NanoDetDetector::features_at(const BoxPx& box) const {
  const cv::Mat* map = network_->feature_map();
  if (!map || last_frame_.frame_width == 0)
    return {};
  const BoxPx clipped{std::max(box.x0, 0.0F), std::max(box.y0, 0.0F),
                      std::min(box.x1, static_cast<float>(last_frame_.frame_width)),
                      std::min(box.y1, static_cast<float>(last_frame_.frame_height))};
  if (clipped.area() <= 0)
    return {};
  auto to_input_x = [&](float x) { return x * last_frame_.scale + last_frame_.offset_x; };
  auto to_input_y = [&](float y) { return y * last_frame_.scale + last_frame_.offset_y; };
  return average_over_box(
      *map, network_->feature_layer.stride,
      {to_input_x(clipped.x0), to_input_y(clipped.y0), to_input_x(clipped.x1), to_input_y(clipped.y1)});
}

} // namespace argus::detection
