#pragma once
// The spec's object classes (03-exports-search-access.md §3; 02 §4 "Object detections": person=0, vehicle=1, text=2)
// and vehicle types (bike, motorbike, car, truck, bus, other), and which of COCO's 80 classes map to them.
#include <optional>
#include <string_view>

namespace argus::detection {

enum class ObjectClass { person = 0, vehicle = 1, text = 2 };

enum class VehicleType { none, bike, motorbike, car, truck, bus, other };

struct ObjectKind {
  ObjectClass object_class = ObjectClass::person;
  VehicleType vehicle_type = VehicleType::none;
};

constexpr int k_coco_class_count = 80;

//! The spec's kind for a 0-based COCO-80 class: person; bicycle → bike, motorcycle → motorbike, car, truck, bus;
//! airplane, train and boat → other vehicle. Every other class (animals, furniture, ...) has no kind: nullopt.
std::optional<ObjectKind> kind_of_coco_class(int coco_class);

//! The COCO-80 class name ("person", "traffic light"), or "unknown" outside 0..79.
std::string_view coco_class_name(int coco_class);

//! The spec's name: "person", "vehicle", "text".
std::string_view object_class_name(ObjectClass object_class);

//! The spec's vehicle type name ("bike", "motorbike", "car", "truck", "bus", "other"), "" for none.
std::string_view vehicle_type_name(VehicleType type);

} // namespace argus::detection
