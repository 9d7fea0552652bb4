#include "objects/event_objects.hpp"

#include <algorithm>
#include <array>

#include "detection/colour_attributes.hpp"
#include "detection/object_class.hpp"

namespace argus::objects {
namespace {

constexpr std::array<detection::VehicleType, 6> k_vehicle_types{
    detection::VehicleType::bike, detection::VehicleType::motorbike, detection::VehicleType::car,
    detection::VehicleType::truck, detection::VehicleType::bus, detection::VehicleType::other};

} // namespace

std::uint32_t vehicle_type_bit(int vehicle_type) {
  for (std::size_t i = 0; i < k_vehicle_types.size(); ++i)
    if (static_cast<int>(k_vehicle_types[i]) == vehicle_type)
      return 1U << i;
  return 0;
}

std::vector<std::string> colour_labels(std::uint32_t colours) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < detection::kColourChoices.size(); ++i)
    if (colours & (1U << i))
      out.emplace_back(detection::kColourChoices[i]);
  return out;
}

std::vector<std::string> vehicle_type_labels(std::uint32_t types) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < k_vehicle_types.size(); ++i)
    if (types & (1U << i))
      out.emplace_back(detection::vehicle_type_name(k_vehicle_types[i]));
  return out;
}

TrackTimeline::TrackTimeline(const std::vector<store::ObjectTrackRecord>& tracks) {
  by_start_.reserve(tracks.size());
  for (const auto& track : tracks) {
    by_start_.push_back(&track);
    longest_ms_ = std::max(longest_ms_, track.end_ms - track.start_ms);
  }
  std::sort(by_start_.begin(), by_start_.end(), [](const auto* a, const auto* b) { return a->start_ms < b->start_ms; });
}

EventObjects TrackTimeline::objects_in(std::int64_t start_ms, std::int64_t end_ms) const {
  EventObjects event;
  int night = 0;
  // A track overlapping the span starts at most the longest track's length before it: the scan starts there.
  auto first = std::lower_bound(by_start_.begin(), by_start_.end(), start_ms - longest_ms_,
                                [](const auto* track, std::int64_t ms) { return track->start_ms < ms; });
  for (auto it = first; it != by_start_.end(); ++it) {
    const auto* track = *it;
    if (track->start_ms >= end_ms)
      break;
    if (track->end_ms < start_ms)
      continue;
    event.tracks.push_back(track);
    night += track->nightmode ? 1 : 0;
    if (track->object_class == static_cast<int>(detection::ObjectClass::person)) {
      event.has_people = true;
      event.has_moving_people = event.has_moving_people || track->moving;
      event.top_colours |= static_cast<std::uint32_t>(track->top_colours);
      event.bottom_colours |= static_cast<std::uint32_t>(track->bottom_colours);
    } else if (track->object_class == static_cast<int>(detection::ObjectClass::vehicle)) {
      event.has_vehicles = true;
      event.has_moving_vehicles = event.has_moving_vehicles || track->moving;
      event.vehicle_colours |= static_cast<std::uint32_t>(track->vehicle_colours);
      event.vehicle_types |= vehicle_type_bit(track->vehicle_type);
    }
  }
  event.nightmode = night * 2 > static_cast<int>(event.tracks.size());
  return event;
}

std::vector<EventObjects> TrackTimeline::objects_of_spans(const Spans& spans_ms) const {
  std::vector<EventObjects> out;
  out.reserve(spans_ms.size());
  for (const auto& [start_ms, end_ms] : spans_ms)
    out.push_back(objects_in(start_ms, end_ms));
  return out;
}

std::vector<EventObjects> objects_of_spans(const Spans& spans_ms, const std::vector<store::ObjectTrackRecord>& tracks) {
  return TrackTimeline(tracks).objects_of_spans(spans_ms);
}

} // namespace argus::objects
