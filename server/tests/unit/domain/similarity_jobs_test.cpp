// Similarity search jobs kept for polling: found only by their maker, organization, camera and kind; expired after
// 10 minutes; at most 200 kept (the oldest go first).
#include "services/similarity_jobs.hpp"

#include <gtest/gtest.h>

namespace argus::services {
namespace {

SimilarityJob job(std::int64_t user_id) {
  SimilarityJob out;
  out.organization_id = 1;
  out.user_id = user_id;
  out.camera_id = 7;
  out.results.push_back({7, "Q2", 3, 0, 1000, 2000, 97.5, "jpeg", ""});
  return out;
}

TEST(SimilarityJobsTest, AJobIsFoundOnlyByItsMakerForItsCameraAndKind) {
  std::int64_t now = 1'000'000;
  SimilarityJobs jobs([&] { return now; });
  auto id = jobs.add(job(5));
  EXPECT_GE(id.size(), 20u) << "a random id, not a counter";
  auto found = jobs.find(id, SimilarityJob::Kind::similarity, 1, 5, 7);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->results.size(), 1u);
  EXPECT_EQ(found->created_ms, now);
  EXPECT_FALSE(jobs.find(id, SimilarityJob::Kind::similarity, 1, 6, 7)) << "another user";
  EXPECT_FALSE(jobs.find(id, SimilarityJob::Kind::similarity, 2, 5, 7)) << "another organization";
  EXPECT_FALSE(jobs.find(id, SimilarityJob::Kind::similarity, 1, 5, 8)) << "another camera";
  EXPECT_FALSE(jobs.find(id, SimilarityJob::Kind::tracks, 1, 5, 7)) << "another kind";
  EXPECT_FALSE(jobs.find("nope", SimilarityJob::Kind::similarity, 1, 5, 7));
}

TEST(SimilarityJobsTest, JobsExpireAfterTenMinutesAndTheOldestGoBeyondTheCap) {
  std::int64_t now = 1'000'000;
  SimilarityJobs jobs([&] { return now; });
  auto first = jobs.add(job(5));
  now += SimilarityJobs::k_job_lifetime_ms;
  EXPECT_TRUE(jobs.find(first, SimilarityJob::Kind::similarity, 1, 5, 7));
  now += 1;
  EXPECT_FALSE(jobs.find(first, SimilarityJob::Kind::similarity, 1, 5, 7));

  auto oldest = jobs.add(job(5));
  for (std::size_t i = 1; i < SimilarityJobs::k_max_jobs; ++i)
    jobs.add(job(5));
  EXPECT_TRUE(jobs.find(oldest, SimilarityJob::Kind::similarity, 1, 5, 7));
  auto newest = jobs.add(job(5));
  EXPECT_FALSE(jobs.find(oldest, SimilarityJob::Kind::similarity, 1, 5, 7));
  EXPECT_TRUE(jobs.find(newest, SimilarityJob::Kind::similarity, 1, 5, 7));
}

} // namespace
} // namespace argus::services
