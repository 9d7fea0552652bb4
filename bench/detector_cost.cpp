// Detector cost (issue 11, docs/design/detection.md): latency and CPU per frame of each detector on frames of the demo
// footage (camsim's vtest clip, people walking; the 640x360 sub-stream detection runs on, and the 1280x720 main),
// with OpenCV's thread pool at 1 thread and at every core. NanoDet at its trained 416x416 input and at 416x256 (a
// 16:9 frame letterboxed with less black), the HOG people fallback at its 800 px working width. Then what appearance
// embeddings add on the sub-stream (docs/design/detection.md "Appearance and similarity"): NanoDet 416x256 with and
// without fetching its feature map (frames alternate between the two, so load on the machine hits both alike), and
// features_at + appearance_embedding per person.
//
//   argus_bench_detector [--frames 40] [--model build/models/nanodet.onnx] [--clip PATH]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <opencv2/core/utility.hpp>
#include <opencv2/videoio.hpp>

#include "detection/appearance.hpp"
#include "detection/hog_people_detector.hpp"
#include "detection/nanodet_detector.hpp"

namespace {

using namespace argus::detection;

double process_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

// `count` frames spread evenly over the clip.
std::vector<cv::Mat> read_frames(const std::filesystem::path& clip, int count) {
  cv::VideoCapture capture(clip.string(), cv::CAP_FFMPEG);
  std::vector<cv::Mat> all;
  for (cv::Mat frame; capture.read(frame);)
    all.push_back(frame.clone());
  std::vector<cv::Mat> picked;
  for (int i = 0; i < count && !all.empty(); ++i)
    picked.push_back(all[all.size() * static_cast<std::size_t>(i) / static_cast<std::size_t>(count)]);
  return picked;
}

struct Figures {
  double mean_ms = 0;
  double p90_ms = 0;
  double cpu_ms = 0; // process CPU per frame (all OpenCV threads)
  double people = 0; // per frame
};

Figures measure(Detector& detector, const std::vector<cv::Mat>& frames) {
  detector.detect(frames.front()); // warm-up: first-call allocations
  std::vector<double> latencies;
  double people = 0;
  const double cpu_start = process_cpu_ms();
  for (const cv::Mat& frame : frames) {
    const auto start = std::chrono::steady_clock::now();
    const auto detections = detector.detect(frame);
    latencies.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    people += static_cast<double>(std::count_if(detections.begin(), detections.end(), [](const Detection& d) {
      return d.object_class == ObjectClass::person;
    }));
  }
  Figures out;
  out.cpu_ms = (process_cpu_ms() - cpu_start) / static_cast<double>(frames.size());
  std::sort(latencies.begin(), latencies.end());
  for (double latency : latencies)
    out.mean_ms += latency / static_cast<double>(latencies.size());
  out.p90_ms = latencies[latencies.size() * 9 / 10];
  out.people = people / static_cast<double>(frames.size());
  return out;
}

void report(const std::string& what, const cv::Mat& sample, int threads, const Figures& figures) {
  std::printf("detector %s on %dx%d, %d thread%s: %.1f ms/frame mean, %.1f ms p90, %.1f ms CPU/frame "
              "(%.1f %% of a core at 1 detection/s), %.1f people/frame\n",
              what.c_str(), sample.cols, sample.rows, threads, threads == 1 ? "" : "s", figures.mean_ms, figures.p90_ms,
              figures.cpu_ms, figures.cpu_ms / 10.0, figures.people);
  std::fflush(stdout);
}

double elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void measure_appearance(const std::filesystem::path& model, const std::vector<cv::Mat>& frames) {
  cv::setNumThreads(1);
  NanoDetOptions options;
  options.input_height = 256;
  std::string error;
  auto with = NanoDetDetector::load(model, error, options);
  options.features = false;
  auto without = NanoDetDetector::load(model, error, options);
  if (!with || !without) {
    std::printf("appearance: skipped (%s)\n", error.c_str());
    return;
  }
  with->detect(frames.front());
  without->detect(frames.front());
  std::vector<double> with_ms, without_ms;
  double embedding_ms = 0;
  int people = 0;
  for (const cv::Mat& frame : frames) {
    auto start = std::chrono::steady_clock::now();
    without->detect(frame);
    without_ms.push_back(elapsed_ms(start));
    start = std::chrono::steady_clock::now();
    const auto detections = with->detect(frame);
    with_ms.push_back(elapsed_ms(start));
    start = std::chrono::steady_clock::now();
    for (const Detection& detection : detections) {
      if (detection.object_class != ObjectClass::person)
        continue;
      appearance_embedding(frame, detection.box, with->features_at(detection.box));
      ++people;
    }
    embedding_ms += elapsed_ms(start);
  }
  // Medians: other work on the machine lengthens a few frames a lot, which would swamp a difference of means.
  auto median = [](std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
  };
  std::printf("appearance: nanodet 416x256 on %dx%d, 1 thread: median %.1f ms/frame with its feature map, %.1f ms "
              "without (%+.1f ms); features_at + appearance_embedding %.3f ms per person\n",
              frames.front().cols, frames.front().rows, median(with_ms), median(without_ms),
              median(with_ms) - median(without_ms), embedding_ms / std::max(people, 1));
}

} // namespace

int main(int argc, char** argv) {
  int frame_count = 40;
  std::filesystem::path model = ARGUS_NANODET_ONNX;
  std::vector<std::filesystem::path> clips = {std::filesystem::path(ARGUS_FOOTAGE_DIR) / "01-vtest_sub.mp4",
                                              std::filesystem::path(ARGUS_FOOTAGE_DIR) / "01-vtest_main.mp4"};
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--frames") == 0)
      frame_count = std::max(2, std::atoi(argv[i + 1]));
    else if (std::strcmp(argv[i], "--model") == 0)
      model = argv[i + 1];
    else if (std::strcmp(argv[i], "--clip") == 0)
      clips = {argv[i + 1]};
  }
  const int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  std::vector<int> thread_counts = {1};
  if (cores > 1)
    thread_counts.push_back(cores);

  for (const auto& clip : clips) {
    const auto frames = read_frames(clip, frame_count);
    if (frames.empty()) {
      std::printf("detector: skipped %s (no footage; build the footage target)\n", clip.c_str());
      continue;
    }
    for (int threads : thread_counts) {
      cv::setNumThreads(threads);
      for (const auto& [width, height] : {std::pair{416, 416}, std::pair{416, 256}}) {
        NanoDetOptions options;
        options.input_width = width;
        options.input_height = height;
        std::string error;
        auto nanodet = NanoDetDetector::load(model, error, options);
        const std::string name = "nanodet " + std::to_string(width) + "x" + std::to_string(height);
        if (!nanodet) {
          std::printf("detector %s: skipped (%s)\n", name.c_str(), error.c_str());
          continue;
        }
        report(name, frames.front(), threads, measure(*nanodet, frames));
      }
      HogPeopleDetector hog;
      report("hog (fit in 800x800)", frames.front(), threads, measure(hog, frames));
    }
    if (clip == clips.front())
      measure_appearance(model, frames);
  }
  return 0;
}
