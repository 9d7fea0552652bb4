#include "detection/onnx_model.hpp"

namespace argus::detection {

std::optional<cv::dnn::Net> read_onnx_model(const std::filesystem::path& model_path, int input_width, int input_height,
                                            std::string& error) {
  std::error_code ignored;
  if (!std::filesystem::is_regular_file(model_path, ignored)) {
    error = "no model file at " + model_path.string();
    return std::nullopt;
  }
  if (input_width % 32 != 0 || input_height % 32 != 0 || input_width <= 0 || input_height <= 0) {
    error = "the input size must be a positive multiple of 32";
    return std::nullopt;
  }
  try {
    cv::dnn::Net net = cv::dnn::readNetFromONNX(model_path.string());
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    return net;
  } catch (const cv::Exception& exception) {
    error = "OpenCV cannot run " + model_path.string() + ": " + exception.what();
    return std::nullopt;
  }
}

} // namespace argus::detection
