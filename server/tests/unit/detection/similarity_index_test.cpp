// SimilarityIndex: top-k by cosine with the spec's filters (cameras, t0 inclusive / t1 exclusive, class, minimum
// similarity, the query's own track left out, limit), retention, wrong lengths, and adds racing searches.
#include <atomic>
#include <cmath>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "detection/appearance.hpp"
#include "detection/similarity_index.hpp"

namespace argus::detection {
namespace {

// An embedding pointing mostly along axis `axis`, a little along `blend` (cosine with the pure axis ~ 1 - blend²/2).
std::vector<std::int8_t> along(int axis, float blend = 0, int other_axis = k_embedding_dims - 1) {
  std::vector<std::int8_t> embedding(k_embedding_dims, 0);
  embedding[static_cast<std::size_t>(axis)] = static_cast<std::int8_t>(std::lround(127 * std::sqrt(1 - blend * blend)));
  embedding[static_cast<std::size_t>(other_axis)] = static_cast<std::int8_t>(std::lround(127 * blend));
  return embedding;
}

std::vector<std::int64_t> track_ids(const std::vector<SimilarityMatch>& matches) {
  std::vector<std::int64_t> ids;
  for (const auto& match : matches)
    ids.push_back(match.track_id);
  return ids;
}

class SimilarityIndexTest : public ::testing::Test {
protected:
  // Camera 1: tracks 1..5 at 1000, 2000, ... 5000 ms, less and less like the query (axis 0); camera 2: tracks 11..13
  // at 1500, 2500, 3500; track 5 and 13 are vehicles.
  void SetUp() override {
    for (int i = 1; i <= 5; ++i)
      index_.add({1, i, i * 1000, i == 5 ? 1 : 0, along(0, 0.1F * static_cast<float>(i))});
    for (int i = 1; i <= 3; ++i)
      index_.add({2, 10 + i, i * 1000 + 500, i == 3 ? 1 : 0, along(0, 0.1F * static_cast<float>(i) + 0.05F)});
  }

