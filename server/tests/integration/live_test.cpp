// Live video end to end: argusd --demo starts camsim, records the demo cameras and serves LL-HLS and snapshots.
// Skipped when camsim or its footage is missing (`make build` makes both).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include "demo/camsim_launcher.hpp"
#include "support/api_helpers.hpp"
#include "support/demo_media_test.hpp"
#include "support/fmp4_boxes.hpp"
#include "support/media_decode.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

const std::string k_live_1001 = "/n1/cameras/1001/live/main/";

struct Playlist {
  std::string text;
  std::vector<std::string> segments; // seg URIs
  std::vector<std::string> parts;    // part URIs
  std::string preload_hint;
  std::int64_t media_sequence = -1;
  std::int64_t edge_end_ms = 0; // wall-clock end of the newest media in the playlist
};

std::int64_t parse_pdt_ms(const std::string& text) {
  std::tm tm{};
  int ms = 0;
  std::sscanf(text.c_str(), "%d-%d-%dT%d:%d:%d.%dZ", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
              &tm.tm_sec, &ms);
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return static_cast<std::int64_t>(timegm(&tm)) * 1000 + ms;
}

Playlist parse_playlist(const std::string& text) {
  Playlist playlist;
  playlist.text = text;
  std::istringstream lines(text);
  std::string line;
  static const std::regex uri(R"(URI="([^"]+)\")");
  std::int64_t pdt = 0;
  double open_parts_s = 0;
  double last_extinf = 0;
  bool segment_closed = false;
  while (std::getline(lines, line)) {
    std::smatch match;
    if (line.rfind("#EXT-X-MEDIA-SEQUENCE:", 0) == 0)
      playlist.media_sequence = std::stoll(line.substr(22));
    else if (line.rfind("#EXT-X-PROGRAM-DATE-TIME:", 0) == 0) {
      pdt = parse_pdt_ms(line.substr(25));
      open_parts_s = 0;
      segment_closed = false;
    } else if (line.rfind("#EXT-X-PART:", 0) == 0 && std::regex_search(line, match, uri)) {
      playlist.parts.push_back(match[1]);
      open_parts_s += std::stod(line.substr(line.find("DURATION=") + 9));
    } else if (line.rfind("#EXTINF:", 0) == 0) {
      last_extinf = std::stod(line.substr(8));
      segment_closed = true;
    } else if (line.rfind("#EXT-X-PRELOAD-HINT:", 0) == 0 && std::regex_search(line, match, uri))
      playlist.preload_hint = match[1];
    else if (!line.empty() && line[0] != '#')
      playlist.segments.push_back(line);
  }
  playlist.edge_end_ms = pdt + static_cast<std::int64_t>((segment_closed ? last_extinf : open_parts_s) * 1000);
  return playlist;
}

class LiveTest : public DemoMediaTest {
protected:
  // The playlist once the camera has video (at most 10 s after argusd started).
  static Playlist wait_for_playlist(HttpClient& client, const std::string& dir) {
    auto deadline = Clock::now() + 10s;
    for (;;) {
      auto response = client.get(dir + "index.m3u8");
      if (response.status == 200) {
        EXPECT_EQ(response.header("content-type"), "application/vnd.apple.mpegurl");
        EXPECT_EQ(response.header("cache-control"), "no-cache");
        return parse_playlist(response.body);
      }
      EXPECT_EQ(response.status, 503) << response.body;
      if (Clock::now() > deadline) {
        ADD_FAILURE() << "no live playlist within 10 s";
        return {};
      }
      std::this_thread::sleep_for(250ms);
    }
  }
};

TEST_F(LiveTest, CameraListPointsAtLiveEndpointsOnlyForCamerasWithVideo) {
  auto admin = signed_in(server(), k_admin);
  auto response = admin.get(api("/n/101/manage/vision/cameras"));
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.body.find("rtsp://"), std::string::npos);
  bool seen_live = false;
  for (const auto& camera : response.json()) {
    const auto& channel = camera["channel"];
    if (camera["id"] == 1001) {
      seen_live = true;
      EXPECT_EQ(channel["snapshot_url"], "/n1/cameras/1001/snapshot.jpg");
      EXPECT_EQ(channel["livestream_playlist_filename"], "index.m3u8");
      EXPECT_EQ(channel["cloud_proxy_livestream_path"], "/n1/cameras/1001/live/main/");
      EXPECT_EQ(channel["local_lan_livestream_path"], "/n1/cameras/1001/live/sub/");
    }
    if (camera["id"] == 1009 || camera["id"] == 1005) { // seeded offline: no source
      EXPECT_TRUE(channel["snapshot_url"].is_null());
      EXPECT_TRUE(channel["cloud_proxy_livestream_path"].is_null());
    }
  }
  EXPECT_TRUE(seen_live);
}

TEST_F(LiveTest, PlaylistParsesAndItsInitSegmentAndPartsDecode) {
  auto admin = signed_in(server(), k_admin);
  auto playlist = wait_for_playlist(admin, k_live_1001);
  ASSERT_FALSE(playlist.segments.empty()) << playlist.text;
  EXPECT_NE(playlist.text.find("#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES"), std::string::npos);
  EXPECT_NE(playlist.text.find("#EXT-X-MAP:URI=\"init.mp4\""), std::string::npos);
  EXPECT_FALSE(playlist.parts.empty());
  EXPECT_FALSE(playlist.preload_hint.empty());

  auto init = admin.get(k_live_1001 + "init.mp4");
  ASSERT_EQ(init.status, 200);
  EXPECT_EQ(init.header("content-type"), "video/mp4");
  auto segment = admin.get(k_live_1001 + playlist.segments.back());
  ASSERT_EQ(segment.status, 200);
  EXPECT_EQ(segment.header("content-type"), "video/iso.segment");
  auto part = admin.get(k_live_1001 + playlist.parts.back());
  ASSERT_EQ(part.status, 200);

  auto file = fs::temp_directory_path() / ("argus-live-" + std::to_string(::getpid()) + ".mp4");
  {
    std::ofstream out(file, std::ios::binary);
    out << init.body << segment.body;
  }
  auto stats = decode_media_file(file);
  fs::remove(file);
  EXPECT_EQ(stats.error, "");
  EXPECT_GE(stats.frames, 10); // one GOP (2 s)
  EXPECT_EQ(stats.errors, 0);
  EXPECT_EQ(stats.width, 1024); // camera 1001 is the demo's ceiling fisheye: square fisheye footage

  EXPECT_EQ(admin.get(k_live_1001 + "seg999999.m4s").status, 404);
  EXPECT_EQ(admin.get(k_live_1001 + "evil.txt").status, 404);
  EXPECT_EQ(admin.get("/n1/cameras/1001/live/hd/index.m3u8").status, 404);
  EXPECT_EQ(admin.get(k_live_1001 + "index.m3u8?_HLS_msn=99999999").status, 400);
  EXPECT_EQ(admin.get(k_live_1001 + "index.m3u8?_HLS_part=1").status, 400);
  // The sub-stream is live too.
  auto sub = wait_for_playlist(admin, "/n1/cameras/1001/live/sub/");
  EXPECT_FALSE(sub.segments.empty());
}

// Issue 18 (memory per camera): the hub keeps only the live edge in memory; an older segment of the playlist is the
// recorded GOP fragment read back from its chunk file (one moof + mdat, bytes found in the recording), decodable with
// the init segment, and its parts still answer with the same samples.
TEST_F(LiveTest, OlderSegmentsOfThePlaylistAreReadFromTheRecording) {
  auto admin = signed_in(server(), k_admin);
  auto playlist = wait_for_playlist(admin, k_live_1001);
  auto deadline = Clock::now() + 30s;
  while (playlist.segments.size() < 3 && Clock::now() < deadline) {
    std::this_thread::sleep_for(500ms);
    playlist = parse_playlist(admin.get(k_live_1001 + "index.m3u8").body);
  }
  ASSERT_GE(playlist.segments.size(), 3u) << playlist.text;
  const auto& oldest = playlist.segments.front();
  auto segment = admin.get(k_live_1001 + oldest);
  ASSERT_EQ(segment.status, 200);
  EXPECT_EQ(segment.header("cache-control"), "max-age=60");
  const auto& bytes = segment.body;
  ASSERT_GT(bytes.size(), 16u);
  auto moof_size = read_big_endian(bytes, 0, 4);
  EXPECT_EQ(bytes.substr(4, 4), "moof");
  ASSERT_LT(moof_size + 8, bytes.size());
  EXPECT_EQ(bytes.substr(moof_size + 4, 4), "mdat");
  EXPECT_EQ(moof_size + read_big_endian(bytes, moof_size, 4), bytes.size()); // one GOP fragment, nothing else

  bool recorded = false;
  for (const auto& entry : fs::directory_iterator(server().data_dir() / "recordings" / "1001" / "main")) {
    if (entry.path().extension() != ".m4s")
      continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::string chunk((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    recorded = recorded || chunk.find(bytes) != std::string::npos;
  }
  EXPECT_TRUE(recorded) << oldest << " is not a byte range of a chunk file";

  auto init = admin.get(k_live_1001 + "init.mp4");
  ASSERT_EQ(init.status, 200);
  auto file = fs::temp_directory_path() / ("argus-live-old-" + std::to_string(::getpid()) + ".mp4");
  {
    std::ofstream out(file, std::ios::binary);
    out << init.body << bytes;
  }
  auto stats = decode_media_file(file);
  fs::remove(file);
  EXPECT_EQ(stats.error, "");
  EXPECT_GE(stats.frames, 10);
  EXPECT_EQ(stats.errors, 0);

  // Parts of that segment, when still listed: served, and their samples are the segment's.
  auto msn = oldest.substr(3, oldest.size() - 3 - 4);
  for (const auto& uri : playlist.parts) {
    if (uri.rfind("part" + msn + ".", 0) != 0)
      continue;
    auto part = admin.get(k_live_1001 + uri);
    ASSERT_EQ(part.status, 200) << uri;
    auto part_moof = read_big_endian(part.body, 0, 4);
    ASSERT_LT(part_moof + 8, part.body.size());
    EXPECT_NE(bytes.find(part.body.substr(part_moof + 8, 256)), std::string::npos) << uri; // its first video bytes
  }
}

TEST_F(LiveTest, BlockingReloadAnswersWhenTheNextPartArrives) {
  auto admin = signed_in(server(), k_admin);
  auto playlist = wait_for_playlist(admin, k_live_1001);
  ASSERT_FALSE(playlist.preload_hint.empty());
  std::vector<double> waits_ms, edge_ages_ms, capture_ms;
  for (int i = 0; i < 15; ++i) {
    // The hint is part{msn}.{index}.m4s: ask for the playlist that contains it.
    std::smatch match;
    static const std::regex hint(R"(part(\d+)\.(\d+)\.m4s)");
    ASSERT_TRUE(std::regex_match(playlist.preload_hint, match, hint)) << playlist.preload_hint;
    auto start = Clock::now();
    auto response =
        admin.get(k_live_1001 + "index.m3u8?_HLS_msn=" + match[1].str() + "&_HLS_part=" + match[2].str());
    auto waited = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    ASSERT_EQ(response.status, 200);
    auto next = parse_playlist(response.body);
    // It lists the hinted part, or, when the GOP ended there, the first part of the next segment.
    auto next_segment_part = "\"part" + std::to_string(std::stoll(match[1].str()) + 1) + ".0.m4s\"";
    EXPECT_TRUE(next.text.find("\"" + playlist.preload_hint + "\"") != std::string::npos ||
                next.text.find(next_segment_part) != std::string::npos)
        << playlist.preload_hint << "\n"
        << next.text;
    waits_ms.push_back(waited);
    edge_ages_ms.push_back(std::stod(response.header("x-argus-edge-age-us")) / 1000.0);
    capture_ms.push_back(static_cast<double>(now_utc_ms() - next.edge_end_ms));
    EXPECT_LT(waited, 1000);
    playlist = next;
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::printf("[ live latency ] blocking reload held %.1f ms (median); part arrival in hub -> playlist served %.2f ms "
              "(median, max %.2f); wall clock minus PROGRAM-DATE-TIME of the newest media end %.0f ms (median)\n",
              median(waits_ms), median(edge_ages_ms), *std::max_element(edge_ages_ms.begin(), edge_ages_ms.end()),
              median(capture_ms));
  EXPECT_LT(median(edge_ages_ms), 50);
}

TEST_F(LiveTest, SnapshotIsAJpeg) {
  auto admin = signed_in(server(), k_admin);
  wait_for_playlist(admin, k_live_1001);
  auto jpeg = admin.get("/n1/cameras/1001/snapshot.jpg");
  ASSERT_EQ(jpeg.status, 200) << jpeg.body;
  EXPECT_EQ(jpeg.header("content-type"), "image/jpeg");
  ASSERT_GT(jpeg.body.size(), 1000u);
  EXPECT_EQ(jpeg.body.substr(0, 2), "\xFF\xD8");
  auto small = admin.get("/n1/cameras/1001/snapshot.jpg?width=320");
  ASSERT_EQ(small.status, 200);
  EXPECT_LT(small.body.size(), jpeg.body.size());
  EXPECT_EQ(admin.get("/n1/cameras/1001/snapshot.jpg?width=5").status, 400);
}

TEST_F(LiveTest, RightsAndOfflineCameras) {
  auto admin = signed_in(server(), k_admin);
  auto viewer = signed_in(server(), k_viewer); // live right on cameras tagged public only
  wait_for_playlist(admin, k_live_1001);
  // Viewer: 1001 (public) plays live; 1004 (warehouse) is not theirs; no historical right for a past snapshot.
  EXPECT_EQ(viewer.get(k_live_1001 + "index.m3u8").status, 200);
  auto other = viewer.get("/n1/cameras/1004/live/main/index.m3u8").status;
  EXPECT_TRUE(other == 403 || other == 404) << other;
  auto past = viewer.get("/n1/cameras/1001/snapshot.jpg?ts_ms=" + std::to_string(now_utc_ms() - 2000)).status;
  EXPECT_EQ(past, 403);
  // Another organization's camera is unknown here.
  EXPECT_EQ(admin.get("/n1/cameras/2001/live/main/index.m3u8").status, 404);
  EXPECT_EQ(admin.get("/n1/cameras/2001/snapshot.jpg").status, 404);
  // Seeded offline camera (no source): 503 with the contract's message.
  auto offline = admin.get("/n1/cameras/1009/live/main/index.m3u8");
  EXPECT_EQ(offline.status, 503);
  EXPECT_EQ(offline.json()["errors"][0], "Camera is offline");
  EXPECT_EQ(admin.get("/n1/cameras/1009/snapshot.jpg").status, 503);
  EXPECT_EQ(admin.get("/n1/cameras/1009/live/main/init.mp4").status, 503);
  // No session: login mode.
  auto anonymous = server().client();
  EXPECT_EQ(anonymous.get(k_live_1001 + "index.m3u8").status, 401);
}

// Last in the suite: SIGTERM stops argusd (recorder, then camsim) quickly, even with a blocking request held.
TEST_F(LiveTest, ShutdownIsQuickWithARequestHeld) {
  auto admin = signed_in(server(), k_admin);
  auto playlist = wait_for_playlist(admin, k_live_1001);
  auto client = signed_in(server(), k_admin);
  std::atomic<bool> sending{false};
  std::thread held([&] {
    // The segment after the open one completes seconds from now: the request is held meanwhile. The stop may close
    // the connection under it; only the server's stop time is under test here.
    std::smatch match;
    static const std::regex hint(R"(part(\d+)\.(\d+)\.m4s)");
    sending = true;
    try {
      if (std::regex_match(playlist.preload_hint, match, hint))
        client.get(k_live_1001 + "index.m3u8?_HLS_msn=" + std::to_string(std::stoll(match[1].str()) + 1));
    } catch (const std::exception&) {
    }
  });
  while (!sending)
    std::this_thread::sleep_for(5ms);
  std::this_thread::sleep_for(300ms);
  auto start = Clock::now();
  EXPECT_EQ(server().stop(), 0);
  auto took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  held.join();
  std::printf("[ shutdown ] argusd --demo with camsim stopped in %lld ms\n", static_cast<long long>(took.count()));
  EXPECT_LT(took, 3s);
}

} // namespace
} // namespace argus::testing
