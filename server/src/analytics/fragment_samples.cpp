#include "analytics/fragment_samples.hpp"

#include "media/fmp4_reader.hpp"

namespace argus::analytics {

std::vector<FragmentSample> fragment_samples(std::span<const std::uint8_t> bytes) {
  std::vector<FragmentSample> out;
  for (const auto& fragment : media::read_fragments(bytes)) {
    // The video track's samples (read_fragments checked that they lie in the mdat); audio samples are skipped.
    if (fragment.sample_sizes.size() != fragment.sample_durations.size())
      return {};
    auto at = fragment.offset + static_cast<std::uint64_t>(fragment.data_offset);
    auto dts = fragment.base_dts_90k;
    for (std::size_t i = 0; i < fragment.sample_sizes.size(); ++i) {
      out.push_back({dts, fragment.sample_durations[i], i == 0 && fragment.keyframe,
                     bytes.subspan(at, fragment.sample_sizes[i])});
      at += fragment.sample_sizes[i];
      dts += fragment.sample_durations[i];
    }
  }
  return out;
}

} // namespace argus::analytics
