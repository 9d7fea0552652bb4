#include "detection/object_class.hpp"

#include <array>

namespace argus::detection {
namespace {

constexpr std::array<std::string_view, k_coco_class_count> k_coco_names = {
    "person",         "bicycle",    "car",           "motorcycle",    "airplane",     "bus",           "train",
    "truck",          "boat",       "traffic light", "fire hydrant",  "stop sign",    "parking meter", "bench",
    "bird",           "cat",        "dog",           "horse",         "sheep",        "cow",           "elephant",
    "bear",           "zebra",      "giraffe",       "backpack",      "umbrella",     "handbag",       "tie",
    "suitcase",       "frisbee",    "skis",          "snowboard",     "sports ball",  "kite",          "baseball bat",
    "baseball glove", "skateboard", "surfboard",     "tennis racket", "bottle",       "wine glass",    "cup",
    "fork",           "knife",      "spoon",         "bowl",          "banana",       "apple",         "sandwich",
    "orange",         "broccoli",   "carrot",        "hot dog",       "pizza",        "donut",         "cake",
    "chair",          "couch",      "potted plant",  "bed",           "dining table", "toilet",        "tv",
    "laptop",         "mouse",      "remote",        "keyboard",      "cell phone",   "microwave",     "oven",
    "toaster",        "sink",       "refrigerator",  "book",          "clock",        "vase",          "scissors",
    "teddy bear",     "hair drier", "toothbrush"};

} // namespace

std::optional<ObjectKind> kind_of_coco_class(int coco_class) {
  auto vehicle = [](VehicleType type) { return ObjectKind{ObjectClass::vehicle, type}; };
  switch (coco_class) {
  case 0:
    return ObjectKind{ObjectClass::person, VehicleType::none};
  case 1:
    return vehicle(VehicleType::bike);
  case 2:
    return vehicle(VehicleType::car);
  case 3:
    return vehicle(VehicleType::motorbike);
  case 5:
    return vehicle(VehicleType::bus);
  case 7:
    return vehicle(VehicleType::truck);
  case 4: // airplane
  case 6: // train
  case 8: // boat
    return vehicle(VehicleType::other);
  default:
    return std::nullopt;
  }
}

std::string_view coco_class_name(int coco_class) {
  if (coco_class < 0 || coco_class >= k_coco_class_count)
    return "unknown";
  return k_coco_names[static_cast<std::size_t>(coco_class)];
}

std::string_view object_class_name(ObjectClass object_class) {
  switch (object_class) {
  case ObjectClass::person:
    return "person";
  case ObjectClass::vehicle:
    return "vehicle";
  case ObjectClass::text:
    return "text";
  }
  return "person";
}

std::string_view vehicle_type_name(VehicleType type) {
  switch (type) {
  case VehicleType::none:
    return "";
  case VehicleType::bike:
    return "bike";
  case VehicleType::motorbike:
    return "motorbike";
  case VehicleType::car:
    return "car";
  case VehicleType::truck:
    return "truck";
  case VehicleType::bus:
    return "bus";
  case VehicleType::other:
    return "other";
  }
  return "";
}

} // namespace argus::detection
