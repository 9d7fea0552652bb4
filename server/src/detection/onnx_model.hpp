#pragma once
// Opening an ONNX detector model with OpenCV's dnn module (internal: includes OpenCV), the checks every loader makes
// before its own: the file exists, the input size is a positive multiple of 32, OpenCV parses the graph; the network
// runs on OpenCV's own CPU backend.
#include <filesystem>
#include <optional>
#include <string>

#include <opencv2/dnn/dnn.hpp>

namespace argus::detection {

//! The parsed network, or nullopt with the reason in `error`.
std::optional<cv::dnn::Net> read_onnx_model(const std::filesystem::path& model_path, int input_width, int input_height,
                                            std::string& error);

} // namespace argus::detection
