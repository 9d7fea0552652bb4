// Exports against a real argusd (issue 10): recordings written at a fixed time in the past
// (support/synthetic_recording.hpp) are exported through the API; the MP4 is downloaded and decoded with libavcodec,
// its SHA-256 matches the job, its manifest verifies with `argusd export verify` and fails after one flipped byte;
// combine, schedule, start now, cancel, retry, rename, share links, delete, rights and each bad input.
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "services/export_evidence.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "support/api_helpers.hpp"
#include "support/media_decode.hpp"
#include "support/polling.hpp"
#include "support/synthetic_recording.hpp"

namespace argus::testing {
namespace {
namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr std::int64_t k_camera = 1001; // Warehouse HQ (network 101)
constexpr const char* k_exports = "/n/101/manage/video/export";

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

class ExportsTest : public SharedArgusdTest {
public:
  static void SetUpTestSuite() {
    SharedArgusdTest::SetUpTestSuite();
    auto clip = make_test_clip(server().data_dir().parent_path());
    if (clip.empty())
      return;
    // Two hours ago: 18 s, a 60 s gap, then 12 s.
    first_start_ms_ = (wall_clock_ms() - 7'200'000) / 1000 * 1000;
    second_start_ms_ = first_start_ms_ + 3 * k_test_clip_s * 1000 + 60'000;
    store::SqliteDatabase database(server().data_dir() / "argus.db");
    auto first = record_clip(database, server().data_dir(), clip, first_start_ms_, 3, k_camera);
    auto second = record_clip(database, server().data_dir(), clip, second_start_ms_, 2, k_camera);
    recorded_ = first >= 16'000 && second >= 10'000;
  }

protected:
  void SetUp() override {
    SharedArgusdTest::SetUp();
    if (!recorded_)
      GTEST_SKIP() << "ffmpeg (libx264) missing or clip unreadable: no recording";
    channel_ = camera_channel();
  }

  std::int64_t camera_channel() {
    auto admin = signed_in(server(), k_admin);
    for (const auto& camera : admin.get(api("/n/101/manage/vision/cameras")).json())
      if (camera["id"] == k_camera)
        return camera["channel"]["id"].get<std::int64_t>();
    return 0;
  }

  nlohmann::json body(std::int64_t t0_ms, std::int64_t t1_ms, const std::string& filename = "") const {
    nlohmann::json out{{"video_channel_id", channel_}, {"t0", t0_ms / 1000.0}, {"t1", t1_ms / 1000.0},
                       {"skip_duplicate_check", true}};
    if (!filename.empty())
      out["filename"] = filename;
    return out;
  }

  static nlohmann::json job(HttpClient& client, std::int64_t id) {
    auto list = client.get(api("/n/101/manage/dashboard/job_data?job_ids=" + std::to_string(id)));
    if (list.status != 200 || list.json()["jobs"].empty())
      return nullptr;
    return list.json()["jobs"][0];
  }

  //! Polls until the job's export_state is one of the finished ones; answers the job.
  static nlohmann::json finished(HttpClient& client, std::int64_t id) {
    nlohmann::json last;
    poll_until(30s, [&] {
      last = job(client, id);
      auto state = last.is_null() ? "" : last["export_state"].get<std::string>();
      return state == "complete" || state == "error" || state == "user_friendly_error" || state == "cancelled";
    });
    return last;
  }

  std::int64_t create(HttpClient& client, const nlohmann::json& request) {
    auto response = client.post_json(api(k_exports), request);
    EXPECT_EQ(response.status, 201) << response.body;
    return response.status == 201 ? response.json()["id"].get<std::int64_t>() : 0;
  }

  fs::path scratch(const std::string& name) const { return server().data_dir().parent_path() / name; }

