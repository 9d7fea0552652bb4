#pragma once
// An export file: recorded fMP4 GOP fragments remuxed into one MP4 with libavformat (no decode, no transcode), its
// moov in front (faststart) so that it plays while it downloads. Timestamps are the recording's own (the fragments'
// tfdt is UTC on a 90 kHz clock), moved so the file starts at 0: a gap in the recording stays a gap in time (the frame
// before it holds), never invented frames. Runs on the caller's thread (an export worker). docs/design/exports.md.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

namespace argus::media {

//! One recorded GOP fragment (moof + mdat) and the init segment it needs.
struct ExportFragment {
  std::int64_t init_segment_id = 0;
  std::filesystem::path init_path;  // absolute
  std::filesystem::path chunk_path; // absolute
  std::uint64_t offset_bytes = 0;
  std::uint64_t size_bytes = 0;
  std::int64_t start_ms = 0; // UTC
  std::int64_t duration_ms = 0;
};

struct Mp4ExportResult {
  std::int64_t first_ms = 0;     // UTC time of the file's first frame
  std::int64_t end_ms = 0;       // UTC end of its last fragment
  std::int64_t video_frames = 0;
  std::int64_t gaps = 0;         // places where a fragment did not follow the previous one within 1 s
  std::uint64_t file_bytes = 0;
};

//! Told the share of input bytes done (0..1) after each fragment; answers false to stop (the export is cancelled).
using ExportProgress = std::function<bool(double)>;

//! Thrown when the progress callback asked to stop; the output file is removed.
struct ExportCancelled {};

//! The fragments of one recorded range, in time order.
using ExportPart = std::vector<ExportFragment>;

//! Writes parts to out as one MP4: each part keeps its own timing (gaps included) and starts where the previous one
//! ended (a combined export's clips play one after another). Throws Error: invalid_input when there is nothing to
//! export or the video format differs between places (a camera's format changed inside the range, or combined clips
//! of cameras with different formats: no re-encoding), not_found when recorded bytes are gone (retention),
//! StorageFullError when the disk is full, internal for bytes that do not parse; ExportCancelled when progress answered
//! false. On any throw the output file is removed. Result: first_ms/end_ms of the first and last part.
Mp4ExportResult export_mp4(const std::vector<ExportPart>& parts, const std::filesystem::path& out,
                           const ExportProgress& progress = {});

} // namespace argus::media
