#pragma once
// Rows of object detection (migration 0011): a camera's tracks of people and vehicles, and the detections of each
// analysed frame (an opaque blob here; objects/object_frame_codec encodes it).
#include <cstdint>
#include <string>
#include <vector>

namespace argus::store {

//! One tracked object of a camera. Colours are the spec's ten-colour bitmasks; vehicle_type is
//! detection::VehicleType's value (0 none).
struct ObjectTrackRecord {
  std::int64_t camera_id = 0;
  std::int64_t track_id = 0;
  int object_class = 0; // person 0, vehicle 1
  int vehicle_type = 0;
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0;
  bool moving = false;
  bool nightmode = false;
  std::int64_t top_colours = 0;
  std::int64_t bottom_colours = 0;
  std::int64_t vehicle_colours = 0;
  double confidence = 0;
  std::int64_t thumbnail_ms = 0;     // when the thumbnail was taken
  std::vector<std::uint8_t> thumbnail; // JPEG; empty when not read or none
  std::vector<std::uint8_t> embedding; // int8 appearance vector; empty when not read or none
};

//! The detections of one analysed frame of a camera.
struct ObjectFrameRecord {
  std::int64_t camera_id = 0;
  std::int64_t ts_ms = 0;
  bool nightmode = false;
  std::vector<std::uint8_t> detections;
};

//! What to read of a track: the small columns always, the thumbnail and embedding on request.
struct ObjectTrackColumns {
  bool thumbnail = false;
  bool embedding = false;
};

} // namespace argus::store