  static inline std::int64_t first_start_ms_ = 0;
  static inline std::int64_t second_start_ms_ = 0;
  static inline bool recorded_ = false;
  std::int64_t channel_ = 0;
};

TEST_F(ExportsTest, ARangeBecomesAnMp4ThatDecodesMatchesItsChecksumAndVerifiesOffline) {
  auto admin = signed_in(server(), k_admin);
  auto id = create(admin, body(first_start_ms_ + 1'000, first_start_ms_ + 15'000, "loading dock"));
  auto done = finished(admin, id);
  ASSERT_EQ(done["export_state"], "complete") << done.dump();
  EXPECT_EQ(done["filename"], "loading dock.mp4");
  EXPECT_EQ(done["export_progress"], 100);
  EXPECT_TRUE(done["downloadable"].get<bool>());
  EXPECT_FALSE(done["export_expiration_date"].is_null());

  auto download = admin.get(done["download_url"].get<std::string>());
  ASSERT_EQ(download.status, 200);
  EXPECT_EQ(download.header("content-type"), "video/mp4");
  EXPECT_NE(download.header("content-disposition").find("filename=\"loading dock.mp4\""), std::string::npos)
      << download.header("content-disposition");
  EXPECT_EQ(static_cast<std::int64_t>(download.body.size()), done["file_bytes"].get<std::int64_t>());
  auto file = scratch("export.mp4");
  write_file(file, download.body);
  EXPECT_EQ(services::sha256_of_file(file), done["export_sha256"]);
  // moov before mdat (faststart: plays while it downloads)
  EXPECT_LT(download.body.find("moov"), download.body.find("mdat"));

  auto decoded = decode_media_file(file);
  EXPECT_TRUE(decoded.error.empty()) << decoded.error;
  EXPECT_EQ(decoded.errors, 0);
  EXPECT_EQ(decoded.width, 320);
  // 14 s asked; whole GOPs (2 s) around it: 14..18 s at 25 fps.
  EXPECT_GE(decoded.frames, 14 * 25);
  EXPECT_LE(decoded.frames, 18 * 25);
  EXPECT_NEAR(decoded.duration_s, 16, 2.1);

  auto range = admin.get(done["download_url"].get<std::string>(), {{"Range", "bytes=0-99"}});
  EXPECT_EQ(range.status, 206);
  EXPECT_EQ(range.body, download.body.substr(0, 100));

  auto manifest = admin.get(done["manifest_url"].get<std::string>());
  ASSERT_EQ(manifest.status, 200) << manifest.body;
  write_file(scratch("export.mp4.manifest.json"), manifest.body);
  auto verified = run_argusd_cli({"export", "verify", file.string()});
  EXPECT_EQ(verified.exit_code, 0) << verified.output;
  EXPECT_NE(verified.output.find("Valid"), std::string::npos) << verified.output;
  auto key = admin.get(api("/manage/video_exports/public_key")).json()["public_key"].get<std::string>();
  EXPECT_EQ(run_argusd_cli({"export", "verify", file.string(), "--public-key", key}).exit_code, 0);
  EXPECT_EQ(run_argusd_cli({"export", "verify", file.string(), "--public-key", "AAAA" + key.substr(4)}).exit_code, 1);

  auto altered = download.body;
  altered[altered.size() / 2] = static_cast<char>(altered[altered.size() / 2] ^ 1);
  auto altered_file = scratch("altered.mp4");
  write_file(altered_file, altered);
  auto refused = run_argusd_cli({"export", "verify", altered_file.string(), "--manifest",
                                 scratch("export.mp4.manifest.json").string()});
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_NE(refused.output.find("SHA-256 differs"), std::string::npos) << refused.output;
  auto forged = manifest.body;
  forged.replace(forged.find("loading dock"), 12, "loading d0ck");
  write_file(scratch("forged.json"), forged);
  auto forged_result =
      run_argusd_cli({"export", "verify", file.string(), "--manifest", scratch("forged.json").string()});
  EXPECT_EQ(forged_result.exit_code, 1);
  EXPECT_NE(forged_result.output.find("signature does not match"), std::string::npos) << forged_result.output;
  EXPECT_EQ(run_argusd_cli({"export", "verify"}).exit_code, 2);
}

// Without a filename the file is named after the camera and the start in the network's time (Warehouse HQ is in
// America/Los_Angeles), as the portal shows it; glibc's reading of the same zone is the reference.
TEST_F(ExportsTest, TheDefaultFilenameUsesTheNetworksLocalTime) {
  auto admin = signed_in(server(), k_admin);
  auto response = admin.post_json(api(k_exports), body(first_start_ms_ + 1'000, first_start_ms_ + 5'000));
  ASSERT_EQ(response.status, 201) << response.body;
  std::string camera_name;
  for (const auto& camera : admin.get(api("/n/101/manage/vision/cameras")).json())
    if (camera["id"] == k_camera)
      camera_name = camera["name"].get<std::string>();
  std::time_t start = (first_start_ms_ + 1'000) / 1000;
  const char* saved = std::getenv("TZ");
  std::string saved_tz = saved ? saved : "";
  ::setenv("TZ", "America/Los_Angeles", 1);
  ::tzset();
  std::tm local{};
  ::localtime_r(&start, &local);
  saved ? ::setenv("TZ", saved_tz.c_str(), 1) : ::unsetenv("TZ");
  ::tzset();
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H.%M.%S", &local);
  EXPECT_EQ(response.json()["filename"], camera_name + " " + stamp + ".mp4");
  auto id = response.json()["id"].get<std::int64_t>();
  finished(admin, id);
  admin.post_json(api("/n/101/manage/dashboard/delete_job"), {{"job_id", id}});
}

TEST_F(ExportsTest, AGapInTheRangeStaysAGapAndNothingIsInvented) {
  auto admin = signed_in(server(), k_admin);
  auto id = create(admin, body(first_start_ms_, second_start_ms_ + 10'000));
  auto done = finished(admin, id);
  ASSERT_EQ(done["export_state"], "complete") << done.dump();
  auto file = scratch("gap.mp4");
  write_file(file, admin.get(done["download_url"].get<std::string>()).body);
  auto decoded = decode_media_file(file);
  EXPECT_EQ(decoded.errors, 0);
  // 18 s + 12 s of frames (no frame made for the 60 s gap), yet the file spans the gap.
  EXPECT_GE(decoded.frames, 28 * 25);
  EXPECT_LE(decoded.frames, 30 * 25);
  EXPECT_GE(decoded.duration_s, 88);
}

TEST_F(ExportsTest, BadInputIsRefusedWithAClearMessageAndCreatesNothing) {
  auto admin = signed_in(server(), k_admin);
  auto count = [&] { return admin.get(api("/n/101/manage/dashboard/job_data?limit=0")).json()["__total_count"]; };
  auto before = count();
  auto expect_refused = [&](nlohmann::json request, int status, const std::string& message) {
    auto response = admin.post_json(api(k_exports), request);
    EXPECT_EQ(response.status, status) << request.dump() << " → " << response.body;
    EXPECT_NE(response.body.find(message), std::string::npos) << response.body;
  };
  auto t0 = first_start_ms_ + 2'000;
  auto t1 = first_start_ms_ + 8'000;
  expect_refused(body(t0, t1, "bad/name"), 400,
                 "Filename may only contain letters, numbers, spaces and the - _ . special characters.");
  expect_refused(body(t1, t0), 400, "The end time must be after the start time");
  expect_refused(body(first_start_ms_ - 3'600'000, first_start_ms_ - 3'000'000), 400, "No recorded video in this range");
  expect_refused(body(t0, wall_clock_ms() + 3'600'000), 400, "The end time may not be in the future");
  auto past = body(t0, t1);
  past["scheduledForTs"] = wall_clock_ms() - 3'600'000;
  expect_refused(past, 400, "The schedule time may not be in the past");
  auto far = body(t0, t1);
  far["scheduledForTs"] = wall_clock_ms() + 40LL * 24 * 3600 * 1000;
  expect_refused(far, 400, "The schedule time must be within 1 month from now");
  auto unknown = body(t0, t1);
  unknown["video_channel_id"] = 999999;
  expect_refused(unknown, 404, "Camera not found");
  expect_refused({{"video_channel_id", channel_}, {"t0", "soon"}, {"t1", 5}}, 400, "t0 must be a UNIX time in seconds");
  EXPECT_EQ(count(), before);

  // A duplicate (same camera and range, not failed) is refused unless asked to skip the check.
  auto original = body(first_start_ms_ + 3'000, first_start_ms_ + 9'000);
  create(admin, original);
  original.erase("skip_duplicate_check");
  expect_refused(original, 409, "An export of this camera and time range already exists");
}

TEST_F(ExportsTest, OnlyCallersWithTheExportRightSeeOrMakeExports) {
  auto admin = signed_in(server(), k_admin);
  auto id = create(admin, body(first_start_ms_ + 4'000, first_start_ms_ + 10'000));
  ASSERT_EQ(finished(admin, id)["export_state"], "complete");
  auto viewer = signed_in(server(), k_viewer); // live right on public cameras only
  auto refused = viewer.post_json(api(k_exports), body(first_start_ms_ + 4'000, first_start_ms_ + 10'000));
  EXPECT_EQ(refused.status, 403) << refused.body;
  EXPECT_TRUE(job(viewer, id).is_null());
  auto path = api("/n/101/manage/video_exports/" + std::to_string(id));
  EXPECT_EQ(viewer.get(path + "/download").status, 404);
  EXPECT_EQ(viewer.get(path + "/manifest").status, 404);
  EXPECT_EQ(viewer.post_json(api("/n/101/manage/dashboard/delete_job"), {{"job_id", id}}).status, 404);
  // Another network's path does not reach it either.
  EXPECT_EQ(admin.get(api("/n/102/manage/video_exports/" + std::to_string(id) + "/download")).status, 404);
  EXPECT_EQ(admin.get(path + "/download").status, 200);
}

TEST_F(ExportsTest, AScheduledExportWaitsForItsTimeAndStartNowRunsItAtOnce) {
  auto admin = signed_in(server(), k_admin);
  auto later = body(first_start_ms_ + 2'000, first_start_ms_ + 6'000);
  later["scheduledForTs"] = wall_clock_ms() + 2'500;
  auto soon = create(admin, later);
  EXPECT_EQ(job(admin, soon)["export_state"], "scheduled");
  EXPECT_EQ(finished(admin, soon)["export_state"], "complete");

  auto tomorrow = body(first_start_ms_ + 6'000, first_start_ms_ + 10'000);
  tomorrow["scheduledForTs"] = wall_clock_ms() + 24LL * 3600 * 1000;
  auto id = create(admin, tomorrow);
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(job(admin, id)["export_state"], "scheduled");
  auto started = admin.post_json(api("/api/v1/organizations/1/camera/exports/" + std::to_string(id) + "/start"), {});
  ASSERT_EQ(started.status, 200) << started.body;
  EXPECT_FALSE(started.json()["export_force_started_at"].is_null());
  EXPECT_EQ(finished(admin, id)["export_state"], "complete");
  auto again = admin.post_json(api("/api/v1/organizations/1/camera/exports/" + std::to_string(id) + "/start"), {});
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(admin.post_json(api("/api/v1/organizations/2/camera/exports/" + std::to_string(id) + "/start"), {}).status,
            404);
}

TEST_F(ExportsTest, CancelRetryRenameAndDelete) {
  auto admin = signed_in(server(), k_admin);
  auto request = body(first_start_ms_ + 1'000, first_start_ms_ + 5'000);
  request["scheduledForTs"] = wall_clock_ms() + 3'600'000;
  auto id = create(admin, request);
  auto cancelled = admin.post_json(api("/n/101/manage/dashboard/cancel_job"), {{"job_id", id}});
  ASSERT_EQ(cancelled.status, 200) << cancelled.body;
  EXPECT_EQ(cancelled.json()["export_state"], "cancelled");
  auto restart = api("/api/v1/organizations/1/camera/exports/" + std::to_string(id) + "/restart");
  auto retried = admin.post_json(restart, {});
  ASSERT_EQ(retried.status, 200) << retried.body;
  EXPECT_EQ(finished(admin, id)["export_state"], "complete");
  // Finished: no cancel, no retry.
  EXPECT_EQ(admin.post_json(api("/n/101/manage/dashboard/cancel_job"), {{"job_id", id}}).status, 409);
  EXPECT_EQ(admin.post_json(restart, {}).status, 409);

  auto rename = api("/n/101/manage/dashboard/rename_job");
  auto empty = admin.post_json(rename, {{"job_id", id}, {"filename", "  "}});
  EXPECT_EQ(empty.status, 400);
  EXPECT_NE(empty.body.find("Filename may not be empty"), std::string::npos);
  EXPECT_EQ(admin.post_json(rename, {{"job_id", id}, {"filename", "a:b"}}).status, 400);
  auto renamed = admin.post_json(rename, {{"job_id", id}, {"filename", "Incident 42"}});
  ASSERT_EQ(renamed.status, 200) << renamed.body;
  EXPECT_EQ(renamed.json()["filename"], "Incident 42.mp4");
  auto download = admin.get(renamed.json()["download_url"].get<std::string>());
  EXPECT_NE(download.header("content-disposition").find("Incident 42.mp4"), std::string::npos);

  auto deleted = admin.post_json(api("/n/101/manage/dashboard/delete_job"), {{"job_ids", {id}}});
  ASSERT_EQ(deleted.status, 200) << deleted.body;
  EXPECT_TRUE(job(admin, id).is_null());
  EXPECT_EQ(admin.get(renamed.json()["download_url"].get<std::string>()).status, 404);
  EXPECT_FALSE(fs::exists(server().data_dir() / "exports" / std::to_string(id)));
  EXPECT_EQ(admin.post_json(api("/n/101/manage/dashboard/delete_job"), {{"job_id", id}}).status, 404);
}

TEST_F(ExportsTest, CombinedExportsPlayOneAfterAnother) {
  auto admin = signed_in(server(), k_admin);
  auto a = create(admin, body(first_start_ms_ + 2'000, first_start_ms_ + 6'000));
  auto b = create(admin, body(second_start_ms_ + 2'000, second_start_ms_ + 6'000));
  ASSERT_EQ(finished(admin, a)["export_state"], "complete");
  ASSERT_EQ(finished(admin, b)["export_state"], "complete");
  auto one = admin.post_json(api("/n/101/manage/video/concatenate"), {{"job_ids", {a}}});
  EXPECT_EQ(one.status, 400);
  EXPECT_NE(one.body.find("Select at least 2 exports to combine"), std::string::npos);
  EXPECT_EQ(admin.post_json(api("/n/101/manage/video/concatenate"), {{"job_ids", {a, 999999}}}).status, 404);

  auto combined = admin.post_json(api("/n/101/manage/video/concatenate"), {{"job_ids", {b, a}}, {"filename", "both"}});
  ASSERT_EQ(combined.status, 201) << combined.body;
  EXPECT_EQ(combined.json()["type"], "VideoConcatenationJob");
  ASSERT_EQ(combined.json()["source_exports"].size(), 2u);
  EXPECT_EQ(combined.json()["source_exports"][0]["job_id"], b);
  auto done = finished(admin, combined.json()["id"].get<std::int64_t>());
  ASSERT_EQ(done["export_state"], "complete") << done.dump();
  auto file = scratch("combined.mp4");
  write_file(file, admin.get(done["download_url"].get<std::string>()).body);
  auto decoded = decode_media_file(file);
  EXPECT_EQ(decoded.errors, 0);
  // Two clips of 4..8 s each, back to back: no two-hour timeline between them.
  EXPECT_GE(decoded.frames, 8 * 25);
  EXPECT_LE(decoded.frames, 16 * 25);
  EXPECT_LE(decoded.duration_s, 17);
}

TEST_F(ExportsTest, AShareLinkPlaysWithoutASessionUntilRevokedAndRefusesAlteredTokens) {
  auto admin = signed_in(server(), k_admin);
  auto id = create(admin, body(first_start_ms_ + 8'000, first_start_ms_ + 12'000));
  auto done = finished(admin, id);
  ASSERT_EQ(done["export_state"], "complete");
  auto share_path = api("/n/101/manage/video_exports/" + std::to_string(id) + "/share");
  auto shared = admin.get(share_path);
  ASSERT_EQ(shared.status, 200) << shared.body;
  auto url = shared.json()["share_url"].get<std::string>();
  EXPECT_EQ(admin.get(share_path).json()["share_url"], url); // the same link again

  HttpClient anonymous("127.0.0.1", server().port());
  auto file = anonymous.get(url);
  ASSERT_EQ(file.status, 200) << file.body.substr(0, 200);
  EXPECT_EQ(file.header("content-type"), "video/mp4");
  EXPECT_EQ(file.body, admin.get(done["download_url"].get<std::string>()).body);
  EXPECT_EQ(anonymous.get(url + "/manifest").status, 200);
  auto altered = url;
  altered.back() = altered.back() == 'A' ? 'B' : 'A';
  EXPECT_EQ(anonymous.get(altered).status, 404);
  EXPECT_EQ(anonymous.get(api("/exports/shared/" + std::to_string(id))).status, 404);
  EXPECT_EQ(anonymous.get(done["download_url"].get<std::string>()).status, 401);

  EXPECT_EQ(admin.request("DELETE", share_path).status, 204);
  EXPECT_EQ(anonymous.get(url).status, 404);
  EXPECT_NE(admin.get(share_path).json()["share_url"], url); // a new link, the old one stays dead
}

TEST_F(ExportsTest, FootageDeletedBeforeAQueuedExportRunsFailsItWithAClearError) {
  // Its own recording three hours ago, so that deleting it does not touch the other tests' footage.
  auto start_ms = first_start_ms_ - 3'600'000;
  {
    store::SqliteDatabase database(server().data_dir() / "argus.db");
    ASSERT_GE(record_clip(database, server().data_dir(), make_test_clip(scratch("")), start_ms, 1, k_camera), 4'000);
  }
  auto admin = signed_in(server(), k_admin);
  auto request = body(start_ms + 1'000, start_ms + 5'000);
  request["scheduledForTs"] = wall_clock_ms() + 1'500;
  auto id = create(admin, request);
  {
    store::SqliteDatabase database(server().data_dir() / "argus.db");
    for (const auto& chunk : database.chunks_in_range(k_camera, "main", start_ms, start_ms + 6'000))
      fs::remove(server().data_dir() / chunk.file_path); // what retention does to the files
  }
  auto done = finished(admin, id);
  EXPECT_EQ(done["export_state"], "user_friendly_error") << done.dump();
  EXPECT_EQ(done["error"], "The recorded video of this range is no longer on disk");
  EXPECT_FALSE(done["downloadable"].get<bool>());
  EXPECT_FALSE(fs::exists(server().data_dir() / "exports" / std::to_string(id)));
}

TEST_F(ExportsTest, AnExportCutByAStopRunsAgainAfterTheRestart) {
  auto admin = signed_in(server(), k_admin);
  auto id = create(admin, body(first_start_ms_ + 10'000, first_start_ms_ + 14'000));
  ASSERT_EQ(finished(admin, id)["export_state"], "complete");
  // What a kill -9 in the middle of an export leaves: the row running, a partial file.
  server().kill_hard();
  {
    store::SqliteDatabase database(server().data_dir() / "argus.db");
    auto row = database.find_export_job(id);
    ASSERT_TRUE(row);
    row->state = store::ExportState::running;
    row->progress = 40;
    row->attempts = 1;
    row->file_path.reset();
    row->sha256.reset();
    database.update_export_job(*row);
  }
  auto directory = server().data_dir() / "exports" / std::to_string(id);
  fs::remove_all(directory);
  fs::create_directories(directory);
  write_file(directory / "partial.mp4.partial", "torn");
  server().start();
  auto again = signed_in(server(), k_admin);
  auto done = finished(again, id);
  EXPECT_EQ(done["export_state"], "complete") << done.dump();
  EXPECT_FALSE(fs::exists(directory / "partial.mp4.partial"));
  auto file = scratch("restarted.mp4");
  write_file(file, again.get(done["download_url"].get<std::string>()).body);
  EXPECT_EQ(services::sha256_of_file(file), done["export_sha256"]);
}

} // namespace
} // namespace argus::testing
