#pragma once
// JPEG snapshots: the latest keyframe of a camera from the live hub (cached ~2 s per camera and width) or the recorded
// frame at a time (motion event images: decoded from the GOP's keyframe up to that frame, from the sub-stream when
// it is wide enough; widths rounded up to a few sizes and the images kept in a bounded LRU cache). Decodes with
// libavcodec, scales with swscale, encodes with the mjpeg encoder. Runs on the caller's thread (an HTTP worker),
// never on an ingest or io thread.
#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "media/jpeg_cache.hpp"
#include "store/recording_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::media {

class LiveHub;

//! The first frame of init_segment + fragment (fMP4) as a JPEG, scaled to width (0: native; height keeps the aspect).
//! Throws argus::Error(internal) when the bytes do not decode.
std::string keyframe_to_jpeg(const std::vector<std::uint8_t>& init_segment, const std::vector<std::uint8_t>& fragment,
                             int width = 0);
//! The frame offset_ms after the first frame of init_segment + fragment (the last one starting at or before it) as a
//! JPEG, scaled to width (0 or wider than the video: native). Throws argus::Error(internal) on undecodable bytes.
std::string fragment_frame_to_jpeg(const std::vector<std::uint8_t>& init_segment,
                                   const std::vector<std::uint8_t>& fragment, std::int64_t offset_ms, int width);

class SnapshotService {
public:
  SnapshotService(const LiveHub& hub, store::Database& database, std::filesystem::path data_dir,
                  std::chrono::milliseconds cache_ttl = std::chrono::milliseconds{2'000});

  //! JPEG of the newest live keyframe (the sub-stream when it is wide enough for width); null when not live.
  std::shared_ptr<const std::string> latest(std::int64_t camera_id, int width = 0);
  //! JPEG of the recorded frame at ts_ms (the last one starting at or before it), historical_width(width) wide (never
  //! wider than the recording); null when nothing is recorded there.
  std::shared_ptr<const std::string> at(std::int64_t camera_id, std::int64_t ts_ms, int width = 0);

  //! Widths of historical snapshots: a request is rounded up to the next one (0 stays native), so that thumbnails of
  //! any displayed size share a few cached images.
  static constexpr std::array<int, 7> k_historical_widths = {160, 320, 480, 640, 960, 1280, 1920};
  static int historical_width(int width);
  //! Memory kept for historical snapshots (~1,000 thumbnails of 480 px).
  static constexpr std::size_t k_historical_cache_bytes = 32 * 1024 * 1024;

private:
  //! Where the recorded GOP holding a time is.
  struct RecordedGop {
    store::FragmentRecord fragment;
    std::string chunk_path; // relative to the data dir
    std::string init_path;
    std::int64_t init_size_bytes = 0;
    int width = 0; // of the stream's video
  };
  std::optional<RecordedGop> recorded_gop(std::int64_t camera_id, const std::string& stream, std::int64_t ts_ms);

  const LiveHub& hub_;
  store::Database& database_;
  std::filesystem::path data_dir_;
  std::chrono::milliseconds cache_ttl_;
  std::mutex mutex_;
  struct Cached {
    std::chrono::steady_clock::time_point made;
    std::shared_ptr<const std::string> jpeg;
  };
  std::map<std::pair<std::int64_t, int>, Cached> cache_;
  JpegCache historical_{k_historical_cache_bytes};
};

} // namespace argus::media
