#pragma once
// JPEG snapshots: the latest keyframe of a camera from the live hub (cached ~2 s per camera and width) or the keyframe
// at or before a time from the recording index. Decodes one frame with libavcodec, scales with swscale, encodes with
// the mjpeg encoder. Runs on the caller's thread (an HTTP worker), never on an ingest or io thread.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace argus::store {
class Database;
}

namespace argus::media {

class LiveHub;

//! The first frame of init_segment + fragment (fMP4) as a JPEG, scaled to width (0: native; height keeps the aspect).
//! Throws argus::Error(internal) when the bytes do not decode.
std::string keyframe_to_jpeg(const std::vector<std::uint8_t>& init_segment, const std::vector<std::uint8_t>& fragment,
                             int width = 0);

class SnapshotService {
public:
  SnapshotService(const LiveHub& hub, store::Database& database, std::filesystem::path data_dir,
                  std::chrono::milliseconds cache_ttl = std::chrono::milliseconds{2'000});

  //! JPEG of the newest live keyframe (the sub-stream when it is wide enough for width); null when not live.
  std::shared_ptr<const std::string> latest(std::int64_t camera_id, int width = 0);
  //! JPEG of the recorded keyframe at or before ts_ms (main stream); null when nothing is recorded there.
  std::shared_ptr<const std::string> at(std::int64_t camera_id, std::int64_t ts_ms, int width = 0);

private:
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
};

} // namespace argus::media
