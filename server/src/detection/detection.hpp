#pragma once
// What a detector reports for one object in one frame: its box in the frame's pixels, the detector's confidence, the
// COCO class it saw and the spec's object_class / vehicle type that class maps to (object_class.hpp).
#include "detection/object_class.hpp"

namespace argus::detection {

//! An axis-aligned box in frame pixels: x0/y0 the top-left corner, x1/y1 the bottom-right (exclusive).
struct BoxPx {
  float x0 = 0;
  float y0 = 0;
  float x1 = 0;
  float y1 = 0;

  float width() const { return x1 - x0; }
  float height() const { return y1 - y0; }
  float area() const { return width() > 0 && height() > 0 ? width() * height() : 0.0F; }
};

//! Intersection over union of two boxes (0 when either is empty).
float iou(const BoxPx& a, const BoxPx& b);

struct Detection {
  BoxPx box;
  float confidence = 0; // 0..1
  int coco_class = 0;   // 0-based COCO-80 index (0 = person, 2 = car, ...)
  // The spec's kind of coco_class. Every detection has one unless DecodeOptions::people_and_vehicles_only was turned
  // off: then classes without a kind (kind_of_coco_class is nullopt) are reported too, and these two fields say
  // nothing.
  ObjectClass object_class = ObjectClass::person;
  VehicleType vehicle_type = VehicleType::none; // set when object_class is vehicle
};

} // namespace argus::detection
