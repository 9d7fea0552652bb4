#pragma once
// One camera stream's LL-HLS window as the live hub keeps it (and hands out as a copy): init segment, segments (one
// per GOP fragment, numbered by media sequence number "msn") and their ~200 ms parts. Parts and GOP fragments are
// FragmentBytes: a small head and the shared packets ingest delivered (docs/design/live.md "Hub").
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "media/fragment_bytes.hpp"
#include "media/media_types.hpp"

namespace argus::media {

using SharedBytes = std::shared_ptr<const std::vector<std::uint8_t>>;

struct LivePart {
  std::int64_t start_90k = 0;
  std::int64_t duration_90k = 0;
  bool independent = false;                      // starts with a keyframe
  SharedFragmentBytes bytes;                     // head + the samples' packets
  std::chrono::steady_clock::time_point arrived; // when the hub got it (latency measurements)
  std::uint32_t sample_count = 0;
  std::uint32_t audio_sample_count = 0;
};

struct LiveSegment {
  std::uint64_t msn = 0;
  std::int64_t start_90k = 0;
  std::int64_t duration_90k = 0; // sum of the parts while open, the GOP fragment's once complete
  bool complete = false;         // the GOP fragment arrived
  //! The GOP fragment when the parts do not hold all of it (parts off, or a window that began mid-GOP); else null.
  SharedFragmentBytes bytes;
  std::vector<LivePart> parts;
};

//! A live file's bytes: fragments back to back (shared, not copied).
struct LiveFileBytes {
  std::vector<SharedFragmentBytes> fragments;

  std::size_t size() const;
  //! One buffer (a copy).
  std::vector<std::uint8_t> contiguous() const;
};

//! A consistent copy of one stream's window (bytes shared, not copied).
struct LiveWindow {
  StreamInfo info;
  SharedBytes init_segment;
  std::deque<LiveSegment> segments; // oldest first; the last one may be open
  std::uint64_t next_msn = 0;       // msn the next new segment gets
  std::int64_t target_duration_s = 1;
  std::int64_t part_target_90k = 0; // largest part duration seen (at least the configured target)
  std::int64_t window_end_90k = 0;  // end of the newest part or segment

  //! The segment with that msn, or null.
  const LiveSegment* find(std::uint64_t msn) const;
  //! The newest independent (keyframe) part, or null.
  const LivePart* latest_keyframe_part() const;
  //! True when at least one complete segment exists (a playlist can be served).
  bool playable() const;
};

//! The part's bytes.
std::optional<LiveFileBytes> read_live_part(const LivePart& part);
//! seg{msn}.m4s: its parts back to back — the same samples, kept once — or its GOP fragment when the parts do not
//! hold all of it. nullopt for a segment not complete yet.
std::optional<LiveFileBytes> read_live_segment(const LiveSegment& segment);

} // namespace argus::media
