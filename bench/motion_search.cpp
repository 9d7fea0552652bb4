// Motion benchmark, two figures (docs/design/motion.md):
// 1. Search: 3 days x 4 cameras of synthetic motion (people-sized blobs walking along a few paths per camera, ~20 % of
//    seconds with motion) written through the real MotionIndexWriter into SQLite; then ROI searches over the whole
//    4-camera x 3-day range, timed end to end (summaries, seconds, consolidation, recap lookup). Target: <= 100 ms.
//    The same search with the event search's people filter: synthetic person and vehicle tracks (one every ~90 s,
//    2..20 s long) stored as object detection stores them, matched to the events, filtered (with_people) and turned
//    into the API's JSON with attributes. Target: <= 100 ms (issue 11).
// 2. Analysis cost: camsim's footage clips (640x360 sub-streams and one 1280x720 main) decoded and analysed at 5 fps
//    by MotionAnalyzer, thread CPU per second of video (target <= 2 % of one core per camera); decode alone for scale.
//
//   argus_bench_motion [iterations=30]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <vector>

#include <time.h>
#include <unistd.h>

#include "analytics/fragment_samples.hpp"
#include "analytics/motion_analyzer.hpp"
#include "analytics/motion_index_writer.hpp"
#include "analytics/motion_search.hpp"
#include "analytics/motion_sink.hpp"
#include "analytics/video_decoder.hpp"
#include "api/event_object_views.hpp"
#include "api/json_views.hpp"
#include "demo/demo_seeder.hpp"
#include "footage_clip.hpp"
#include "services/password_hasher.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "timing/bench_timing.hpp"

namespace fs = std::filesystem;
using namespace argus;
using namespace argus::analytics;

namespace {

using argus::bench::ms_since;

constexpr std::int64_t k_days = 3;
constexpr double k_motion_share = 0.2;
const std::vector<std::int64_t> k_cameras = {1002, 1003, 1004, 1005}; // demo cameras with the 60x34 grid

std::int64_t thread_cpu_ns() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
}

struct Path {
  double x0, y0, x1, y1;
};

// Events of 3..40 s separated by exponential gaps so that ~20 % of seconds have motion; each event moves a 3x5-cell
// blob along one of the camera's three paths (the last one is rarely used, so regions differ in how busy they are).
std::int64_t synthesize(MotionIndexWriter& writer, std::int64_t camera_id, std::int64_t start_s, std::mt19937& random) {
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<Path> paths;
  for (int i = 0; i < 3; ++i)
    paths.push_back({unit(random) * 20, 6 + unit(random) * 10, 40 + unit(random) * 15, 10 + unit(random) * 18});
  std::uniform_int_distribution<int> length(3, 40);
  double mean_event_s = 21.5;
  std::exponential_distribution<double> gap(1.0 / (mean_event_s * (1 - k_motion_share) / k_motion_share));
  std::int64_t seconds = 0;
  auto end_s = start_s + k_days * 86400;
  for (auto t = start_s + static_cast<std::int64_t>(gap(random)); t < end_s;) {
    int duration = length(random);
    const auto& path = paths[unit(random) < 0.45 ? 0 : unit(random) < 0.9 ? 1 : 2];
    for (int s = 0; s < duration && t + s < end_s; ++s) {
      double f = static_cast<double>(s) / duration;
      int col = static_cast<int>(path.x0 + (path.x1 - path.x0) * f);
      int row = static_cast<int>(path.y0 + (path.y1 - path.y0) * f);
      CellLevels levels(k_default_grid);
      for (int r = row; r < std::min(row + 5, 34); ++r)
        for (int c = col; c < std::min(col + 3, 60); ++c)
          levels.levels[static_cast<std::size_t>(r * 60 + c)] = static_cast<std::uint8_t>(40 + random() % 216);
      writer.add_second(camera_id, t + s, levels);
      ++seconds;
    }
    t += duration + 1 + static_cast<std::int64_t>(gap(random));
    if (seconds % 4096 < 64)
      writer.flush();
  }
  writer.flush();
  return seconds;
}