  SimilarityIndex index_;
  const std::vector<std::int8_t> query_ = along(0);
};

TEST_F(SimilarityIndexTest, AnswersBestFirstAcrossCameras) {
  const auto matches = index_.search(query_, {});
  EXPECT_EQ(track_ids(matches), (std::vector<std::int64_t>{1, 11, 2, 12, 3, 13, 4, 5}));
  EXPECT_NEAR(matches.front().similarity, std::sqrt(1 - 0.01F), 0.01);
  EXPECT_EQ(matches.front().camera_id, 1);
  EXPECT_EQ(matches.front().ts_ms, 1000);
  EXPECT_EQ(index_.size(), 8U);
}

TEST_F(SimilarityIndexTest, FiltersByCameraTimeClassAndSimilarity) {
  SimilarityFilter cameras;
  cameras.camera_ids = {2, 2, 99}; // duplicates and unknown cameras are harmless
  EXPECT_EQ(track_ids(index_.search(query_, cameras)), (std::vector<std::int64_t>{11, 12, 13}));

  SimilarityFilter range; // t0 inclusive, t1 exclusive
  range.t0_ms = 2000;
  range.t1_ms = 4000;
  EXPECT_EQ(track_ids(index_.search(query_, range)), (std::vector<std::int64_t>{2, 12, 3, 13}));

  SimilarityFilter vehicles;
  vehicles.object_class = 1;
  EXPECT_EQ(track_ids(index_.search(query_, vehicles)), (std::vector<std::int64_t>{13, 5}));

  SimilarityFilter close;
  close.min_similarity = std::sqrt(1 - 0.2F * 0.2F) - 0.001F; // track 2's cosine, just under
  EXPECT_EQ(track_ids(index_.search(query_, close)), (std::vector<std::int64_t>{1, 11, 2}));
}

TEST_F(SimilarityIndexTest, LeavesOutTheQueryTrackAndStopsAtTheLimit) {
  SimilarityFilter filter;
  filter.exclude = std::pair<std::int64_t, std::int64_t>{1, 1};
  filter.limit = 3;
  EXPECT_EQ(track_ids(index_.search(query_, filter)), (std::vector<std::int64_t>{11, 2, 12}));
  filter.exclude = std::pair<std::int64_t, std::int64_t>{2, 1}; // track 1 of camera 2: none
  EXPECT_EQ(track_ids(index_.search(query_, filter)), (std::vector<std::int64_t>{1, 11, 2}));
  filter.limit = 0;
  EXPECT_TRUE(index_.search(query_, filter).empty());
}

TEST_F(SimilarityIndexTest, ForgetsOldEntriesAndCameras) {
  index_.remove_before(1, 3000); // tracks 1 and 2 (before 3000), not 3 (at 3000)
  EXPECT_EQ(index_.size(), 6U);
  SimilarityFilter camera1;
  camera1.camera_ids = {1};
  EXPECT_EQ(track_ids(index_.search(query_, camera1)), (std::vector<std::int64_t>{3, 4, 5}));
  index_.remove_before(1, 999'999);
  index_.remove_camera(2);
  index_.remove_camera(7); // unknown: nothing happens
  EXPECT_EQ(index_.size(), 0U);
  EXPECT_TRUE(index_.search(query_, {}).empty());
}

TEST_F(SimilarityIndexTest, KeepsEachCameraInTimeOrderWhateverTheAddOrder) {
  index_.add({1, 6, 500, 0, along(0, 0.9F)});  // older than everything on camera 1
  index_.add({1, 7, 2500, 0, along(0, 0.9F)}); // in the middle
  SimilarityFilter early;
  early.camera_ids = {1};
  early.t1_ms = 2600;
  EXPECT_EQ(track_ids(index_.search(query_, early)), (std::vector<std::int64_t>{1, 2, 6, 7}));
  index_.remove_before(1, 1001);
  EXPECT_EQ(track_ids(index_.search(query_, early)), (std::vector<std::int64_t>{2, 7}));
}

TEST(SimilarityIndex, RefusesEmbeddingsOfTheWrongLength) {
  SimilarityIndex index;
  EXPECT_TRUE(index.search(along(0), {}).empty()); // empty index
  EXPECT_FALSE(index.add({1, 1, 0, 0, std::vector<std::int8_t>(k_embedding_dims + 1, 5)}));
  EXPECT_FALSE(index.add({1, 2, 0, 0, {}}));
  EXPECT_EQ(index.size(), 0U);
  EXPECT_TRUE(index.add({1, 3, 0, 0, along(0)}));
  EXPECT_TRUE(index.search(std::vector<std::int8_t>(k_embedding_dims - 1, 5), {}).empty());
  EXPECT_TRUE(index.search(std::vector<std::int8_t>(k_embedding_dims, 0), {}).empty()); // no direction
  EXPECT_EQ(index.search(along(0), {}).size(), 1U);
}

TEST(SimilarityIndex, AnswersWhileTracksAreAdded) {
  SimilarityIndex index;
  std::atomic<bool> adding{true};
  std::thread writer([&] {
    std::mt19937 random(3);
    for (int i = 0; i < 4000; ++i)
      index.add({i % 4, i, static_cast<std::int64_t>(random() % 100'000), 0, along(static_cast<int>(random() % 16))});
    for (int camera = 0; camera < 4; camera += 2)
      index.remove_before(camera, 50'000);
    adding = false;
  });
  int searches = 0;
  while (adding || searches < 10) {
    const auto matches = index.search(along(3), {});
    ASSERT_LE(matches.size(), 10U);
    for (std::size_t i = 1; i < matches.size(); ++i)
      ASSERT_GE(matches[i - 1].similarity, matches[i].similarity);
    ++searches;
  }
  writer.join();
  EXPECT_GT(index.size(), 2000U);
  EXPECT_LT(index.size(), 4000U);
  EXPECT_NEAR(index.search(along(3), {}).front().similarity, 1.0F, 1e-6);
}

} // namespace
} // namespace argus::detection
