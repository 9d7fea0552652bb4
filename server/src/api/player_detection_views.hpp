#pragma once
// The player's detections (spec 02 §3 "Object detection") from the stored frames of a camera (object_frames, decoded
// by objects/object_frame_codec) and its tracks (their colours and vehicle types as attributes).
#include <cstddef>
#include <vector>

#include "api/object_detections_channel.hpp"
#include "store/object_records.hpp"

namespace argus::api {

//! One JSON object per detected object of each frame, by frame time: {ts (ms), track_id, confidence (0..1), box
//! {x0, y0, x1, y1} (0-255 of the picture), object_class (person 0, vehicle 1, text 2), byCustomCV (false),
//! attributes {nightmode; people: top_labels, bottom_labels; vehicles: vehicleType, labels}}. Frames whose blob does
//! not decode are skipped; at most max_detections (truncated set when more).
DetectionsFound player_detections(const std::vector<store::ObjectFrameRecord>& frames,
                                  const std::vector<store::ObjectTrackRecord>& tracks, std::size_t max_detections);

} // namespace argus::api
