#include "services/similarity_jobs.hpp"

#include <algorithm>

#include "services/token_codec.hpp"

namespace argus::services {

SimilarityJobs::SimilarityJobs(std::function<std::int64_t()> now_ms) : now_ms_(std::move(now_ms)) {}

std::string SimilarityJobs::add(SimilarityJob job) {
  job.id = random_token_base64url(16);
  auto now = now_ms_();
  job.created_ms = now;
  std::lock_guard lock(mutex_);
  expire(now);
  if (jobs_.size() >= k_max_jobs)
    jobs_.pop_front();
  jobs_.push_back(std::move(job));
  return jobs_.back().id;
}

std::optional<SimilarityJob> SimilarityJobs::find(const std::string& id, SimilarityJob::Kind kind,
                                                  std::int64_t organization_id, std::int64_t user_id,
                                                  std::int64_t camera_id) {
  std::lock_guard lock(mutex_);
  expire(now_ms_());
  for (const auto& job : jobs_)
    if (job.id == id && job.kind == kind && job.organization_id == organization_id && job.user_id == user_id &&
        job.camera_id == camera_id)
      return job;
  return std::nullopt;
}

void SimilarityJobs::expire(std::int64_t now_ms) {
  while (!jobs_.empty() && now_ms - jobs_.front().created_ms > k_job_lifetime_ms)
    jobs_.pop_front();
}

} // namespace argus::services
