#include "api/player_detection_views.hpp"

#include <cmath>
#include <unordered_map>

#include "detection/object_class.hpp"
#include "objects/event_objects.hpp"
#include "objects/object_frame_codec.hpp"

namespace argus::api {
namespace {

using nlohmann::json;

double rounded_confidence(double confidence) {
  return std::round(confidence * 1000.0) / 1000.0;
}

json attributes_json(const objects::FrameObject& object, bool nightmode, const store::ObjectTrackRecord* track) {
  json attributes = {{"nightmode", nightmode}};
  if (object.object_class == static_cast<int>(detection::ObjectClass::person)) {
    attributes["top_labels"] = objects::colour_labels(track ? static_cast<std::uint32_t>(track->top_colours) : 0);
    attributes["bottom_labels"] = objects::colour_labels(track ? static_cast<std::uint32_t>(track->bottom_colours) : 0);
  } else if (object.object_class == static_cast<int>(detection::ObjectClass::vehicle)) {
    auto type = detection::vehicle_type_name(static_cast<detection::VehicleType>(object.vehicle_type));
    attributes["vehicleType"] = type.empty() ? json(nullptr) : json(type);
    attributes["labels"] = objects::colour_labels(track ? static_cast<std::uint32_t>(track->vehicle_colours) : 0);
  }
  return attributes;
}

} // namespace

DetectionsFound player_detections(const std::vector<store::ObjectFrameRecord>& frames,
                                  const std::vector<store::ObjectTrackRecord>& tracks, std::size_t max_detections) {
  std::unordered_map<std::int64_t, const store::ObjectTrackRecord*> track_by_id;
  for (const auto& track : tracks)
    track_by_id.emplace(track.track_id, &track);
  DetectionsFound found;
  for (const auto& frame : frames) {
    auto decoded = objects::decode_frame_objects(frame.detections);
    if (!decoded)
      continue;
    for (const auto& object : *decoded) {
      if (found.detections.size() >= max_detections) {
        found.truncated = true;
        return found;
      }
      auto track = track_by_id.find(object.track_id);
      found.detections.push_back(
          {{"ts", frame.ts_ms},
           {"track_id", object.track_id},
           {"confidence", rounded_confidence(object.confidence)},
           {"box", {{"x0", object.x0}, {"y0", object.y0}, {"x1", object.x1}, {"y1", object.y1}}},
           {"object_class", object.object_class},
           {"byCustomCV", false},
           {"attributes",
            attributes_json(object, frame.nightmode, track == track_by_id.end() ? nullptr : track->second)}});
    }
  }
  return found;
}

} // namespace argus::api
