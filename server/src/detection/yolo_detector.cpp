#include "detection/yolo_detector.hpp"

#include <spdlog/spdlog.h>

#include "detection/letterbox.hpp"
#include "detection/onnx_model.hpp"

namespace argus::detection {
namespace {

// The letterboxed BGR picture as YOLO's 1x3xHxW blob: RGB, 0..1.
cv::Mat yolo_blob(const cv::Mat& bgr) {
  return cv::dnn::blobFromImage(bgr, 1.0 / 255.0, cv::Size(), cv::Scalar(), /*swapRB=*/true, /*crop=*/false);
}

} // namespace

struct YoloDetector::Network {
  cv::dnn::Net net;
  std::vector<cv::Mat> outputs;

  //! The model's first output after forward() on `blob`.
  const cv::Mat& forward(const cv::Mat& blob) {
    net.setInput(blob);
    net.forward(outputs, net.getUnconnectedOutLayersNames());
    return outputs.front();
  }
};

std::unique_ptr<YoloDetector> YoloDetector::load(const std::filesystem::path& model_path, std::string& error,
                                                 YoloOptions options) {
  auto net = read_onnx_model(model_path, options.input_width, options.input_height, error);
  if (!net)
    return nullptr;
  auto network = std::make_unique<Network>();
  network->net = std::move(*net);
  try {
    // One blank frame: proves OpenCV can run every layer at this size and that the output is a YOLO one.
    const cv::Mat blank = cv::Mat::zeros(options.input_height, options.input_width, CV_8UC3);
    const cv::Mat& output = network->forward(yolo_blob(blank));
    if (!decode_yolo(output, options.input_width, options.input_height, options.decode)) {
      error = model_path.string() + " does not give a YOLO output ([1, N, 85] or [1, 84, N] for COCO's 80 classes)";
      return nullptr;
    }
  } catch (const cv::Exception& exception) {
    error = "OpenCV cannot run " + model_path.string() + ": " + exception.what();
    return nullptr;
  }
  return std::unique_ptr<YoloDetector>(new YoloDetector(std::move(network), options));
}

YoloDetector::YoloDetector(std::unique_ptr<Network> network, YoloOptions options)
    : network_(std::move(network)), options_(options) {}

YoloDetector::~YoloDetector() = default;

std::vector<Detection> YoloDetector::detect(const cv::Mat& bgr_frame) {
  if (bgr_frame.empty() || bgr_frame.type() != CV_8UC3)
    return {};
  const Letterbox boxed = letterbox(bgr_frame, options_.input_width, options_.input_height);
  std::vector<Detection> detections;
  try {
    const cv::Mat& output = network_->forward(yolo_blob(boxed.image));
    detections = decode_yolo(output, options_.input_width, options_.input_height, options_.decode)
                     .value_or(std::vector<Detection>{});
  } catch (const cv::Exception& exception) {
    spdlog::warn("yolo: inference failed: {}", exception.what());
    return {};
  }
  for (Detection& detection : detections)
    detection.box = boxed.to_frame(detection.box, bgr_frame.cols, bgr_frame.rows);
  std::erase_if(detections, [](const Detection& detection) { return detection.box.area() <= 0; });
  return detections;
}

} // namespace argus::detection
