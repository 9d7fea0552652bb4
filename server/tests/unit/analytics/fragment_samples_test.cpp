// analytics::fragment_samples takes the video track's access units of a fragment, also when the fragment of an audio
// camera carries an AAC traf beside it (issue 17 item 11): motion analysis must never be handed audio frames.
#include <gtest/gtest.h>

#include "analytics/fragment_samples.hpp"
#include "media/fmp4_writer.hpp"

namespace argus::analytics {
namespace {

TEST(FragmentSamples, AreTheVideoSamplesOfATwoTrackFragment) {
  std::vector<std::uint8_t> key{0, 0, 0, 2, 0x65, 1}, delta{0, 0, 0, 3, 0x41, 2, 3};
  std::vector<std::uint8_t> aac1{0x21, 0x10, 0x05, 0x06}, aac2{0x21, 0x10};
  const std::int64_t dts = 1'700'000'000'000ll * 90;
  std::vector<media::FragmentSample> video{{dts, 3600, 0, true, key}, {dts + 3600, 3600, 0, false, delta}};
  std::vector<media::FragmentSample> audio{{dts, 5760, 0, true, aac1}, {dts + 5760, 5760, 0, true, aac2}};
  std::vector<std::uint8_t> bytes;
  media::append_fragment(bytes, 1, video, media::AudioFragmentSamples{16000, audio});
  media::append_fragment(bytes, 2, video); // a fragment of the same stream before audio came: one traf

  auto samples = fragment_samples(bytes);
  ASSERT_EQ(samples.size(), 4u);
  for (std::size_t i : {0u, 2u}) {
    EXPECT_EQ(std::vector<std::uint8_t>(samples[i].data.begin(), samples[i].data.end()), key) << i;
    EXPECT_TRUE(samples[i].keyframe) << i;
    EXPECT_EQ(samples[i].dts_90k, dts);
    EXPECT_EQ(std::vector<std::uint8_t>(samples[i + 1].data.begin(), samples[i + 1].data.end()), delta) << i;
    EXPECT_EQ(samples[i + 1].dts_90k, dts + 3600);
    EXPECT_EQ(samples[i + 1].duration_90k, 3600);
  }
}

} // namespace
} // namespace argus::analytics
