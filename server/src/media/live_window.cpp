#include "media/live_window.hpp"

#include <algorithm>
#include <cstring>

#include "media/chunk_file.hpp"
#include "media/damaged_recordings.hpp"

namespace argus::media {

bool LiveSegment::in_memory() const {
  return bytes || std::any_of(parts.begin(), parts.end(), [](const auto& part) { return part.bytes != nullptr; });
}

std::size_t LiveFileBytes::size() const {
  std::size_t total = read ? read->size() : 0;
  for (const auto& fragment : fragments)
    total += fragment->size();
  return total;
}

std::vector<std::uint8_t> LiveFileBytes::contiguous() const {
  if (read)
    return *read;
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

std::size_t LiveWindow::held_bytes() const {
  std::size_t total = 0;
  for (const auto& segment : segments) {
    total += segment.bytes ? segment.bytes->size() : 0;
    for (const auto& part : segment.parts) {
      total += part.bytes ? part.bytes->size() : 0;
      total += part.recorded && part.recorded->head ? part.recorded->head->size() : 0;
    }
  }
  return total;
}

std::optional<LiveFileBytes> read_live_part(const LivePart& part) {
  if (part.bytes)
    return LiveFileBytes{{part.bytes}, nullptr};
  if (!part.recorded || !part.recorded->head || !part.recorded->file)
    return std::nullopt;
  const auto& recorded = *part.recorded;
  auto video = read_chunk_range(*recorded.file, recorded.video_offset_bytes, recorded.video_size_bytes);
  auto audio = recorded.audio_size_bytes == 0
                   ? std::optional<std::vector<std::uint8_t>>(std::in_place)
                   : read_chunk_range(*recorded.file, recorded.audio_offset_bytes, recorded.audio_size_bytes);
  if (!video || !audio)
    return std::nullopt; // deleted (retention) or truncated since
  auto bytes = std::make_shared<std::vector<std::uint8_t>>();
  bytes->reserve(recorded.head->size() + video->size() + audio->size());
  bytes->insert(bytes->end(), recorded.head->begin(), recorded.head->end());
  bytes->insert(bytes->end(), video->begin(), video->end());
  bytes->insert(bytes->end(), audio->begin(), audio->end());
  return LiveFileBytes{{}, std::move(bytes)};
}

std::optional<LiveFileBytes> read_live_segment(const LiveSegment& segment) {
  if (!segment.complete)
    return std::nullopt;
  if (segment.bytes)
    return LiveFileBytes{{segment.bytes}, nullptr};
  bool parts_in_memory = !segment.parts.empty() &&
                         std::all_of(segment.parts.begin(), segment.parts.end(), [](const auto& p) { return p.bytes; });
  if (parts_in_memory) {
    LiveFileBytes out;
    for (const auto& part : segment.parts)
      out.fragments.push_back(part.bytes);
    return out;
  }
  if (!segment.recorded || !segment.recorded->file)
    return std::nullopt;
  const auto& recorded = *segment.recorded;
  auto bytes = read_chunk_range(*recorded.file, recorded.offset_bytes, recorded.size_bytes);
  if (!bytes)
    return std::nullopt;
  if (bytes->size() < 8 || std::memcmp(bytes->data() + 4, "moof", 4) != 0) {
    report_damaged_recording(*recorded.file, "a live segment does not start with its moof box (overwritten)");
    return std::nullopt;
  }
  return LiveFileBytes{{}, std::make_shared<const std::vector<std::uint8_t>>(std::move(*bytes))};
}

} // namespace argus::media
