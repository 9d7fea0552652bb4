// Which tracks a motion event saw: overlap at the edges, people and vehicles, moving, night, colour and type unions.
#include "objects/event_objects.hpp"

#include <gtest/gtest.h>

namespace argus::objects {
namespace {

store::ObjectTrackRecord track(std::int64_t id, int object_class, std::int64_t start_ms, std::int64_t end_ms) {
  store::ObjectTrackRecord out;
  out.camera_id = 1;
  out.track_id = id;
  out.object_class = object_class;
  out.start_ms = start_ms;
  out.end_ms = end_ms;
  return out;
}

TEST(EventObjectsTest, AnEventSeesTheTracksThatOverlapItsSpan) {
  auto walker = track(1, 0, 10'000, 15'000);
  walker.moving = true;
  walker.top_colours = 1 << 4;    // blue
  walker.bottom_colours = 1 << 8; // blackGray
  auto car = track(2, 1, 14'000, 30'000);
  car.vehicle_type = 3;    // detection::VehicleType::car
  car.vehicle_colours = 1; // red
  auto later = track(3, 0, 40'000, 41'000);
  std::vector<store::ObjectTrackRecord> tracks{later, car, walker}; // the spans point into it
  auto spans = objects_of_spans({{12'000, 14'000}, {15'000, 20'000}, {31'000, 40'000}, {50'000, 60'000}}, tracks);
  ASSERT_EQ(spans.size(), 4u);
  // [12, 14) overlaps the walker only (the car starts at its end).
  EXPECT_TRUE(spans[0].has_people);
  EXPECT_TRUE(spans[0].has_moving_people);
  EXPECT_FALSE(spans[0].has_vehicles);
  EXPECT_EQ(spans[0].top_colours, 1u << 4);
  EXPECT_EQ(spans[0].bottom_colours, 1u << 8);
  ASSERT_EQ(spans[0].tracks.size(), 1u);
  // [15, 20): the walker's last sighting at 15 s, and the standing car.
  EXPECT_TRUE(spans[1].has_people);
  EXPECT_TRUE(spans[1].has_vehicles);
  EXPECT_FALSE(spans[1].has_moving_vehicles);
  EXPECT_EQ(spans[1].vehicle_colours, 1u);
  EXPECT_EQ(spans[1].vehicle_types, vehicle_type_bit(3));
  EXPECT_EQ(spans[1].tracks.front()->track_id, 1); // by start
  // [31, 40): nothing (the car ended at 30 s, the later person starts at the span's end).
  EXPECT_TRUE(spans[2].tracks.empty());
  EXPECT_FALSE(spans[2].has_people || spans[2].has_vehicles || spans[2].nightmode);
  EXPECT_TRUE(spans[3].tracks.empty());
}

TEST(EventObjectsTest, NightModeWhenMostTracksWereSeenAtNight) {
  auto a = track(1, 0, 0, 1000);
  a.nightmode = true;
  auto b = track(2, 0, 0, 1000);
  auto c = track(3, 0, 0, 1000);
  c.nightmode = true;
  std::vector<store::ObjectTrackRecord> three{a, b, c}, two{a, b};
  EXPECT_TRUE(objects_of_spans({{0, 1000}}, three)[0].nightmode);
  EXPECT_FALSE(objects_of_spans({{0, 1000}}, two)[0].nightmode);
}

TEST(EventObjectsTest, LabelsFollowTheSpecsOrder) {
  EXPECT_EQ(colour_labels((1 << 9) | 1), (std::vector<std::string>{"red", "whiteGray"}));
  EXPECT_EQ(vehicle_type_labels(vehicle_type_bit(1) | vehicle_type_bit(5)), (std::vector<std::string>{"bike", "bus"}));
  EXPECT_EQ(vehicle_type_bit(0), 0u);
  EXPECT_EQ(vehicle_type_bit(99), 0u);
}

} // namespace
} // namespace argus::objects
