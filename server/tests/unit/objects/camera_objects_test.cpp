// One camera's objects on real footage (the vtest sub-stream: people walking) through NanoDet: tracks with ids after
// the stored ones, JPEG thumbnails, clothing colours and embeddings, frame rows on the 0–255 scale; the same frames
// as an IR camera's greyscale pictures give night tracks without colours; bad frames give nothing.
#include "objects/camera_objects.hpp"

#include <opencv2/imgproc.hpp>

#include <gtest/gtest.h>

#include "detection/make_detector.hpp"
#include "detection_test_support.hpp"
#include "objects/object_frame_codec.hpp"

namespace argus::objects {
namespace {

namespace testing = detection::testing;

struct Collected {
  std::vector<store::ObjectFrameRecord> frames;
  std::vector<store::ObjectTrackRecord> finished;
  std::size_t track_rows = 0;
};

Collected run(CameraObjects& objects, detection::Detector& detector, bool greyscale) {
  Collected out;
  auto keep = [&](CameraObjectsOutput result) {
    if (result.frame)
      out.frames.push_back(*result.frame);
    out.track_rows += result.tracks.size();
    out.finished.insert(out.finished.end(), result.finished.begin(), result.finished.end());
  };
  auto clip = testing::footage("01-vtest_sub.mp4");
  for (double seconds = 6; seconds < 14; seconds += 0.5) {
    cv::Mat frame = testing::read_frame(clip, seconds);
    if (greyscale) {
      cv::Mat grey;
      cv::cvtColor(frame, grey, cv::COLOR_BGR2GRAY);
      cv::cvtColor(grey, frame, cv::COLOR_GRAY2BGR);
    }
    keep(objects.process(1'700'000'000'000 + static_cast<std::int64_t>(seconds * 1000), frame, detector));
  }
  keep(objects.finish_all());
  return out;
}

TEST(CameraObjectsTest, WalkersBecomeTracksWithThumbnailsColoursAndFrameRows) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  auto detector = detection::make_detector(testing::nanodet_model());
  CameraObjects objects(7, 41);
  auto found = run(objects, *detector, false);

  ASSERT_GE(found.finished.size(), 3u) << "the clip has several walkers in these 8 s";
  EXPECT_GT(found.track_rows, found.finished.size());
  int moving = 0, coloured = 0;
  for (const auto& track : found.finished) {
    EXPECT_EQ(track.camera_id, 7);
    EXPECT_GT(track.track_id, 41);
    EXPECT_EQ(track.object_class, 0);
    EXPECT_LE(track.start_ms, track.thumbnail_ms);
    EXPECT_LE(track.thumbnail_ms, track.end_ms);
    EXPECT_FALSE(track.nightmode);
    ASSERT_GT(track.thumbnail.size(), 300u);
    EXPECT_EQ(track.thumbnail[0], 0xFF);
    EXPECT_EQ(track.thumbnail[1], 0xD8);
    EXPECT_FALSE(track.embedding.empty());
    moving += track.moving ? 1 : 0;
    coloured += (track.top_colours | track.bottom_colours) != 0 ? 1 : 0;
  }
  EXPECT_GE(moving * 2, static_cast<int>(found.finished.size())) << "walkers move";
  EXPECT_GE(coloured * 2, static_cast<int>(found.finished.size()));

  ASSERT_FALSE(found.frames.empty());
  for (const auto& frame : found.frames) {
    auto decoded = decode_frame_objects(frame.detections);
    ASSERT_TRUE(decoded);
    ASSERT_FALSE(decoded->empty());
    for (const auto& object : *decoded) {
      EXPECT_LT(object.x0, object.x1);
      EXPECT_LT(object.y0, object.y1);
      EXPECT_GT(object.confidence, 0.3);
    }
  }
}

TEST(CameraObjectsTest, GreyscaleNightPicturesGiveNightTracksWithoutColours) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  auto detector = detection::make_detector(testing::nanodet_model());
  CameraObjects objects(7, 0);
  auto found = run(objects, *detector, true);
  ASSERT_FALSE(found.finished.empty());
  for (const auto& track : found.finished) {
    EXPECT_TRUE(track.nightmode);
    EXPECT_EQ(track.top_colours, 0);
    EXPECT_EQ(track.bottom_colours, 0);
  }
  for (const auto& frame : found.frames)
    EXPECT_TRUE(frame.nightmode);
}

TEST(CameraObjectsTest, EmptyCorruptOrOlderFramesGiveNothing) {
  auto detector = detection::make_detector(""); // HOG: no model needed
  CameraObjects objects(7, 0);
  EXPECT_FALSE(objects.process(1000, cv::Mat(), *detector).frame);
  EXPECT_FALSE(objects.process(2000, cv::Mat(4, 4, CV_32F), *detector).frame);
  cv::Mat noise(360, 640, CV_8UC3);
  cv::randu(noise, 0, 255);
  auto out = objects.process(3000, noise, *detector);
  EXPECT_FALSE(out.frame);
  EXPECT_TRUE(objects.process(2500, noise, *detector).tracks.empty()); // older than the last frame
  EXPECT_TRUE(objects.finish_all().finished.empty());
}

// Answers the boxes it is given, one frame after another.
class ScriptedDetector : public detection::Detector {
public:
  std::vector<detection::Detection> next;
  std::vector<detection::Detection> detect(const cv::Mat&) override { return next; }
  std::string_view name() const override { return "scripted"; }
  bool detects_vehicles() const override { return false; }
};

detection::Detection person_at(float x, float y) {
  detection::Detection found;
  found.box = {x, y, x + 40, y + 100};
  found.confidence = 0.9f;
  return found;
}

TEST(CameraObjectsTest, ObjectsThatStandStillAreStillAndANewOrMovingOneIsNot) {
  ScriptedDetector detector;
  CameraObjects objects(7, 0);
  const cv::Mat frame(360, 640, CV_8UC3, cv::Scalar(90, 120, 100));
  detector.next = {person_at(100, 100)};
  EXPECT_FALSE(objects.process(1000, frame, detector).still) << "a new track";
  detector.next = {person_at(103, 101)}; // jitter: ~3 px of a 108 px diagonal
  EXPECT_TRUE(objects.process(2000, frame, detector).still);
  detector.next = {person_at(104, 100), person_at(400, 100)};
  EXPECT_FALSE(objects.process(3000, frame, detector).still) << "someone new came in";
  detector.next = {person_at(104, 100), person_at(430, 100)};
  EXPECT_FALSE(objects.process(4000, frame, detector).still) << "the newcomer walks";
  detector.next = {person_at(105, 101), person_at(431, 100)};
  EXPECT_TRUE(objects.process(5000, frame, detector).still);
  detector.next = {};
  EXPECT_FALSE(objects.process(6000, frame, detector).still) << "nothing found is not still";
}

} // namespace
} // namespace argus::objects
