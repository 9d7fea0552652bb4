// stream_info_after_keyframe: when a keyframe's in-band parameter sets change the stream description (a camera whose
// resolution changes while it streams), and when they do not (the usual repetition before every IDR, in any order or
// twice, as an encoder and a payloader may both insert them). Real x264 clips of two sizes.
#include <gtest/gtest.h>

#include "media/bitstream.hpp"
#include "media/parameter_set_change.hpp"
#include "media_test_support.hpp"

namespace argus::media {
namespace {

class ParameterSetChange : public ::testing::Test {
protected:
  void SetUp() override {
    auto large = testing::clip("h264", "h264", 2);
    auto small = testing::clip("h264", "h264", 2, 0, 320);
    if (large.empty() || small.empty())
      GTEST_SKIP() << "ffmpeg or opencv-doc footage missing";
    large_packets_ = testing::read_all_packets(large, &large_info_);
    small_packets_ = testing::read_all_packets(small, &small_info_);
    ASSERT_TRUE(large_packets_.at(0).keyframe && small_packets_.at(0).keyframe);
    ASSERT_FALSE(parameter_sets_in_access_unit(VideoCodec::h264, large_packets_[0].data).empty());
  }

  StreamInfo large_info_, small_info_;
  std::vector<EncodedPacket> large_packets_, small_packets_;
};

TEST_F(ParameterSetChange, TheSameParameterSetsChangeNothingEvenRepeatedOrReordered) {
  EXPECT_FALSE(stream_info_after_keyframe(large_info_, large_packets_[0]));
  // The parameter sets twice (the encoder's and a payloader's), PPS first: still the same stream.
  auto sets = parameter_sets_in_access_unit(VideoCodec::h264, large_packets_[0].data);
  EncodedPacket doubled = large_packets_[0];
  std::vector<std::uint8_t> prefix;
  for (auto it = sets.rbegin(); it != sets.rend(); ++it) {
    auto size = static_cast<std::uint32_t>(it->size());
    prefix.insert(prefix.end(), {static_cast<std::uint8_t>(size >> 24), static_cast<std::uint8_t>(size >> 16),
                                 static_cast<std::uint8_t>(size >> 8), static_cast<std::uint8_t>(size)});
    prefix.insert(prefix.end(), it->begin(), it->end());
  }
  doubled.data.insert(doubled.data.begin(), prefix.begin(), prefix.end());
  EXPECT_FALSE(stream_info_after_keyframe(large_info_, doubled));
  // A keyframe without in-band parameter sets, and a frame that is not one, change nothing either.
  EXPECT_FALSE(stream_info_after_keyframe(large_info_, large_packets_[1]));
}

TEST_F(ParameterSetChange, NewParameterSetsGiveTheNewSizeAndConfigAndKeepTheAudio) {
  auto info = large_info_;
  info.audio = AudioTrack{16000, 1, {0x14, 0x08}};
  auto changed = stream_info_after_keyframe(info, small_packets_[0]);
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->width, small_info_.width);
  EXPECT_EQ(changed->height, small_info_.height);
  EXPECT_EQ(changed->width, 320);
  EXPECT_EQ(changed->extradata, config_from_access_unit(VideoCodec::h264, small_packets_[0].data));
  ASSERT_TRUE(changed->audio);
  EXPECT_EQ(changed->audio->sample_rate, 16000);
  // From there, the small stream's own keyframes change nothing more.
  EXPECT_FALSE(stream_info_after_keyframe(*changed, small_packets_[0]));
}

} // namespace
} // namespace argus::media