// Person (80 %) and vehicle tracks every ~90 s over the 3 days, 2..20 s long, with random colours; returns how many.
std::int64_t synthesize_tracks(store::Database& database, std::int64_t camera_id, std::int64_t start_s,
                               std::mt19937& random) {
  std::exponential_distribution<double> gap(1.0 / 90);
  std::uniform_int_distribution<int> length_s(2, 20);
  std::uniform_int_distribution<int> colour(0, 9);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<store::ObjectTrackRecord> batch;
  std::int64_t id = 0;
  for (double t = static_cast<double>(start_s); t < static_cast<double>(start_s + k_days * 86400); t += gap(random)) {
    store::ObjectTrackRecord track;
    track.camera_id = camera_id;
    track.track_id = ++id;
    track.object_class = unit(random) < 0.8 ? 0 : 1;
    track.vehicle_type = track.object_class == 1 ? 3 : 0;
    track.start_ms = static_cast<std::int64_t>(t * 1000);
    track.end_ms = track.start_ms + length_s(random) * 1000;
    track.thumbnail_ms = track.start_ms;
    track.moving = unit(random) < 0.7;
    track.top_colours = 1 << colour(random);
    track.bottom_colours = 1 << colour(random);
    track.vehicle_colours = track.object_class == 1 ? 1 << colour(random) : 0;
    track.confidence = 0.7;
    batch.push_back(std::move(track));
    if (batch.size() == 2000) {
      database.append_objects({}, batch);
      batch.clear();
    }
  }
  database.append_objects({}, batch);
  return id;
}

struct Figures {
  double median_ms = 0;
  double p99_ms = 0;
  std::size_t events = 0;
  std::int64_t seconds_read = 0;
};

// A search of one camera over the whole 3 days.
MotionQuery three_day_query(std::int64_t camera, std::int64_t start_s, const Roi& roi) {
  MotionQuery query;
  query.camera_id = camera;
  query.start_s = start_s;
  query.end_s = start_s + k_days * 86400;
  query.roi = roi;
  return query;
}

Figures time_search(store::Database& database, std::int64_t start_s, const Roi& roi, int sensitivity, int iterations) {
  std::vector<double> times;
  Figures figures;
  for (int i = 0; i < iterations; ++i) {
    std::size_t events = 0;
    std::int64_t seconds_read = 0;
    auto started = std::chrono::steady_clock::now();
    for (auto camera : k_cameras) {
      MotionSearch search(database);
      auto query = three_day_query(camera, start_s, roi);
      query.sensitivity = sensitivity;
      events += search.run(query, k_default_grid).size();
      seconds_read += search.stats().seconds;
    }
    times.push_back(ms_since(started));
    figures.events = events;
    figures.seconds_read = seconds_read;
  }
  std::sort(times.begin(), times.end());
  figures.median_ms = times[times.size() / 2];
  figures.p99_ms = times[std::min(times.size() - 1, static_cast<std::size_t>(times.size() * 0.99))];
  return figures;
}

// The event search's call for 4 cameras with with_people=true and include_attributes=true, end to end but HTTP.
Figures time_people_search(store::Database& database, std::int64_t start_s, int iterations) {
  std::vector<double> times;
  Figures figures;
  for (int i = 0; i < iterations; ++i) {
    std::size_t events = 0;
    auto started = std::chrono::steady_clock::now();
    for (auto camera : k_cameras) {
      MotionSearch search(database);
      auto query = three_day_query(camera, start_s, Roi::whole(k_default_grid));
      query.images = EventImages::none;
      api::ObjectFilters filters;
      filters.with_people = true;
      filters.include_attributes = true;
      auto found = api::with_objects(
          search.run(query, k_default_grid),
          database.object_tracks_in_range({camera}, query.start_s * 1000, query.end_s * 1000, {}), filters);
      auto answer = api::motion_search_json(found.events, camera, k_default_grid, [](std::int64_t) { return ""; });
      api::add_object_fields(answer, found, camera, true);
      events += found.events.size();
    }
    times.push_back(ms_since(started));
    figures.events = events;
  }
  std::sort(times.begin(), times.end());
  figures.median_ms = times[times.size() / 2];
  figures.p99_ms = times[std::min(times.size() - 1, static_cast<std::size_t>(times.size() * 0.99))];
  return figures;
}

class DiscardingSink : public MotionSink {
public:
  void on_motion_second(std::int64_t, std::int64_t, const CellLevels&) override { ++seconds; }
  void on_recap(std::int64_t, std::int64_t, int, const std::string& jpeg) override { recap_bytes += jpeg.size(); }
  std::int64_t seconds = 0;
  std::size_t recap_bytes = 0;
};

