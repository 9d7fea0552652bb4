// Historical snapshots share a few widths and a cache bounded by bytes, least recently used out first.
#include <gtest/gtest.h>

#include "media/jpeg_cache.hpp"
#include "media/snapshot_service.hpp"

namespace argus::media {
namespace {

std::shared_ptr<const std::string> image(std::size_t bytes, char fill) {
  return std::make_shared<const std::string>(bytes, fill);
}

TEST(JpegCache, KeepsTheMostRecentlyUsedWithinItsBudget) {
  JpegCache cache(300);
  cache.insert({1, 1000, 480}, image(100, 'a'));
  cache.insert({1, 2000, 480}, image(100, 'b'));
  cache.insert({2, 1000, 480}, image(100, 'c'));
  EXPECT_EQ(cache.size_bytes(), 300u);
  ASSERT_TRUE(cache.find({1, 1000, 480})); // now the most recent
  cache.insert({1, 3000, 480}, image(100, 'd'));
  EXPECT_EQ(cache.size_bytes(), 300u);
  EXPECT_FALSE(cache.find({1, 2000, 480})); // the least recently used went
  EXPECT_EQ(*cache.find({1, 1000, 480}), std::string(100, 'a'));
  EXPECT_FALSE(cache.find({1, 1000, 320})); // the width is part of the key
  cache.insert({1, 1000, 480}, image(50, 'e')); // replaced, not added
  EXPECT_EQ(cache.size_bytes(), 250u);
  cache.insert({3, 0, 0}, nullptr); // nothing to keep
  EXPECT_FALSE(cache.find({3, 0, 0}));
  cache.insert({4, 0, 0}, image(1000, 'f')); // larger than the budget: not kept, and nothing else either
  EXPECT_FALSE(cache.find({4, 0, 0}));
  EXPECT_EQ(cache.size_bytes(), 0u);
}

TEST(SnapshotService, HistoricalWidthsAreRoundedUpToAFewSizes) {
  EXPECT_EQ(SnapshotService::historical_width(0), 0); // native
  EXPECT_EQ(SnapshotService::historical_width(16), 160);
  EXPECT_EQ(SnapshotService::historical_width(450), 480); // a medium event-search thumbnail
  EXPECT_EQ(SnapshotService::historical_width(480), 480);
  EXPECT_EQ(SnapshotService::historical_width(900), 960);
  EXPECT_EQ(SnapshotService::historical_width(1920), 1920);
  EXPECT_EQ(SnapshotService::historical_width(5000), 1920);
}

} // namespace
} // namespace argus::media
