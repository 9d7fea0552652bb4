#pragma once
// The video access units of an fMP4 fragment (moof + mdat, as the recorder's Fragmenter emits them; audio skipped), so
// the analyzer can decode what the recorder's StreamObserver hands it without a demuxer.
#include <cstdint>
#include <span>
#include <vector>

namespace argus::analytics {

struct FragmentSample {
  std::int64_t dts_90k = 0;
  std::int64_t duration_90k = 0;
  bool keyframe = false;              // known for the first sample only (false for the others)
  std::span<const std::uint8_t> data; // into the fragment's bytes
};

//! The samples of every complete moof+mdat in bytes, in decode order; empty when the bytes are malformed.
std::vector<FragmentSample> fragment_samples(std::span<const std::uint8_t> bytes);

} // namespace argus::analytics
