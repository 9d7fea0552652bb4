#pragma once
// The similarity search jobs of spec 03 §4/§7 ("Similarity search job": POST starts one, GET polls it by requestId;
// status new, running, ready or failed). Searches answer in milliseconds (the index is in memory), so a job is run
// when it is created and kept, finished, for polling: at most k_max_jobs, each for k_job_lifetime_ms after it was
// made; a poll of an older one is not found. Thread-safe.
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace argus::services {

//! One found track (spec 03 §3 "Track (thumbnail)").
struct SimilarTrack {
  std::int64_t camera_id = 0;
  std::string serial;
  std::int64_t track_id = 0;
  int object_class = 0;
  std::int64_t t0_ms = 0;
  std::int64_t t1_ms = 0;
  std::optional<double> similarity_percent; // none for a tracks job
  std::string jpeg;                         // the thumbnail; empty when not asked for
  std::string embedding;                    // int8 bytes; empty when not asked for
};

struct SimilarityJob {
  enum class Kind { similarity, tracks };
  std::string id;
  Kind kind = Kind::similarity;
  std::int64_t organization_id = 0;
  std::int64_t user_id = 0;
  std::int64_t camera_id = 0; // the camera of the request path
  std::int64_t created_ms = 0;
  bool failed = false;
  std::string error;
  std::vector<SimilarTrack> results; // best first
};

class SimilarityJobs {
public:
  static constexpr std::size_t k_max_jobs = 200;
  static constexpr std::int64_t k_job_lifetime_ms = 10 * 60 * 1000;

  explicit SimilarityJobs(std::function<std::int64_t()> now_ms);

  //! Keeps a finished job under a new random id, which it returns.
  std::string add(SimilarityJob job);
  //! The job with this id made by this user in this organization for this camera and kind, unless it expired.
  std::optional<SimilarityJob> find(const std::string& id, SimilarityJob::Kind kind, std::int64_t organization_id,
                                    std::int64_t user_id, std::int64_t camera_id);

private:
  void expire(std::int64_t now_ms); // mutex_ held

  std::function<std::int64_t()> now_ms_;
  std::mutex mutex_;
  std::deque<SimilarityJob> jobs_; // oldest first
};

} // namespace argus::services
