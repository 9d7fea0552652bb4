// The batches the recorder and motion analysis write (one call per flush for every camera) on both engines
// (store_engine.hpp): PostgreSQL writes each kind in one statement (unnest), so what a row-per-statement write did
// must still hold: a chunk updated twice in a batch keeps its last update, a motion second or summary given twice keeps
// its last value, a camera deleted meanwhile is skipped, and fragments keep their order.
#include <gtest/gtest.h>

#include <vector>

#include "store_engine.hpp"

namespace argus::testing {
namespace {

class StoreBatches : public StoreTest {
protected:
  store::ChunkRecord chunk(const std::string& stream) {
    store::InitSegmentRecord init{0, 7, stream, "avc1.64001f", 640, 360, true, "init/" + stream, 1000};
    auto init_id = database->insert_init_segment(init);
    store::ChunkRecord out{0, 7, stream, 1, "recordings/7/" + stream + "/1.mp4", init_id, 1000, 1000, 0};
    out.id = database->insert_chunk(out);
    return out;
  }
};

TEST_P(StoreBatches, TheRecordingIndexBatchKeepsTheLastChunkUpdateAndTheFragmentsOrder) {
  insert_camera(7);
  auto main = chunk("main");
  auto sub = chunk("sub");
  std::vector<store::FragmentRecord> fragments;
  std::vector<store::ChunkRecord> updates;
  for (int i = 0; i < 3; ++i) {
    fragments.push_back({0, main.id, 7, "main", 1000 + i * 1000, 1000, i * 500, 500, i == 0});
    fragments.push_back({0, sub.id, 7, "sub", 1000 + i * 1000, 1000, i * 60, 60, true});
    main.end_ms = 2000 + i * 1000;
    main.size_bytes = (i + 1) * 500;
    updates.push_back(main);
  }
  sub.end_ms = 4000;
  sub.size_bytes = 180;
  updates.push_back(sub);
  database->append_recording_index(fragments, updates);

  EXPECT_EQ(database->find_chunk(main.id)->end_ms, 4000);
  EXPECT_EQ(database->find_chunk(main.id)->size_bytes, 1500);
  EXPECT_EQ(database->find_chunk(sub.id)->end_ms, 4000);
  auto written = database->fragments_of_chunk(main.id);
  ASSERT_EQ(written.size(), 3u);
  for (std::size_t i = 0; i < written.size(); ++i) {
    EXPECT_EQ(written[i].offset_bytes, static_cast<std::int64_t>(i) * 500);
    EXPECT_EQ(written[i].start_ms, 1000 + static_cast<std::int64_t>(i) * 1000);
    EXPECT_EQ(written[i].keyframe, i == 0);
    EXPECT_EQ(written[i].stream, "main");
  }
  EXPECT_EQ(database->fragments_of_chunk(sub.id).size(), 3u);
  database->append_recording_index({}, {}); // an empty batch writes nothing and does not fail
}

TEST_P(StoreBatches, TheMotionBatchKeepsTheLastValueOfEachSecondAndSummaryAndSkipsUnknownCameras) {
  insert_camera(7);
  std::vector<store::MotionSecondRecord> seconds{
      {7, 100, {1, 1}}, {7, 101, {2, 2}}, {7, 100, {3, 3}}, {99, 100, {9, 9}}}; // 99: no such camera
  std::vector<store::MotionSummaryRecord> summaries{{7, 60, 60, 1, {1, 1}}, {7, 60, 60, 2, {3, 3}},
                                                    {99, 60, 60, 1, {9, 9}}};
  database->append_motion(seconds, summaries);
  std::vector<std::pair<std::int64_t, std::vector<std::uint8_t>>> read;
  database->visit_motion_seconds(7, 0, 1000, [&](std::int64_t second_s, std::span<const std::uint8_t> cells) {
    read.push_back({second_s, std::vector<std::uint8_t>(cells.begin(), cells.end())});
  });
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0], (std::pair<std::int64_t, std::vector<std::uint8_t>>{100, {3, 3}}));
  EXPECT_EQ(read[1], (std::pair<std::int64_t, std::vector<std::uint8_t>>{101, {2, 2}}));
  auto summary = database->find_motion_summary(7, 60, 60);
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->seconds, 2);
  EXPECT_EQ(summary->cells, (std::vector<std::uint8_t>{3, 3}));
  EXPECT_FALSE(database->find_motion_summary(99, 60, 60));
  database->append_motion({}, {});
}

ARGUS_ON_BOTH_STORE_ENGINES(StoreBatches);

} // namespace
} // namespace argus::testing