void analysis_cost(const fs::path& footage_dir) {
  for (const char* name : {"01-vtest_sub", "02-tree_sub", "03-megamind_sub", "01-vtest_main"}) {
    auto path = footage_dir / (std::string(name) + ".mp4");
    if (!fs::exists(path)) {
      std::printf("motion analysis %s: skipped (no footage; build the footage target)\n", name);
      continue;
    }
    auto clip = testing::footage_clip(path, 1'800'000'000'000, 2);
    DiscardingSink sink;
    MotionAnalyzer analyzer(1, clip.info, k_default_grid, sink);
    auto cpu = thread_cpu_ns();
    for (const auto& fragment : clip.fragments)
      analyzer.push_fragment(fragment.bytes->contiguous());
    analyzer.finish();
    auto analysis_ns = thread_cpu_ns() - cpu;
    VideoDecoder decoder(clip.info);
    cpu = thread_cpu_ns();
    for (const auto& fragment : clip.fragments) {
      auto bytes = fragment.bytes->contiguous();
      for (const auto& sample : fragment_samples(bytes))
        decoder.decode(sample.data, sample.dts_90k, [](const VideoDecoder::Frame&) {});
    }
    auto decode_ns = thread_cpu_ns() - cpu;
    auto video_ms = static_cast<double>(analyzer.counters().media_ms);
    std::printf("motion analysis %s %dx%d: %.2f %% of one core per camera at 5 fps (%lld of %lld frames analysed; "
                "decode alone %.2f %%; %lld motion seconds, %lld recaps, %.1f KiB JPEG)\n",
                name, clip.info.width, clip.info.height, 100.0 * static_cast<double>(analysis_ns) / 1e6 / video_ms,
                static_cast<long long>(analyzer.counters().frames_analyzed),
                static_cast<long long>(analyzer.counters().frames_decoded),
                100.0 * static_cast<double>(decode_ns) / 1e6 / video_ms, static_cast<long long>(sink.seconds),
                static_cast<long long>(analyzer.counters().recaps), static_cast<double>(sink.recap_bytes) / 1024);
  }
}

} // namespace

int main(int argc, char** argv) {
  int iterations = argc > 1 ? std::max(3, std::atoi(argv[1])) : 30;
  auto dir = fs::temp_directory_path() / ("argus-bench-motion-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    store::SqliteDatabase database(dir / "argus.db");
    services::PasswordHasher hasher(services::PasswordHasher::Strength::minimal);
    demo::DemoSeeder(database, hasher, dir).seed();
    std::mt19937 random(20240601);
    auto start_s = std::int64_t{1'800'000'000} / 86400 * 86400;
    MotionIndexWriter writer(database);
    auto built = std::chrono::steady_clock::now();
    std::int64_t seconds = 0;
    for (auto camera : k_cameras)
      seconds += synthesize(writer, camera, start_s, random);
    std::printf("motion index: %lld seconds with motion over %lld days x %zu cameras (%.1f %%), written in %.1f s, "
                "database %.1f MiB\n",
                static_cast<long long>(seconds), static_cast<long long>(k_days), k_cameras.size(),
                100.0 * static_cast<double>(seconds) / static_cast<double>(k_days * 86400 * k_cameras.size()),
                ms_since(built) / 1000, static_cast<double>(fs::file_size(dir / "argus.db")) / (1 << 20));
    struct Case {
      const char* name;
      Roi roi;
      int sensitivity;
    };
    for (const auto& c : {Case{"whole grid", Roi::whole(k_default_grid), 100},
                          Case{"whole grid, sensitivity 50", Roi::whole(k_default_grid), 50},
                          Case{"10x8 region", {20, 12, 10, 8}, 100}, Case{"6x6 corner, quiet", {54, 0, 6, 6}, 100}}) {
      auto figures = time_search(database, start_s, c.roi, c.sensitivity, iterations);
      std::printf("motion search 4 cameras x 3 days, %s: median %.1f ms, p99 %.1f ms (%zu events, %lld seconds read)\n",
                  c.name, figures.median_ms, figures.p99_ms, figures.events,
                  static_cast<long long>(figures.seconds_read));
    }
    std::int64_t tracks = 0;
    for (auto camera : k_cameras)
      tracks += synthesize_tracks(database, camera, start_s, random);
    auto people = time_people_search(database, start_s, iterations);
    std::printf("event search 4 cameras x 3 days, people filter with attributes (%lld tracks): median %.1f ms, p99 "
                "%.1f ms (%zu events with people)\n",
                static_cast<long long>(tracks), people.median_ms, people.p99_ms, people.events);
  }
  fs::remove_all(dir);
  analysis_cost(ARGUS_FOOTAGE_DIR);
  return 0;
}
