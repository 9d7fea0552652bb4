#include "media/parameter_set_change.hpp"

#include <algorithm>
#include <span>
#include <vector>

#include "media/bitstream.hpp"
#include "media/sps_parser.hpp"

namespace argus::media {
namespace {

// The same parameter sets, whatever their order and repetitions (a keyframe may carry its SPS/PPS twice: the
// encoder's own and those a payloader inserts before each IDR).
bool same_nal_units(std::vector<std::span<const std::uint8_t>> a, std::vector<std::span<const std::uint8_t>> b) {
  auto less = [](auto x, auto y) { return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end()); };
  auto equal = [](auto x, auto y) { return std::equal(x.begin(), x.end(), y.begin(), y.end()); };
  for (auto* list : {&a, &b}) {
    std::sort(list->begin(), list->end(), less);
    list->erase(std::unique(list->begin(), list->end(), equal), list->end());
  }
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), equal);
}

} // namespace

std::optional<StreamInfo> stream_info_after_keyframe(const StreamInfo& current, const EncodedPacket& keyframe) {
  auto codec = current.codec;
  auto in_band = parameter_sets_in_access_unit(codec, keyframe.data);
  if (in_band.empty() || same_nal_units(in_band, parameter_sets_in_config(codec, current.extradata)))
    return std::nullopt;
  auto extradata = config_from_access_unit(codec, keyframe.data);
  if (extradata.empty())
    return std::nullopt; // incomplete parameter sets: keep decoding with the current ones
  StreamInfo changed = current;
  changed.extradata = std::move(extradata);
  for (auto nal : in_band) {
    if (auto sps = parse_sps(codec, nal)) {
      changed.width = sps->width;
      changed.height = sps->height;
      break;
    }
  }
  return changed;
}

} // namespace argus::media
