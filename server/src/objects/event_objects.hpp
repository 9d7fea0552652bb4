#pragma once
// What a motion event saw (spec 03 §3 "Motion event" has_people … vehicleType, "Attribute of an event"): the tracks of
// its camera that overlap its time span. Bitmasks: colours as colour_attributes (bit i = the spec's i-th colour
// choice); vehicle types bit i = the spec's i-th type (bike, motorbike, car, truck, bus, other).
#include <cstdint>
#include <string>
#include <vector>

#include "store/object_records.hpp"

namespace argus::objects {

struct EventObjects {
  bool has_people = false;
  bool has_moving_people = false;
  bool has_vehicles = false;
  bool has_moving_vehicles = false;
  bool nightmode = false;        // most of its tracks were seen in night (IR) pictures
  std::uint32_t top_colours = 0; // union over its people
  std::uint32_t bottom_colours = 0;
  std::uint32_t vehicle_colours = 0; // union over its vehicles
  std::uint32_t vehicle_types = 0;
  std::vector<const store::ObjectTrackRecord*> tracks; // overlapping, by start
};

using Spans = std::vector<std::pair<std::int64_t, std::int64_t>>; // [start_ms, end_ms) each

//! One camera's tracks ordered by start once, for the many events and subevents of a search: each span costs a
//! binary search plus the tracks near it.
class TrackTimeline {
public:
  //! `tracks` (any order) must outlive the timeline.
  explicit TrackTimeline(const std::vector<store::ObjectTrackRecord>& tracks);
  //! A temporary would not: the timeline keeps pointers into it.
  explicit TrackTimeline(std::vector<store::ObjectTrackRecord>&& tracks) = delete;
  //! The tracks overlapping [start_ms, end_ms).
  EventObjects objects_in(std::int64_t start_ms, std::int64_t end_ms) const;
  //! objects_in() of each span.
  std::vector<EventObjects> objects_of_spans(const Spans& spans_ms) const;

private:
  std::vector<const store::ObjectTrackRecord*> by_start_;
  std::int64_t longest_ms_ = 0;
};

//! For each span [start_ms, end_ms), the tracks (of one camera, any order) that overlap it. The answer points into
//! `tracks`, so a temporary is refused (make test-sanitize found a test reading them after it was gone).
std::vector<EventObjects> objects_of_spans(const Spans& spans_ms, const std::vector<store::ObjectTrackRecord>& tracks);
std::vector<EventObjects> objects_of_spans(const Spans& spans_ms,
                                           std::vector<store::ObjectTrackRecord>&& tracks) = delete;

//! The spec's vehicle type bit of detection::VehicleType's value (0 for none).
std::uint32_t vehicle_type_bit(int vehicle_type);

//! The colour names of a bitmask in the spec's order ("red", "blackGray").
std::vector<std::string> colour_labels(std::uint32_t colours);

//! The spec's vehicle type names of a bitmask.
std::vector<std::string> vehicle_type_labels(std::uint32_t types);

} // namespace argus::objects
