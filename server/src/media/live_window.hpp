#pragma once
// One camera stream's LL-HLS window as the live hub keeps it (and hands out as a copy): init segment, segments (one
// per GOP fragment, numbered by media sequence number "msn") and their ~200 ms parts. The current GOP's segments hold
// their samples in memory (the shared packets ingest delivered); an older segment that the recorder wrote is read
// back from its chunk file when a player asks for it — the same samples, so only the live edge stays in memory
// (docs/design/live.md "Hub").
#include <chrono>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "media/fragment_bytes.hpp"
#include "media/fragmenter.hpp"
#include "media/media_types.hpp"

namespace argus::media {

using SharedBytes = std::shared_ptr<const std::vector<std::uint8_t>>;

//! Where a part's samples are in the chunk file once its segment's GOP fragment is recorded: its video samples and its
//! audio samples are each one run of the GOP fragment's mdat (video of all parts first, then their audio).
struct RecordedPart {
  std::shared_ptr<const std::filesystem::path> file; // the chunk file (shared with the segment's RecordedFragment)
  SharedBytes head; // the part's moof + mdat header (kept: what the part starts with); set once released
  std::uint64_t video_offset_bytes = 0;
  std::uint64_t video_size_bytes = 0;
  std::uint64_t audio_offset_bytes = 0;
  std::uint64_t audio_size_bytes = 0;
};

struct LivePart {
  std::int64_t start_90k = 0;
  std::int64_t duration_90k = 0;
  bool independent = false;  // starts with a keyframe
  SharedFragmentBytes bytes; // head + the samples' packets while held in memory; null once read from the recording
  std::optional<RecordedPart> recorded;          // set once its segment's GOP fragment is recorded
  std::chrono::steady_clock::time_point arrived; // when the hub got it (latency measurements)
  std::uint32_t sample_count = 0;
  std::uint32_t audio_sample_count = 0;
};

struct LiveSegment {
  std::uint64_t msn = 0;
  std::int64_t start_90k = 0;
  std::int64_t duration_90k = 0; // sum of the parts while open, the GOP fragment's once complete
  bool complete = false;         // the GOP fragment arrived
  //! The GOP fragment in memory when the parts do not hold all of it (parts off, or a window that began mid-GOP);
  //! null otherwise, and once released to the recording.
  SharedFragmentBytes bytes;
  std::optional<RecordedFragment> recorded; // where the recorder wrote the GOP fragment (not when it could not)
  std::vector<LivePart> parts;

  //! True while its samples are in memory (not yet released to the recording).
  bool in_memory() const;
};

//! A live file's bytes: fragments held in memory, sent as they are, or bytes read from the recording.
struct LiveFileBytes {
  std::vector<SharedFragmentBytes> fragments; // in memory: these back to back
  SharedBytes read;                           // read from the chunk file (when not in memory)

  std::size_t size() const;
  //! One buffer (a copy when in memory).
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
  //! Media bytes the window holds in memory (parts, heads and GOP fragments not released to the recording): what
  //! the live side costs beyond the frames transport's current GOP, which shares the open segment's packets.
  std::size_t held_bytes() const;
};

//! The part's bytes: from memory, or its head and its two sample runs read from the chunk file. nullopt when they
//! are neither (the recording was deleted or damaged since).
std::optional<LiveFileBytes> read_live_part(const LivePart& part);
//! seg{msn}.m4s: from memory its parts back to back (or its GOP fragment when the parts do not hold all of it), else
//! the recorded GOP fragment (the same samples, one moof; checked to start with its moof). nullopt as above, or for
//! a segment not complete yet.
std::optional<LiveFileBytes> read_live_segment(const LiveSegment& segment);

} // namespace argus::media
