// Historical playback against a real argusd: recordings are written into its data directory at a fixed time in the
// past (support/synthetic_recording.hpp), so that the test does not depend on camsim timing. Then: availability, file
// records, the VOD playlist, byte-range fetches of its first segment (decoded with libavcodec), permissions and bad
// input.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include "media/fragmenter.hpp"
#include "media/ingest_source.hpp"
#include "media/recording_store.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "support/api_helpers.hpp"
#include "support/media_decode.hpp"
#include "support/synthetic_recording.hpp"
#include "support/vod_playlist.hpp"

namespace argus::testing {
namespace {
namespace fs = std::filesystem;

constexpr std::int64_t k_camera = 1001; // Warehouse HQ, tagged public: the viewer has live but not historical
constexpr int k_clip_s = k_test_clip_s;

std::int64_t wall_ms() {
  return wall_clock_ms();
}

fs::path make_clip(const fs::path& dir) {
  return make_test_clip(dir);
}

std::int64_t record(store::Database& database, const fs::path& data_dir, const fs::path& clip, std::int64_t start_ms,
                    int loops, std::int64_t camera_id = k_camera) {
  return record_clip(database, data_dir, clip, start_ms, loops, camera_id);
}

// "../../recordings/X" relative to /n1/cameras/{id}/history/main/index.m3u8.
std::string resolve(const std::string& uri) {
  EXPECT_EQ(uri.rfind("../../recordings/", 0), 0u) << uri;
  return api("/cameras/" + std::to_string(k_camera) + "/" + uri.substr(6));
}

class HistoryTest : public SharedArgusdTest {
public:
  static void SetUpTestSuite() {
    SharedArgusdTest::SetUpTestSuite();
    auto clip = make_clip(server().data_dir().parent_path());
    if (clip.empty())
      return;
    // Two recordings an hour ago: 18 s, a 60 s gap, then 12 s.
    first_start_ms_ = (wall_ms() - 3'600'000) / 1000 * 1000;
    second_start_ms_ = first_start_ms_ + 3 * k_clip_s * 1000 + 60'000;
    store::SqliteDatabase database(server().data_dir() / "argus.db");
    first_ms_ = record(database, server().data_dir(), clip, first_start_ms_, 3);
    second_ms_ = record(database, server().data_dir(), clip, second_start_ms_, 2);
    recorded_ = first_ms_ >= 8000 && second_ms_ >= 4000;
    clip_ = clip;
  }

protected:
  void SetUp() override {
    SharedArgusdTest::SetUp();
    if (!recorded_)
      GTEST_SKIP() << "ffmpeg (libx264) missing or clip unreadable: no recording";
  }

  std::string playlist_path(std::int64_t start_ms, std::int64_t end_ms, const std::string& camera = "1001") {
    return api("/cameras/" + camera + "/history/main/index.m3u8?start_ms=" + std::to_string(start_ms) +
               "&end_ms=" + std::to_string(end_ms));
  }

