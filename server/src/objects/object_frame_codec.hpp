#pragma once
// The detections of one analysed frame as stored in object_frames.detections and sent to the player (spec 02 §3
// "Object detection": ts, track_id, confidence, box x0/y0/x1/y1 on a 0–255 scale of the picture, object_class).
// Format: version byte 1, then per object 15 bytes: track id (int64, little endian), object class, confidence
// (0–255), x0, y0, x1, y1 (0–255), vehicle type.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace argus::objects {

struct FrameObject {
  std::int64_t track_id = 0;
  int object_class = 0; // person 0, vehicle 1
  int vehicle_type = 0; // detection::VehicleType's value
  double confidence = 0; // 0..1
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0; // 0..255 of the picture's width and height
};

std::vector<std::uint8_t> encode_frame_objects(std::span<const FrameObject> objects);

//! The objects of a stored blob, or nullopt when it is not one (wrong version or length).
std::optional<std::vector<FrameObject>> decode_frame_objects(std::span<const std::uint8_t> bytes);

//! A pixel coordinate on the 0–255 scale of a side of `size` pixels (clamped).
int to_scale_255(double pixel, int size);

} // namespace argus::objects
