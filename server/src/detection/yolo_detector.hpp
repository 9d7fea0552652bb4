#pragma once
// A user's own YOLO model (v5/v7/v8 exported to ONNX with COCO's 80 classes, `--detector yolo --detector-model
// FILE`) run through OpenCV's dnn module: the frame letterboxed into the network input (640 x 640 by default, what
// those exports use), RGB scaled to 0..1, one forward pass, decoded by yolo_decoder and mapped back to frame pixels.
// It has no feature map for appearance embeddings: similarity then compares colours only.
#include <filesystem>
#include <memory>
#include <string>

#include "detection/detector.hpp"
#include "detection/yolo_decoder.hpp"

namespace argus::detection {

struct YoloOptions {
  YoloDecodeOptions decode;
  int input_width = 640; // the size the model was exported at (a model with a dynamic size runs at any multiple of 32)
  int input_height = 640;
};

class YoloDetector final : public Detector {
public:
  //! Reads the ONNX model and checks it answers a blank input with a YOLO output. On failure returns null and says
  //! why in `error` (file missing, not ONNX, ops OpenCV cannot run, an input size it refuses, another output).
  static std::unique_ptr<YoloDetector> load(const std::filesystem::path& model_path, std::string& error,
                                            YoloOptions options = {});
  ~YoloDetector() override;

  std::vector<Detection> detect(const cv::Mat& bgr_frame) override;
  std::string_view name() const override { return "yolo"; }
  bool detects_vehicles() const override { return true; }

private:
  struct Network;
  YoloDetector(std::unique_ptr<Network> network, YoloOptions options);

  std::unique_ptr<Network> network_;
  YoloOptions options_;
};

} // namespace argus::detection
