#include "media/stream_name.hpp"

#include <gtest/gtest.h>

namespace argus::media {
namespace {

TEST(StreamNameTest, ImagerZeroKeepsTheCamerasOwnNames) {
  EXPECT_EQ(stream_name({false, 0}), "main");
  EXPECT_EQ(stream_name({true, 0}), "sub");
}

TEST(StreamNameTest, OtherImagersCarryTheirNumber) {
  EXPECT_EQ(stream_name({false, 1}), "main-imager1");
  EXPECT_EQ(stream_name({true, 15}), "sub-imager15");
}

TEST(StreamNameTest, ParsesEveryNameItWrites) {
  for (int imager = 0; imager < k_max_imagers; ++imager) {
    for (bool sub : {false, true}) {
      auto parsed = parse_stream_name(stream_name({sub, imager}));
      ASSERT_TRUE(parsed) << stream_name({sub, imager});
      EXPECT_EQ(parsed->sub, sub);
      EXPECT_EQ(parsed->imager, imager);
    }
  }
}

TEST(StreamNameTest, RefusesOtherSpellings) {
  for (const char* bad : {"", "Main", "subb", "main-", "main-imager", "main-imager0", "main-imager01", "sub-imager16",
                          "sub-imager-1", "sub-imager+1", "main-imager1x", "mainimager1", "main-imager99999999999",
                          "hd", "../main"}) {
    EXPECT_FALSE(parse_stream_name(bad)) << bad;
  }
}

} // namespace
} // namespace argus::media
