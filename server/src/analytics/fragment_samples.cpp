#include "analytics/fragment_samples.hpp"

#include "media/fmp4_reader.hpp"

namespace argus::analytics {

std::vector<FragmentSample> fragment_samples(std::span<const std::uint8_t> bytes) {
  std::vector<FragmentSample> out;
  for (const auto& fragment : media::read_fragments(bytes)) {
    auto moof = media::read_box_header(bytes.subspan(fragment.offset));
    auto mdat = moof ? media::read_box_header(bytes.subspan(fragment.offset + moof->size)) : std::nullopt;
    if (!moof || !mdat || fragment.sample_sizes.size() != fragment.sample_durations.size())
      return {};
    auto at = fragment.offset + moof->size + mdat->header_size;
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
