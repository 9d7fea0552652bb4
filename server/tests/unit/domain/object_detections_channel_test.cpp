// The detections channel's content: which channels name a camera, the request data, and the player's detection
// objects made from stored frames and tracks.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/object_detections_channel.hpp"
#include "api/player_detection_views.hpp"
#include "objects/object_frame_codec.hpp"

namespace argus::api {
namespace {

using nlohmann::json;

TEST(DetectionsChannel, TheCameraOfAChannel) {
  EXPECT_EQ(detections_channel_camera("/node/1001/ObjectDetections/abc-DEF_1.2"), 1001);
  EXPECT_EQ(detections_channel_camera("/node/7/ObjectDetections/" + std::string(64, 'x')), 7);
  for (const std::string& channel : std::vector<std::string>{
           "/node/1001/ObjectDetections/", "/node/1001/ObjectDetections/*", "/node/1001/ObjectDetections/**",
           "/node/1001/ObjectDetections/a/b", "/node/1001/ObjectDetections/" + std::string(65, 'x'),
           "/node//ObjectDetections/x", "/node/0/ObjectDetections/x", "/node/-1/ObjectDetections/x",
           "/node/+1/ObjectDetections/x", "/node/99999999999999999999/ObjectDetections/x",
           "/node/1001/objectdetections/x", "/node/1001/ObjectDetectionsX/x", "node/1001/ObjectDetections/x",
           "/requests", ""})
    EXPECT_FALSE(detections_channel_camera(channel)) << channel;
}

TEST(DetectionsChannel, ARequestInMilliseconds) {
  json data = {{"broker", "b"},
               {"start_ts", 1'700'000'000'000.7},
               {"end_ts", 1'700'000'035'000},
               {"node_id", 1001},
               {"type", "t"},
               {"pid", "p"},
               {"no_keep_alive", false}};
  auto parsed = parse_detection_request(data);
  ASSERT_TRUE(std::holds_alternative<DetectionRequest>(parsed)) << std::get<std::string>(parsed);
  const auto& request = std::get<DetectionRequest>(parsed);
  EXPECT_EQ(request.camera_id, 1001);
  EXPECT_EQ(request.start_ms, 1'700'000'000'000) << "a fraction is dropped";
  EXPECT_EQ(request.end_ms, 1'700'000'035'000);
  EXPECT_EQ(request.pid, "p");
  EXPECT_EQ(request.type, "t");
  auto minimal =
      parse_detection_request({{"start_ts", 1'700'000'000'000}, {"end_ts", 1'700'000'060'000}, {"node_id", "42"}});
  ASSERT_TRUE(std::holds_alternative<DetectionRequest>(minimal)) << "broker, type, pid, no_keep_alive are optional";
  EXPECT_EQ(std::get<DetectionRequest>(minimal).pid, nullptr);
}

TEST(DetectionsChannel, RequestRefusalsNameTheField) {
  auto error = [](json data) {
    auto parsed = parse_detection_request(data);
    return std::holds_alternative<std::string>(parsed) ? std::get<std::string>(parsed) : std::string("accepted");
  };
  json good = {{"start_ts", 1'700'000'000'000}, {"end_ts", 1'700'000'035'000}, {"node_id", 1001}};
  auto with = [&](json change) {
    auto data = good;
    data.update(change);
    return data;
  };
  EXPECT_EQ(error(good), "accepted");
  EXPECT_EQ(error(json::array()), "data must be an object");
  EXPECT_TRUE(error(with({{"node_id", 1.5}})).starts_with("node_id"));
  EXPECT_TRUE(error(with({{"node_id", json::object()}})).starts_with("node_id"));
  EXPECT_TRUE(error(with({{"node_id", "18446744073709551616"}})).starts_with("node_id"));
  EXPECT_EQ(error(with({{"start_ts", 1'700'000'000}})), "start_ts must be a Unix time in milliseconds");
  EXPECT_EQ(error(with({{"end_ts", nullptr}})), "end_ts must be a number (Unix time in milliseconds)");
  EXPECT_EQ(error(with({{"end_ts", 1'700'000'000'000}})), "start_ts must be before end_ts");
  EXPECT_EQ(error(with({{"end_ts", 1'700'000'060'001}})), "end_ts - start_ts must be at most 60000 ms");
  EXPECT_TRUE(error(with({{"broker", 5}})).starts_with("broker"));
  EXPECT_TRUE(error(with({{"pid", 1.5}})).starts_with("pid"));
  EXPECT_EQ(error(with({{"no_keep_alive", 0}})), "no_keep_alive must be a boolean");
}

TEST(PlayerDetections, FramesBecomeTheSpecsObjectsWithTrackAttributes) {
  objects::FrameObject person{
      .track_id = 5, .object_class = 0, .confidence = 0.8, .x0 = 10, .y0 = 20, .x1 = 30, .y1 = 200};
  objects::FrameObject car{.track_id = 6,
                           .object_class = 1,
                           .vehicle_type = 3,
                           .confidence = 1.0,
                           .x0 = 100,
                           .y0 = 100,
                           .x1 = 255,
                           .y1 = 180};
  std::vector<store::ObjectFrameRecord> frames = {
      {1001, 1'000, false, objects::encode_frame_objects(std::vector{person, car})},
      {1001, 1'500, true, {9, 9, 9}}, // not a blob the codec wrote: skipped
      {1001, 2'000, true, objects::encode_frame_objects(std::vector{person})}};
  store::ObjectTrackRecord track;
  track.camera_id = 1001;
  track.track_id = 5;
  track.top_colours = 1;         // red
  track.bottom_colours = 1 << 8; // blackGray
  auto found = player_detections(frames, {track}, 100);
  EXPECT_FALSE(found.truncated);
  ASSERT_EQ(found.detections.size(), 3u) << found.detections;
  EXPECT_EQ(found.detections[0],
            json({{"ts", 1'000},
                  {"track_id", 5},
                  {"confidence", 0.8},
                  {"box", {{"x0", 10}, {"y0", 20}, {"x1", 30}, {"y1", 200}}},
                  {"object_class", 0},
                  {"byCustomCV", false},
                  {"attributes", {{"nightmode", false}, {"top_labels", {"red"}}, {"bottom_labels", {"blackGray"}}}}}));
  EXPECT_EQ(found.detections[1]["object_class"], 1);
  EXPECT_EQ(found.detections[1]["confidence"], 1.0);
  EXPECT_EQ(found.detections[1]["attributes"],
            json({{"nightmode", false}, {"vehicleType", "car"}, {"labels", json::array()}}))
      << "a track not stored yet has no colours";
  EXPECT_EQ(found.detections[2]["ts"], 2'000);
  EXPECT_EQ(found.detections[2]["attributes"]["nightmode"], true);

  auto capped = player_detections(frames, {}, 2);
  EXPECT_TRUE(capped.truncated);
  EXPECT_EQ(capped.detections.size(), 2u);
}

TEST(DetectionsChannel, TheReplyMessage) {
  DetectionRequest request{1001, 1'000, 2'000, "1001", 17, nullptr};
  DetectionsFound found;
  found.detections.push_back({{"ts", 1'500}});
  EXPECT_EQ(detection_reply_message("/node/1001/ObjectDetections/x", request, found),
            json({{"channel", "/node/1001/ObjectDetections/x"},
                  {"data",
                   {{"detections", {{{"ts", 1'500}}}},
                    {"params",
                     {{"start_ts", 1'000},
                      {"end_ts", 2'000},
                      {"node_id", "1001"},
                      {"pid", 17},
                      {"type", nullptr},
                      {"truncated", false}}}}}}));
}

} // namespace
} // namespace argus::api
