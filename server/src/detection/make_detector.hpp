#pragma once
// Chooses the detector for a model path: NanoDet (or a user's own YOLO model) when the model loads and runs, else the
// HOG people detector, with one log line saying which and why.
#include <filesystem>
#include <memory>

#include "detection/detector.hpp"
#include "detection/nanodet_detector.hpp"
#include "detection/yolo_detector.hpp"

namespace argus::detection {

//! NanoDetDetector on `model_path` (the converted build/models/nanodet.onnx), or HogPeopleDetector when the path is
//! empty, missing or not a model OpenCV runs (logged as a warning with the reason). Never null.
std::unique_ptr<Detector> make_detector(const std::filesystem::path& model_path, const NanoDetOptions& options = {});

//! YoloDetector on `model_path` (a YOLOv5/v7/v8 ONNX export with COCO's 80 classes), or HogPeopleDetector as above.
std::unique_ptr<Detector> make_yolo_detector(const std::filesystem::path& model_path, const YoloOptions& options = {});

} // namespace argus::detection
