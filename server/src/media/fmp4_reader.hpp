#pragma once
// Reading back the fMP4 that fmp4_writer produces: box headers and moof/mdat fragments. Crash recovery uses it to
// re-index the complete fragments past the index and find a torn tail; analytics takes the video samples of live
// fragments from it; tests use it to check what was written. Readers pick the video track by its id.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace argus::media {

struct BoxHeader {
  std::string type;
  std::uint64_t size = 0;        // whole box, header included
  std::uint32_t header_size = 8; // 8, or 16 with a 64-bit size
};

//! The box header at the start of data, or nullopt when data is too short or the size is invalid.
std::optional<BoxHeader> read_box_header(std::span<const std::uint8_t> data);
//! Top-level boxes of a buffer, stopping at the first incomplete one.
std::vector<BoxHeader> read_boxes(std::span<const std::uint8_t> data);

//! The samples of one track in a fragment (a traf).
struct ParsedTrackRun {
  std::uint32_t track_id = 0;
  std::int64_t base_dts = 0;    // tfdt, in the track's timescale
  std::int64_t data_offset = 0; // of the first sample's data, from the start of the moof (default-base-is-moof)
  bool has_data_offset = false;
  std::vector<std::uint32_t> sample_sizes;
  std::vector<std::uint32_t> sample_durations;
};

//! A fragment as the video track sees it (track k_video_track_id; fragments without it count as malformed), plus the
//! runs of the other tracks (audio).
struct ParsedFragment {
  std::uint64_t offset = 0; // of the moof in the scanned buffer
  std::uint64_t size = 0;   // moof + mdat
  std::uint32_t sequence = 0;
  std::int64_t base_dts_90k = 0; // tfdt
  std::int64_t duration_90k = 0; // sum of sample durations
  bool keyframe = false;         // first sample is a sync sample
  std::vector<std::uint32_t> sample_sizes;
  std::vector<std::uint32_t> sample_durations;
  std::int64_t data_offset = 0; // of the first video sample's data, from offset (inside the mdat)
  bool has_data_offset = false;
  std::vector<ParsedTrackRun> other_tracks;
};

//! The most samples one track run may claim. A fragment is a GOP or a part of one (2 s at 1,000 frames/s is 2,000); a
//! run of samples without fields of their own is not bounded by its box's size, so this bounds the reading.
inline constexpr std::uint32_t k_max_samples_per_run = 1 << 20;

//! Complete moof+mdat fragments from the start of data, in order. Stops at the first incomplete or malformed box;
//! *valid_bytes (when given) receives the length of the well-formed prefix.
std::vector<ParsedFragment> read_fragments(std::span<const std::uint8_t> data, std::uint64_t* valid_bytes = nullptr);

} // namespace argus::media
