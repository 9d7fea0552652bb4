#include "api/event_object_views.hpp"

#include <nlohmann/json.hpp>

#include "detection/object_class.hpp"

namespace argus::api {
namespace {

using objects::Spans;

bool wanted(const objects::EventObjects& objects, const ObjectFilters& filters) {
  if (!filters.with_nightmode && objects.nightmode)
    return false;
  if (!filters.with_people && !filters.with_vehicles)
    return true;
  return (filters.with_people && objects.has_people) || (filters.with_vehicles && objects.has_vehicles);
}

nlohmann::json attribute_json(const store::ObjectTrackRecord& track, std::int64_t camera_id) {
  bool person = track.object_class == static_cast<int>(detection::ObjectClass::person);
  nlohmann::json out = {{"id", std::to_string(camera_id) + "-" + std::to_string(track.track_id)},
                        {"object_id", track.track_id},
                        {"object_class", person ? "person" : "vehicle"},
                        {"cameraId", camera_id},
                        {"ts", track.thumbnail_ms / 1000},
                        {"t0", track.start_ms},
                        {"t1", track.end_ms},
                        {"nightmode", track.nightmode}};
  if (person) {
    out["top"] = track.top_colours;
    out["bottom"] = track.bottom_colours;
  } else {
    out["type"] = objects::vehicle_type_bit(track.vehicle_type);
    out["colour"] = track.vehicle_colours;
  }
  return out;
}

void write_flags(nlohmann::json& out, const objects::EventObjects& objects) {
  out["has_people"] = objects.has_people;
  out["has_vehicles"] = objects.has_vehicles;
}

} // namespace

EventsWithObjects with_objects(std::vector<analytics::MotionSearchEvent> events,
                               std::vector<store::ObjectTrackRecord> tracks, const ObjectFilters& filters) {
  EventsWithObjects out;
  out.tracks = std::move(tracks);
  Spans spans;
  for (const auto& found : events)
    spans.emplace_back(found.event.start_s * 1000, found.event.end_s * 1000);
  const objects::TrackTimeline timeline(out.tracks);
  auto objects = timeline.objects_of_spans(spans);
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (!wanted(objects[i], filters))
      continue;
    Spans subspans;
    for (const auto& subevent : events[i].event.subevents)
      subspans.emplace_back(subevent.start_s * 1000, subevent.end_s * 1000);
    out.subevents.push_back(timeline.objects_of_spans(subspans));
    out.events.push_back(std::move(events[i]));
    out.objects.push_back(std::move(objects[i]));
  }
  return out;
}

void add_object_fields(nlohmann::json& answer, const EventsWithObjects& found, std::int64_t camera_id,
                       bool include_attributes) {
  auto& events = answer["subevents"];
  for (std::size_t i = 0; i < events.size() && i < found.objects.size(); ++i) {
    auto& event = events[i];
    const auto& objects = found.objects[i];
    write_flags(event, objects);
    event["has_moving_people"] = objects.has_moving_people;
    event["has_moving_vehicles"] = objects.has_moving_vehicles;
    event["nightmode"] = objects.nightmode;
    if (objects.has_people || objects.has_vehicles)
      event["object_class"] = objects.has_people ? "person" : "vehicle";
    event["top_labels"] = objects::colour_labels(objects.top_colours);
    event["bottom_labels"] = objects::colour_labels(objects.bottom_colours);
    auto labels = objects::colour_labels(objects.vehicle_colours);
    event["labels"] = labels;
    auto types = objects::vehicle_type_labels(objects.vehicle_types);
    event["vehicleType"] = types.empty() ? nlohmann::json(nullptr) : nlohmann::json(types.front());
    auto& subevents = event["subevents"];
    for (std::size_t s = 0; s < subevents.size() && s < found.subevents[i].size(); ++s)
      write_flags(subevents[s], found.subevents[i][s]);
    if (include_attributes) {
      auto attributes = nlohmann::json::array();
      for (const auto* track : objects.tracks)
        attributes.push_back(attribute_json(*track, camera_id));
      event["attributes"] = std::move(attributes);
    }
  }
}

} // namespace argus::api
