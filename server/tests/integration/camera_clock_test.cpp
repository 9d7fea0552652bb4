// A camera whose clock jumps, against a real argusd (--demo, for its accounts) and a camsim this test starts itself:
// camsim's control API moves the camera's RTP clock forward and back (POST /cameras/{i}/clock_jump), and argusd must
// keep recording on the server's clock: nothing indexed later than now, the recording continuous across the jumps,
// and a new recording run (chunk) at every jump (docs/design/recording.md "Timestamps"). Skipped when camsim or its
// footage is missing (`make build` makes both).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "demo/camsim_launcher.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "support/api_helpers.hpp"
#include "support/camsim_suite.hpp"
#include "support/demo_media.hpp"
#include "support/polling.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using nlohmann::json;

const std::string k_cameras = "/n/101/manage/vision/cameras";
//! How far ahead of the server's clock a recorded fragment may end: the rebaser's jump tolerance (2 s) plus the
//! fragment being indexed while we look.
constexpr std::int64_t k_max_lead_ms = 2'500;

class CameraClockTest : public CamsimSuite<CameraClockTest> {
public:
  static void SetUpTestSuite() { start_camsim(1, false); }

protected:
  // POST {control_url}/cameras/0/clock_jump?offset_ms=N
  static HttpResponse jump_clock(std::int64_t offset_ms) {
    const auto& url = camsim_->control_url(); // http://127.0.0.1:PORT/n1
    auto port = static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1)));
    HttpClient client("127.0.0.1", port);
    return client.request("POST", "/n1/cameras/0/clock_jump?offset_ms=" + std::to_string(offset_ms));
  }

  // The camera's recorded ranges [[start_ms, end_ms], ...] from t0 to a minute after now (not clipped at now).
  static json availability(HttpClient& admin, std::int64_t id, std::int64_t t0) {
    auto response = admin.get(api(k_cameras + "/" + std::to_string(id) + "/availability?t0=" + std::to_string(t0) +
                                  "&t1=" + std::to_string(now_utc_ms() + 60'000)));
    EXPECT_EQ(response.status, 200) << response.body;
    return response.status == 200 ? response.json().at("camera") : json::array();
  }

  // How far the recording's end is ahead of the server's clock now (negative: behind, as it should be).
  static std::int64_t recorded_lead_ms(HttpClient& admin, std::int64_t id, std::int64_t t0) {
    auto ranges = availability(admin, id, t0);
    auto now = now_utc_ms();
    return ranges.empty() ? -1'000'000 : ranges.back()[1].get<std::int64_t>() - now;
  }

};

TEST_F(CameraClockTest, AJumpingCameraClockNeverRecordsTheFutureAndEachJumpStartsANewRun) {
  auto admin = signed_in(*server_, k_admin);
  auto t0 = now_utc_ms() - 5'000;
  auto created = admin.request("POST", api(k_cameras),
                               json{{"name", "Jumping clock"}, {"main_rtsp_url", camsim_->rtsp_url(0, "main")}}.dump(),
                               {{"Content-Type", "application/json"}});
  ASSERT_EQ(created.status, 201) << created.body;
  auto id = created.json().at("id").get<std::int64_t>();
  ASSERT_TRUE(poll_until(20s, [&] { return !availability(admin, id, t0).empty(); })) << "nothing recorded";

  // The camera's clock jumps 5 s forward, then 5 s back, six times, 2.5 s apart (more than a GOP, so each jump lands in a fragment of its own); the recording's end is checked
  // every 250 ms meanwhile.
  constexpr int k_cycles = 6;
  std::int64_t worst_lead_ms = recorded_lead_ms(admin, id, t0);
  auto watch = [&](std::chrono::milliseconds duration) {
    auto until = std::chrono::steady_clock::now() + duration;
    while (std::chrono::steady_clock::now() < until) {
      worst_lead_ms = std::max(worst_lead_ms, recorded_lead_ms(admin, id, t0));
      std::this_thread::sleep_for(250ms);
    }
  };
  auto jumps_start_ms = now_utc_ms();
  for (int cycle = 0; cycle < k_cycles; ++cycle) {
    for (std::int64_t offset_ms : {5'000, -5'000}) {
      auto answer = jump_clock(offset_ms);
      ASSERT_EQ(answer.status, 200) << answer.body;
      watch(2500ms);
    }
  }
  EXPECT_EQ(jump_clock(0).json().at("clock_offset_ms"), 0); // back where it started
  watch(3000ms);
  auto jumps_end_ms = now_utc_ms();
  EXPECT_LE(worst_lead_ms, k_max_lead_ms) << "a fragment was indexed in the future";

  // The recording went on through the jumps: one range, no gap (availability merges gaps up to 2 s).
  auto ranges = availability(admin, id, t0);
  ASSERT_FALSE(ranges.empty());
  EXPECT_EQ(ranges.size(), 1u) << ranges.dump();
  EXPECT_LE(ranges.back()[1].get<std::int64_t>(), now_utc_ms() + k_max_lead_ms) << ranges.dump();
  EXPECT_LE(ranges.front()[0].get<std::int64_t>(), jumps_start_ms) << ranges.dump();

  // Each jump started a new recording run: a chunk of its own.
  store::SqliteDatabase database(server_->data_dir() / "argus.db");
  auto chunks = database.chunks_in_range(id, "main", jumps_start_ms, jumps_end_ms);
  EXPECT_GE(chunks.size(), static_cast<std::size_t>(2 * k_cycles)) << "chunks during the jumps";
  for (const auto& chunk : chunks)
    EXPECT_LE(chunk.end_ms, jumps_end_ms + k_max_lead_ms) << chunk.file_path;
  std::printf("[ clock ] worst lead of the recording over the server clock: %lld ms; %zu chunks during %d jumps\n",
              static_cast<long long>(worst_lead_ms), chunks.size(), 2 * k_cycles);
}

} // namespace
} // namespace argus::testing
