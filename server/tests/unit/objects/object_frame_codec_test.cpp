// The stored form of a frame's detections: round trip, the 0–255 scale, and blobs that are not one.
#include "objects/object_frame_codec.hpp"

#include <gtest/gtest.h>

namespace argus::objects {
namespace {

TEST(ObjectFrameCodecTest, RoundTripsEveryField) {
  std::vector<FrameObject> objects = {{(std::int64_t{1} << 40) + 7, 0, 0, 0.75, 10, 20, 30, 250},
                                      {3, 1, 3, 1.0, 0, 0, 255, 255}};
  auto decoded = decode_frame_objects(encode_frame_objects(objects));
  ASSERT_TRUE(decoded);
  ASSERT_EQ(decoded->size(), 2u);
  EXPECT_EQ((*decoded)[0].track_id, objects[0].track_id);
  EXPECT_EQ((*decoded)[0].object_class, 0);
  EXPECT_NEAR((*decoded)[0].confidence, 0.75, 1.0 / 255);
  EXPECT_EQ((*decoded)[0].x0, 10);
  EXPECT_EQ((*decoded)[0].y1, 250);
  EXPECT_EQ((*decoded)[1].object_class, 1);
  EXPECT_EQ((*decoded)[1].vehicle_type, 3);
  EXPECT_EQ((*decoded)[1].x1, 255);
}

TEST(ObjectFrameCodecTest, AFrameWithoutObjectsIsJustTheVersion) {
  auto bytes = encode_frame_objects({});
  EXPECT_EQ(bytes.size(), 1u);
  auto decoded = decode_frame_objects(bytes);
  ASSERT_TRUE(decoded);
  EXPECT_TRUE(decoded->empty());
}

TEST(ObjectFrameCodecTest, RefusesBlobsOfAnotherVersionOrLength) {
  auto bytes = encode_frame_objects(std::vector<FrameObject>{{1, 0, 0, 0.5, 1, 2, 3, 4}});
  EXPECT_FALSE(decode_frame_objects({}));
  auto truncated = bytes;
  truncated.pop_back();
  EXPECT_FALSE(decode_frame_objects(truncated));
  auto other_version = bytes;
  other_version[0] = 2;
  EXPECT_FALSE(decode_frame_objects(other_version));
}

TEST(ObjectFrameCodecTest, ScalesPixelsTo255AndClamps) {
  EXPECT_EQ(to_scale_255(0, 640), 0);
  EXPECT_EQ(to_scale_255(640, 640), 255);
  EXPECT_EQ(to_scale_255(320, 640), 128);
  EXPECT_EQ(to_scale_255(-5, 640), 0);
  EXPECT_EQ(to_scale_255(700, 640), 255);
  EXPECT_EQ(to_scale_255(10, 0), 0);
}

} // namespace
} // namespace argus::objects
