#pragma once
// The object fields of motion search events (spec 03 §3 "Motion event", "Attribute of an event"), from the tracks
// that overlap each event (objects/event_objects), and the motion_search options that filter on them.
#include <cstdint>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "analytics/motion_search.hpp"
#include "objects/event_objects.hpp"

namespace argus::api {

struct ObjectFilters {
  bool with_people = false;      // only events with people (with with_vehicles: people or vehicles)
  bool with_vehicles = false;
  bool with_nightmode = true;    // false: events seen mostly in night pictures are left out
  bool include_attributes = false; // each event lists its objects' attributes
};

//! Events and the objects each saw, filtered.
struct EventsWithObjects {
  std::vector<analytics::MotionSearchEvent> events;
  std::vector<objects::EventObjects> objects;     // one per event
  std::vector<std::vector<objects::EventObjects>> subevents; // one per subevent of each event
  std::vector<store::ObjectTrackRecord> tracks;   // what objects point into
};

//! Matches the events of one camera with its tracks and applies the filters.
EventsWithObjects with_objects(std::vector<analytics::MotionSearchEvent> events,
                               std::vector<store::ObjectTrackRecord> tracks, const ObjectFilters& filters);

//! Writes the object fields of the events of motion_search_json's answer (events in the same order).
void add_object_fields(nlohmann::json& answer, const EventsWithObjects& found, std::int64_t camera_id,
                       bool include_attributes);

} // namespace argus::api
