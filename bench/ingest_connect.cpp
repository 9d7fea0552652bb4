// Connect time: how long argusd's ingest (media::IngestSource over RTSP/TCP) takes from "connect" to the first
// keyframe it can record and serve live, against camsim (built beside this binary, footage from the build).
//   fresh: nobody plays the camera, so camsim starts a new pipeline for us on a keyframe (a reconnect after the
//          camera came back, or argusd starting);
//   join:  another client keeps the camera's pipeline running, so we join mid-GOP and wait for the next keyframe
//          (camsim's keyframe interval is 2 s: on average ~1 s of that is the camera's, not ours).
// With --h265 the same is measured on an H.265 camera (camsim --h265-cameras 1; needs build/footage/h265).
// Usage: argus_bench_connect [--rounds N] (default 6) [--h265]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "demo/camsim_launcher.hpp"
#include "media/ingest_source.hpp"

using namespace argus;
using Clock = std::chrono::steady_clock;

namespace {

// Milliseconds from creating the source to holding its first (key) packet.
double connect_ms(const std::string& url) {
  auto start = Clock::now();
  media::IngestSource source(url);
  source.open();
  auto packet = source.read();
  if (!packet || !packet->keyframe)
    throw std::runtime_error("no keyframe from " + url);
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void print(const char* label, std::vector<double> values) {
  std::sort(values.begin(), values.end());
  std::printf("ingest connect %s: median %lld ms, min %lld ms, max %lld ms (%zu rounds)\n", label,
              std::llround(values[values.size() / 2]), std::llround(values.front()), std::llround(values.back()),
              values.size());
}

} // namespace

int main(int argc, char** argv) {
  int rounds = 6;
  bool h265 = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc)
      rounds = std::max(1, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--h265"))
      h265 = true;
    else {
      std::fprintf(stderr, "usage: argus_bench_connect [--rounds N] [--h265]\n");
      return 2;
    }
  }
  demo::CamsimOptions options;
  options.cameras = 2;
  if (h265)
    options.extra_args = {"--h265-cameras", "1"};
  demo::CamsimLauncher camsim(options);
  auto url = camsim.rtsp_url(h265 ? 1 : 0, "main");
  const char* codec = h265 ? "H.265" : "H.264";

  std::vector<double> fresh;
  for (int i = 0; i < rounds; ++i) {
    fresh.push_back(connect_ms(url));
    std::this_thread::sleep_for(std::chrono::milliseconds(300)); // the pipeline goes away with its last client
  }
  print((std::string(codec) + " fresh").c_str(), fresh);

  // A second client keeps the pipeline running and notes when each keyframe reaches it; each round starts at a
  // different point of the GOP. Overhead = our first keyframe minus the first keyframe the camera sent after we
  // started connecting (as the viewer got it): the part of the connect time that is not the camera's to decide.
  media::IngestSource viewer(url);
  viewer.open();
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::vector<Clock::time_point> viewer_keyframes;
  std::thread reader([&] {
    while (!stop) {
      auto packet = viewer.read();
      if (!packet)
        break;
      if (packet->keyframe) {
        std::lock_guard lock(mutex);
        viewer_keyframes.push_back(Clock::now());
      }
    }
  });
  std::vector<double> join, overhead;
  for (int i = 0; i < rounds; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(137 * (i + 1)));
    auto start = Clock::now();
    join.push_back(connect_ms(url));
    auto done = Clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(50)); // the viewer notes the same keyframe
    std::lock_guard lock(mutex);
    for (auto keyframe : viewer_keyframes) {
      if (keyframe > start) {
        overhead.push_back(std::chrono::duration<double, std::milli>(done - keyframe).count());
        break;
      }
    }
  }
  stop = true;
  viewer.interrupt();
  reader.join();
  print((std::string(codec) + " join (mid-GOP)").c_str(), join);
  if (!overhead.empty())
    print((std::string(codec) + " join, beyond waiting for the next keyframe").c_str(), overhead);
  return 0;
}
