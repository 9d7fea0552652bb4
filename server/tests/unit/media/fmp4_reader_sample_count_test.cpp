// read_fragments on a track run whose samples carry no fields of their own (durations, sizes and flags from the
// defaults): the sample count is then bounded by nothing in the box. Found by fuzz_media_parsers: a trun of 2^32 - 1
// such samples made the reader loop 4 billion times (8 s for a 3.6 KB input, fuzz/crashes/).
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "media/fmp4_reader.hpp"
#include "media/media_types.hpp"

namespace argus::media {
namespace {

void put32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<std::uint8_t>(value >> shift));
}

std::vector<std::uint8_t> box(const std::string& type, const std::vector<std::uint8_t>& payload) {
  std::vector<std::uint8_t> out;
  put32(out, static_cast<std::uint32_t>(8 + payload.size()));
  out.insert(out.end(), type.begin(), type.end());
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

std::vector<std::uint8_t> words(std::initializer_list<std::uint32_t> values) {
  std::vector<std::uint8_t> out;
  for (auto value : values)
    put32(out, value);
  return out;
}

//! moof (mfhd, traf (tfhd, tfdt, trun with first-sample flags only: no per-sample fields)) + an empty mdat.
std::vector<std::uint8_t> fragment_without_sample_fields(std::uint32_t sample_count) {
  auto traf = box("tfhd", words({0, k_video_track_id}));
  auto tfdt = box("tfdt", words({0, 9000}));
  auto trun = box("trun", words({0x000004, sample_count, 0})); // flags: first-sample-flags present; a sync sample
  traf.insert(traf.end(), tfdt.begin(), tfdt.end());
  traf.insert(traf.end(), trun.begin(), trun.end());
  auto moof_payload = box("mfhd", words({0, 7}));
  auto traf_box = box("traf", traf);
  moof_payload.insert(moof_payload.end(), traf_box.begin(), traf_box.end());
  auto out = box("moof", moof_payload);
  auto mdat = box("mdat", {});
  out.insert(out.end(), mdat.begin(), mdat.end());
  return out;
}

TEST(Fmp4ReaderSampleCount, ARunOfSamplesWithoutFieldsOfTheirOwnIsReadWithItsFirstSamplesSyncFlag) {
  auto bytes = fragment_without_sample_fields(30);
  auto fragments = read_fragments(bytes);
  ASSERT_EQ(fragments.size(), 1u);
  EXPECT_TRUE(fragments[0].keyframe);
  EXPECT_EQ(fragments[0].base_dts_90k, 9000);
  EXPECT_TRUE(fragments[0].sample_sizes.empty());
}

TEST(Fmp4ReaderSampleCount, ARunClaimingMoreSamplesThanAnyFragmentHoldsIsMalformed) {
  auto bytes = fragment_without_sample_fields(0xffffffff);
  std::uint64_t valid = 1;
  EXPECT_TRUE(read_fragments(bytes, &valid).empty());
  EXPECT_EQ(valid, 0u);
  EXPECT_EQ(read_fragments(fragment_without_sample_fields(k_max_samples_per_run + 1)).size(), 0u);
  EXPECT_EQ(read_fragments(fragment_without_sample_fields(k_max_samples_per_run)).size(), 1u);
}

} // namespace
} // namespace argus::media