  static inline std::int64_t first_start_ms_ = 0;
  static inline std::int64_t second_start_ms_ = 0;
  static inline std::int64_t first_ms_ = 0; // recorded duration of each recording
  static inline std::int64_t second_ms_ = 0;
  static inline bool recorded_ = false;
  static inline fs::path clip_;
};

TEST_F(HistoryTest, AvailabilityListsTheRecordedRanges) {
  auto admin = signed_in(server(), k_admin);
  auto response =
      admin.get(api("/n/101/manage/vision/cameras/1001/availability?t0=" + std::to_string(first_start_ms_ - 600'000) +
                    "&t1=" + std::to_string(second_start_ms_ + 600'000)));
  ASSERT_EQ(response.status, 200) << response.body;
  auto body = response.json();
  EXPECT_EQ(body["cloud"], nlohmann::json::array());
  ASSERT_EQ(body["camera"].size(), 2u) << body.dump();
  EXPECT_NEAR(body["camera"][0][0].get<double>(), first_start_ms_, 50);
  EXPECT_NEAR(body["camera"][0][1].get<double>(), first_start_ms_ + first_ms_, 200);
  EXPECT_NEAR(body["camera"][1][0].get<double>(), second_start_ms_, 50);
  EXPECT_NEAR(body["camera"][1][1].get<double>(), second_start_ms_ + second_ms_, 200);
  // Clipped to the question.
  auto clipped =
      admin
          .get(api("/n/101/manage/vision/cameras/1001/availability?t0=" + std::to_string(first_start_ms_ + 1000) +
                   "&t1=" + std::to_string(first_start_ms_ + 5000)))
          .json();
  EXPECT_EQ(clipped["camera"], nlohmann::json::parse("[[" + std::to_string(first_start_ms_ + 1000) + "," +
                                                     std::to_string(first_start_ms_ + 5000) + "]]"));
}

TEST_F(HistoryTest, AvailabilityRejectsBadSpansAndWrongNetwork) {
  auto admin = signed_in(server(), k_admin);
  auto path = [](const std::string& network, const std::string& t0, const std::string& t1) {
    return api("/n/" + network + "/manage/vision/cameras/1001/availability?t0=" + t0 + "&t1=" + t1);
  };
  EXPECT_EQ(admin.get(path("101", "2000", "1000")).status, 400);
  EXPECT_EQ(admin.get(path("101", "1000", "1000")).status, 400);
  EXPECT_EQ(admin.get(path("101", "0", std::to_string(32ll * 86'400'000))).status, 400);
  EXPECT_EQ(admin.get(path("101", "abc", "1000")).status, 400);
  EXPECT_EQ(admin.get(api("/n/101/manage/vision/cameras/1001/availability?t0=1")).status, 400);
  EXPECT_EQ(admin.get(path("102", "0", "1000")).status, 404); // camera of another network
  EXPECT_EQ(admin.get(path("101", "0", "1000")).json()["camera"], nlohmann::json::array());
}

TEST_F(HistoryTest, FileRecordOkAndNoVideo) {
  auto admin = signed_in(server(), k_admin);
  auto at = [&](std::int64_t ts) { return admin.get(api("/cameras/1001/file_record?ts_ms=" + std::to_string(ts))); };
  auto ok = at(first_start_ms_ + 5000);
  ASSERT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(ok.json()["video_status"], "ok");
  EXPECT_NEAR(ok.json()["start_ms"].get<double>(), first_start_ms_, 50);
  EXPECT_TRUE(ok.json()["reason"].is_null());

  auto gap = at(first_start_ms_ + 40'000).json();
  EXPECT_EQ(gap["video_status"], "no_video");
  EXPECT_NEAR(gap["next_start_ms"].get<double>(), second_start_ms_, 50);
  EXPECT_EQ(gap["reason"], "camera_offline"); // a gap inside the retained span: the camera delivered no video
  EXPECT_EQ(gap["ts_ms"], first_start_ms_ + 40'000);

  auto before = at(first_start_ms_ - 600'000).json();
  EXPECT_EQ(before["video_status"], "no_video");
  EXPECT_EQ(before["reason"], "beyond_retention");

  // After the last recording, the camera (no source URL here) not recording: offline, not "beyond retention".
  auto after = at(second_start_ms_ + second_ms_ + 600'000).json();
  EXPECT_EQ(after["video_status"], "no_video");
  EXPECT_EQ(after["reason"], "camera_offline");
  EXPECT_TRUE(after["next_start_ms"].is_null());
  EXPECT_EQ(at(wall_ms() + 3'600'000).json()["reason"], "not_yet_available"); // still to come

  EXPECT_EQ(at(first_start_ms_).json()["video_status"], "ok");
  EXPECT_EQ(admin.get(api("/cameras/1001/file_record?ts_ms=12x")).status, 400);
  EXPECT_EQ(admin.get(api("/cameras/1001/file_record")).status, 400);
}

TEST_F(HistoryTest, FileRecordGapReasonFollowsTheRetentionDays) {
  // Camera 1002 has no recording at all and the default retention of 30 days.
  auto admin = signed_in(server(), k_admin);
  auto at = [&](std::int64_t ts) {
    auto response = admin.get(api("/cameras/1002/file_record?ts_ms=" + std::to_string(ts)));
    EXPECT_EQ(response.status, 200) << response.body;
    return response.json();
  };
  constexpr std::int64_t k_day_ms = 86'400'000;
  auto inside = at(wall_ms() - 29 * k_day_ms);
  EXPECT_EQ(inside["video_status"], "no_video");
  EXPECT_EQ(inside["reason"], "camera_offline");
  auto older = at(wall_ms() - 31 * k_day_ms);
  EXPECT_EQ(older["video_status"], "no_video");
  EXPECT_EQ(older["reason"], "beyond_retention");
}

TEST_F(HistoryTest, PlaylistFirstSegmentIsServedAsARangeAndDecodes) {
  auto admin = signed_in(server(), k_admin);
  auto response = admin.get(playlist_path(first_start_ms_ - 60'000, second_start_ms_ + 60'000));
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.header("content-type"), "application/vnd.apple.mpegurl");
  auto playlist = parse_vod_playlist(response.body);
  EXPECT_TRUE(playlist.ended);
  ASSERT_FALSE(playlist.maps.empty()) << response.body;    // the same bytes share one init segment row
  EXPECT_EQ(playlist.discontinuities, 1) << response.body; // the 60 s gap
  ASSERT_EQ(playlist.segments.size(), static_cast<std::size_t>((first_ms_ + second_ms_) / 2000))
      << response.body; // 2 s GOPs
  const auto& first = playlist.segments.front();
  EXPECT_EQ(first.offset, 0);

  auto init = admin.get(resolve(playlist.maps.front()));
  ASSERT_EQ(init.status, 200) << init.body;
  EXPECT_EQ(init.header("content-type"), "video/mp4");

  auto url = resolve(first.uri);
  auto whole = admin.get(url);
  ASSERT_EQ(whole.status, 200);
  EXPECT_EQ(whole.header("accept-ranges"), "bytes");
  EXPECT_EQ(whole.header("cache-control"), "private, max-age=3600");
  EXPECT_EQ(whole.header("content-type"), "video/iso.segment");

  auto range = "bytes=" + std::to_string(first.offset) + "-" + std::to_string(first.offset + first.size - 1);
  auto part = admin.get(url, {{"Range", range}});
  ASSERT_EQ(part.status, 206) << part.body;
  EXPECT_EQ(part.header("content-range"), "bytes " + std::to_string(first.offset) + "-" +
                                              std::to_string(first.offset + first.size - 1) + "/" +
                                              std::to_string(whole.body.size()));
  ASSERT_EQ(part.body.size(), static_cast<std::size_t>(first.size));
  EXPECT_EQ(part.body, whole.body.substr(first.offset, first.size));

  auto second = playlist.segments[1];
  auto next = admin.get(resolve(second.uri), {{"Range", "bytes=" + std::to_string(second.offset) + "-" +
                                                            std::to_string(second.offset + second.size - 1)}});
  ASSERT_EQ(next.status, 206);

  auto file = server().data_dir().parent_path() / "first-segments.mp4";
  {
    std::ofstream out(file, std::ios::binary);
    out << init.body << part.body << next.body;
  }
  auto decoded = decode_media_file(file);
  EXPECT_EQ(decoded.error, "");
  EXPECT_EQ(decoded.errors, 0);
  EXPECT_EQ(decoded.frames, 100); // two 2 s GOPs at 25 fps

  auto beyond = admin.get(url, {{"Range", "bytes=" + std::to_string(whole.body.size()) + "-"}});
  EXPECT_EQ(beyond.status, 416);
  EXPECT_EQ(beyond.header("content-range"), "bytes */" + std::to_string(whole.body.size()));
}

TEST_F(HistoryTest, PlaylistOfARangeWithoutVideoIs404) {
  auto admin = signed_in(server(), k_admin);
  auto gap = admin.get(playlist_path(first_start_ms_ + 30'000, first_start_ms_ + 60'000));
  EXPECT_EQ(gap.status, 404);
  EXPECT_EQ(gap.json(), nlohmann::json::parse(R"({"errors":["No video in this range"]})"));
  EXPECT_EQ(admin.get(playlist_path(1000, 2000)).status, 404);
}

TEST_F(HistoryTest, MalformedInputIs400) {
  auto admin = signed_in(server(), k_admin);
  EXPECT_EQ(admin.get(playlist_path(2000, 1000)).status, 400);
  EXPECT_EQ(admin.get(playlist_path(0, 86'400'001)).status, 400);
  EXPECT_EQ(admin.get(playlist_path(1000, 2000, "abc")).status, 400);
  EXPECT_EQ(admin.get(api("/cameras/1001/history/main/index.m3u8?start_ms=1.5&end_ms=2000")).status, 400);
  EXPECT_EQ(admin.get(api("/cameras/1001/history/main/index.m3u8?end_ms=2000")).status, 400);
  EXPECT_EQ(admin.get(api("/cameras/1001/history/hd/index.m3u8?start_ms=1&end_ms=2")).status, 400);
  for (const char* file : {"abc.m4s", "1.mp4", "-1.m4s", "01.m4s", "1.m4s.bak", ".m4s", "1"})
    EXPECT_EQ(admin.get(api("/cameras/1001/recordings/") + file).status, 400) << file;
  EXPECT_EQ(admin.get(api("/cameras/1001/recordings/init/x.mp4")).status, 400);
  EXPECT_EQ(admin.get(api("/cameras/1001/recordings/999999.m4s")).status, 404);
  EXPECT_EQ(admin.get(api("/cameras/1001/recordings/init/999999.mp4")).status, 404);
}

TEST_F(HistoryTest, PermissionsAndOtherCamerasFiles) {
  auto admin = signed_in(server(), k_admin);
  auto playlist = parse_vod_playlist(admin.get(playlist_path(first_start_ms_, first_start_ms_ + 10'000)).body);
  ASSERT_FALSE(playlist.segments.empty());
  auto chunk = playlist.segments.front().uri.substr(std::string("../../recordings/").size());

  // Another camera's id with this chunk: never served (the chunk must belong to the camera in the path).
  EXPECT_EQ(admin.get(api("/cameras/1002/recordings/" + chunk)).status, 404);
  // Another organization's camera: 404 like a missing one.
  auto foreign = admin.get(playlist_path(first_start_ms_, first_start_ms_ + 10'000, "2001"));
  auto missing = admin.get(playlist_path(first_start_ms_, first_start_ms_ + 10'000, "999999"));
  EXPECT_EQ(foreign.status, 404);
  EXPECT_EQ(foreign.body, missing.body);

  auto viewer = signed_in(server(), k_viewer); // live only
  auto denied = viewer.get(playlist_path(first_start_ms_, first_start_ms_ + 10'000));
  EXPECT_EQ(denied.status, 403);
  EXPECT_EQ(denied.json()["errors"][0], "Unable to complete action, please check your permission");
  EXPECT_EQ(viewer.get(api("/cameras/1001/recordings/" + chunk)).status, 403);
  EXPECT_EQ(viewer.get(api("/cameras/1001/file_record?ts_ms=1")).status, 403);
  EXPECT_EQ(viewer.get(api("/n/101/manage/vision/cameras/1001/availability?t0=0&t1=1000")).status, 403);

  auto anonymous = server().client();
  EXPECT_EQ(anonymous.get(api("/cameras/1001/recordings/" + chunk)).status, 401);
}

// Issue 17 item 17: a chunk file truncated, then overwritten at its start. The damaged range answers clean 404s
// (playlist leaves it out, byte ranges past the end, snapshots), the rest plays, and the server logs it once per file.
TEST_F(HistoryTest, DamagedChunkAnswersCleanErrorsAndTheRestPlays) {
  constexpr std::int64_t k_damaged_camera = 1008; // Warehouse HQ, no other recording in this suite
  auto start_ms = (wall_ms() - 1'800'000) / 1000 * 1000;
  fs::path chunk_path;
  {
    store::SqliteDatabase database(server().data_dir() / "argus.db");
    ASSERT_GE(record(database, server().data_dir(), clip_, start_ms, 3, k_damaged_camera), 8000);
  }
  auto admin = signed_in(server(), k_admin);
  auto playlist_of = [&] {
    return admin.get(playlist_path(start_ms - 60'000, start_ms + 60'000, std::to_string(k_damaged_camera)));
  };
  auto intact = parse_vod_playlist(playlist_of().body);
  ASSERT_GE(intact.segments.size(), 4u);
  const auto& uri = intact.segments.front().uri;
  for (const auto& segment : intact.segments)
    ASSERT_EQ(segment.uri, uri) << "one chunk expected";
  auto chunk_url = api("/cameras/" + std::to_string(k_damaged_camera) + "/" + uri.substr(6));
  {
    store::SqliteDatabase database(server().data_dir() / "argus.db");
    auto chunk_id = std::stoll(uri.substr(std::string("../../recordings/").size()));
    auto chunk = database.find_chunk(chunk_id);
    ASSERT_TRUE(chunk);
    chunk_path = server().data_dir() / chunk->file_path;
  }
  auto range_of = [](const VodSegment& segment) {
    return "bytes=" + std::to_string(segment.offset) + "-" + std::to_string(segment.offset + segment.size - 1);
  };
  auto is_clean_404 = [](const HttpResponse& response) {
    EXPECT_EQ(response.status, 404) << response.body;
    EXPECT_EQ(response.header("content-type").rfind("application/json", 0), 0u) << response.body;
    return response.status == 404 && response.body.find("damaged") != std::string::npos;
  };

  // Truncated in the middle of its third fragment.
  const auto& cut = intact.segments[2];
  fs::resize_file(chunk_path, static_cast<std::uintmax_t>(cut.offset + cut.size / 2));
  for (int request = 0; request < 3; ++request) {
    auto damaged = parse_vod_playlist(playlist_of().body);
    EXPECT_EQ(damaged.segments.size(), 2u); // the two intact fragments
    for (const auto& segment : damaged.segments)
      EXPECT_EQ(admin.get(chunk_url, {{"Range", range_of(segment)}}).status, 206);
    EXPECT_TRUE(is_clean_404(admin.get(chunk_url, {{"Range", range_of(cut)}})));
    EXPECT_TRUE(is_clean_404(admin.get(api("/cameras/" + std::to_string(k_damaged_camera) +
                                           "/snapshot.jpg?ts_ms=" + std::to_string(start_ms + 4500)))));
  }
  auto first_snapshot = admin.get(api("/cameras/" + std::to_string(k_damaged_camera) +
                                      "/snapshot.jpg?ts_ms=" + std::to_string(start_ms + 500)));
  EXPECT_EQ(first_snapshot.status, 200); // the intact start still answers

  // Then garbage over its first fragment's header: it too leaves the playlist, its snapshot is a clean 404.
  {
    std::fstream file(chunk_path, std::ios::binary | std::ios::in | std::ios::out);
    std::string garbage(64, '\xab');
    file.seekp(0);
    file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  }
  for (int request = 0; request < 3; ++request) {
    auto damaged = parse_vod_playlist(playlist_of().body);
    EXPECT_EQ(damaged.segments.size(), 1u);
    EXPECT_TRUE(!damaged.segments.empty() && damaged.segments.front().offset == intact.segments[1].offset);
    // Another instant of that GOP: the image taken at start_ms + 500 before the damage stays cached (it was real).
    EXPECT_TRUE(is_clean_404(admin.get(api("/cameras/" + std::to_string(k_damaged_camera) +
                                           "/snapshot.jpg?ts_ms=" + std::to_string(start_ms + 700)))));
  }
  EXPECT_EQ(admin.get(playlist_path(first_start_ms_, first_start_ms_ + 10'000)).status, 200) << "still serving";

  // One warning for the file, however many requests met the damage.
  auto output = server().output();
  std::size_t lines = 0;
  for (auto at = output.find("damaged recording " + chunk_path.string()); at != std::string::npos;
       at = output.find("damaged recording " + chunk_path.string(), at + 1))
    ++lines;
  EXPECT_EQ(lines, 1u) << output;
}

} // namespace
} // namespace argus::testing
