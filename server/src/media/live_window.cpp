#include "media/live_window.hpp"

#include <algorithm>

namespace argus::media {

std::size_t LiveFileBytes::size() const {
  std::size_t total = 0;
  for (const auto& fragment : fragments)
    total += fragment->size();
  return total;
}

std::vector<std::uint8_t> LiveFileBytes::contiguous() const {
  std::vector<std::uint8_t> out;
  out.reserve(size());
  for (const auto& fragment : fragments)
    fragment->append_to(out);
  return out;
}

const LiveSegment* LiveWindow::find(std::uint64_t msn) const {
  for (const auto& segment : segments) {
    if (segment.msn == msn)
      return &segment;
  }
  return nullptr;
}

const LivePart* LiveWindow::latest_keyframe_part() const {
  for (auto segment = segments.rbegin(); segment != segments.rend(); ++segment) {
    for (auto part = segment->parts.rbegin(); part != segment->parts.rend(); ++part) {
      if (part->independent)
        return &*part;
    }
  }
  return nullptr;
}

bool LiveWindow::playable() const {
  return init_segment && std::any_of(segments.begin(), segments.end(), [](const auto& s) { return s.complete; });
}

std::optional<LiveFileBytes> read_live_part(const LivePart& part) {
  if (!part.bytes)
    return std::nullopt;
  return LiveFileBytes{{part.bytes}};
}

std::optional<LiveFileBytes> read_live_segment(const LiveSegment& segment) {
  if (!segment.complete)
    return std::nullopt;
  if (segment.bytes)
    return LiveFileBytes{{segment.bytes}};
  LiveFileBytes out;
  for (const auto& part : segment.parts)
    out.fragments.push_back(part.bytes);
  return out;
}

} // namespace argus::media
