// Export jobs in the store on both engines (store_engine.hpp): a combined job with its sources, every column written
// back, pages and filters, the queue order of a state, expiry.
#include <gtest/gtest.h>

#include "store_engine.hpp"

namespace argus::testing {
namespace {

class ExportStore : public StoreTest {};

store::ExportJobRecord job(const std::string& filename, std::int64_t created_ms) {
  store::ExportJobRecord out;
  out.organization_id = 1;
  out.network_id = 1;
  out.user_name = "Bea";
  out.camera_id = 7;
  out.camera_name = "Lobby";
  out.video_channel_id = 50007;
  out.filename = filename;
  out.t0_ms = 1000;
  out.t1_ms = 2000;
  out.created_ms = created_ms;
  out.scheduled_for_ms = created_ms;
  return out;
}

TEST_P(ExportStore, AJobIsWrittenWithItsSourcesAndEveryColumnComesBack) {
  insert_camera(7, "Lobby");
  auto combined = job("all.mp4", 10);
  combined.combined = true;
  combined.camera_id = std::nullopt;
  combined.sources = {{1, 7, "Lobby", 50007, "a.mp4", 1000, 2000},
                      {2, std::nullopt, "Gone", std::nullopt, "b.mp4", 3, 4}};
  auto id = database->insert_export_job(combined);
  auto found = database->find_export_job(id);
  ASSERT_TRUE(found);
  ASSERT_EQ(found->sources.size(), 2u);
  EXPECT_EQ(found->sources[1].camera_name, "Gone");
  EXPECT_FALSE(found->sources[1].camera_id);

  auto updated = *found;
  updated.state = store::ExportState::complete;
  updated.progress = 100;
  updated.attempts = 2;
  updated.error = "none";
  updated.error_user_friendly = true;
  updated.file_path = "exports/all.mp4";
  updated.file_bytes = 12345;
  updated.sha256 = "ab";
  updated.expires_ms = 500;
  updated.share_nonce = "nonce";
  EXPECT_TRUE(database->update_export_job(updated));
  auto stored = database->find_export_job(id);
  EXPECT_EQ(stored->state, store::ExportState::complete);
  EXPECT_EQ(stored->file_bytes, 12345);
  EXPECT_TRUE(stored->error_user_friendly);
  EXPECT_EQ(stored->share_nonce, "nonce");
  EXPECT_EQ(database->export_jobs_expired(499).size(), 0u);
  EXPECT_EQ(database->export_jobs_expired(500).size(), 1u);
  EXPECT_TRUE(database->delete_export_job(id));
  EXPECT_FALSE(database->update_export_job(updated));
}

TEST_P(ExportStore, PagesAreNewestFirstAndFiltered) {
  insert_camera(7, "Lobby");
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 5; ++i)
    ids.push_back(database->insert_export_job(job("clip-" + std::to_string(i) + ".mp4", 100 + i)));
  store::ExportJobQuery query;
  query.organization_id = 1;
  query.network_id = 1;
  query.limit = 2;
  auto page = database->export_jobs(query);
  EXPECT_EQ(page.total, 5);
  ASSERT_EQ(page.jobs.size(), 2u);
  EXPECT_EQ(page.jobs[0].id, ids[4]);
  query.offset = 4;
  EXPECT_EQ(database->export_jobs(query).jobs.at(0).id, ids[0]);
  query = {};
  query.organization_id = 1;
  query.network_id = 1;
  query.text = "CLIP-3";
  EXPECT_EQ(database->export_jobs(query).total, 1);
  query.text = "lob"; // the camera name
  EXPECT_EQ(database->export_jobs(query).total, 5);
  query.text = "";
  query.ids = {ids[1], ids[2]};
  query.created_since_ms = 102;
  EXPECT_EQ(database->export_jobs(query).total, 1);
  query = {};
  query.organization_id = 1;
  query.network_id = 1;
  query.combined = true;
  EXPECT_EQ(database->export_jobs(query).total, 0);
}

TEST_P(ExportStore, AStateListsForceStartedJobsFirstThenByScheduledTime) {
  insert_camera(7, "Lobby");
  auto late = job("late.mp4", 1);
  late.scheduled_for_ms = 300;
  auto early = job("early.mp4", 2);
  early.scheduled_for_ms = 100;
  auto forced = job("forced.mp4", 3);
  forced.scheduled_for_ms = 900;
  forced.force_started_ms = 50;
  database->insert_export_job(late);
  database->insert_export_job(early);
  database->insert_export_job(forced);
  std::vector<std::string> order;
  for (const auto& queued : database->export_jobs_in_state(store::ExportState::queued))
    order.push_back(queued.filename);
  EXPECT_EQ(order, (std::vector<std::string>{"forced.mp4", "early.mp4", "late.mp4"}));
  EXPECT_TRUE(database->export_jobs_in_state(store::ExportState::running).empty());
}

ARGUS_ON_BOTH_STORE_ENGINES(ExportStore);

} // namespace
} // namespace argus::testing
