#pragma once
// The historical HLS playlist (fMP4, VOD) of a time range, built from recording index rows. Pure: rows in, text out.
// URIs are relative to .../cameras/{cameraId}/history/{stream}/index.m3u8: init segments at
// ../../recordings/init/{initId}.mp4, fragments as byte ranges of ../../recordings/{chunkId}.m4s.
#include <cstdint>
#include <string>
#include <vector>

namespace argus::media {

//! One indexed GOP fragment with the init segment of its chunk.
struct HistoryFragment {
  std::int64_t chunk_id = 0;
  std::int64_t init_segment_id = 0;
  std::int64_t start_ms = 0;
  std::int64_t duration_ms = 0;
  std::int64_t offset_bytes = 0;
  std::int64_t size_bytes = 0;
};

struct HistoryPlaylistOptions {
  //! A fragment starting more than this after (or before) the previous one's end starts a discontinuity.
  std::int64_t gap_tolerance_ms = 100;
};

//! The playlist of fragments sorted by start ("" when fragments is empty: the caller answers 404). Fragments whose
//! size or duration is not positive are skipped.
std::string history_playlist(const std::vector<HistoryFragment>& fragments, const HistoryPlaylistOptions& options = {});

//! ISO-8601 UTC with milliseconds, e.g. 2023-11-14T22:13:20.000Z.
std::string iso8601_utc_ms(std::int64_t epoch_ms);

} // namespace argus::media
