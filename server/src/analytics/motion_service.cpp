#include "analytics/motion_service.hpp"

#include <chrono>

#include <spdlog/spdlog.h>

#include "analytics/motion_retention.hpp"
#include "common/thread_info.hpp"
#include "media/fragmenter.hpp"
#include "store/database.hpp"

namespace argus::analytics {
namespace {

std::int64_t system_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

} // namespace

struct MotionService::Job {
  enum class Kind { start, fragment, stop };
  Kind kind = Kind::fragment;
  std::string stream;
  media::StreamInfo info;                                 // start
  media::SharedFragmentBytes bytes; // fragment: the recorder's shared samples, made contiguous on the worker
  bool gap_before = false;                                // fragment: fragments were dropped before it
};

struct MotionService::Camera {
  explicit Camera(std::int64_t camera_id) : id(camera_id) {}
  const std::int64_t id;

  // Guarded by mutex (ingest threads, workers, stats()).
  std::mutex mutex;
  std::map<std::string, media::StreamInfo> running; // streams between start and stop
  std::string analyzed;                             // the stream chosen for analysis ("" none)
  std::deque<Job> jobs;
  std::size_t queued_fragments = 0;
  bool scheduled = false; // in the ready queue or being run by a worker
  bool gap = false;       // a fragment was dropped since the last queued one
  std::int64_t dropped = 0;
  std::int64_t cpu_ns = 0;
  std::int64_t finished_media_ms = 0; // of analyzers already finished
  AnalyzerCounters counters;          // of the current analyzer, after its last job
  std::string analyzer_stream;
  std::int64_t reported_cpu_ns = 0;
  std::int64_t reported_media_ms = 0;
  std::int64_t reported_dropped = 0;

  // Owned by the one worker running this camera's jobs (scheduled guarantees one at a time).
  std::unique_ptr<MotionAnalyzer> analyzer;
};

MotionService::MotionService(store::Database& database, std::filesystem::path data_dir, MotionServiceOptions options,
                             MotionFrameSink* frame_sink)
    : database_(database), data_dir_(std::move(data_dir)), options_(options), frame_sink_(frame_sink),
      writer_(database), recaps_(database, data_dir_) {}

MotionService::~MotionService() {
  stop();
}

void MotionService::start() {
  std::lock_guard lock(ready_mutex_);
  if (started_ || stopping_)
    return;
  started_ = true;
  for (int i = 0; i < std::max(1, options_.worker_threads); ++i)
    workers_.emplace_back([this] { worker_loop(); });
  maintenance_ = std::thread([this] { maintenance_loop(); });
}

void MotionService::stop() {
  {
    std::lock_guard lock(ready_mutex_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  ready_wake_.notify_all();
  maintenance_wake_.notify_all();
  for (auto& worker : workers_)
    worker.join();
  if (maintenance_.joinable())
    maintenance_.join();
  std::lock_guard lock(cameras_mutex_);
  for (auto& [id, camera] : cameras_) {
    if (!camera->analyzer)
      continue;
    try {
      camera->analyzer->finish();
    } catch (const std::exception& error) {
      spdlog::warn("camera {}: motion analysis did not finish: {}", id, error.what());
    }
    camera->analyzer.reset();
  }
  writer_.flush();
}

void MotionService::drain() {
  {
    std::unique_lock lock(ready_mutex_);
    idle_wake_.wait(lock, [this] { return (ready_.empty() && busy_workers_ == 0) || !started_ || stopping_; });
  }
  writer_.flush();
}

std::vector<CameraMotionStats> MotionService::stats() {
  std::vector<std::shared_ptr<Camera>> cameras;
  {
    std::lock_guard lock(cameras_mutex_);
    for (const auto& [id, camera] : cameras_)
      cameras.push_back(camera);
  }
  std::vector<CameraMotionStats> out;
  for (const auto& camera : cameras) {
    std::lock_guard lock(camera->mutex);
    out.push_back({camera->id, camera->analyzer_stream, camera->counters, camera->dropped, camera->cpu_ns,
                   camera->finished_media_ms + camera->counters.media_ms});
  }
  return out;
}

std::shared_ptr<MotionService::Camera> MotionService::camera(std::int64_t camera_id) {
  std::lock_guard lock(cameras_mutex_);
  auto& camera = cameras_[camera_id];
  if (!camera)
    camera = std::make_shared<Camera>(camera_id);
  return camera;
}

void MotionService::on_stream_start(std::int64_t camera_id, const std::string& stream, const media::StreamInfo& info,
                                    const std::vector<std::uint8_t>&) {
  auto state = camera(camera_id);
  std::lock_guard lock(state->mutex);
  state->running[stream] = info;
  if (state->analyzed == stream)
    state->analyzed.clear(); // restarted without a stop: analyse it afresh
  choose_stream(state);
}

void MotionService::on_part(std::int64_t, const std::string&, const media::Fragment&) {}

void MotionService::on_fragment(std::int64_t camera_id, const std::string& stream, const media::Fragment& fragment) {
  auto state = camera(camera_id);
  std::lock_guard lock(state->mutex);
  if (state->analyzed != stream)
    return;
  Job job;
  job.kind = Job::Kind::fragment;
  job.stream = stream;
  job.bytes = fragment.bytes;
  enqueue(state, std::move(job));
}

void MotionService::on_stream_stop(std::int64_t camera_id, const std::string& stream, const media::StreamStatus&) {
  auto state = camera(camera_id);
  std::lock_guard lock(state->mutex);
  state->running.erase(stream);
  if (state->analyzed == stream) {
    Job stop;
    stop.kind = Job::Kind::stop;
    stop.stream = stream;
    enqueue(state, std::move(stop));
    state->analyzed.clear();
  }
  choose_stream(state);
}

void MotionService::choose_stream(const std::shared_ptr<Camera>& state) {
  std::string preferred = state->running.count("sub") ? "sub" : state->running.count("main") ? "main" : "";
  if (preferred == state->analyzed)
    return;
  if (!state->analyzed.empty()) {
    Job stop;
    stop.kind = Job::Kind::stop;
    stop.stream = state->analyzed;
    enqueue(state, std::move(stop));
  }
  state->analyzed = preferred;
  if (!preferred.empty()) {
    Job start;
    start.kind = Job::Kind::start;
    start.stream = preferred;
    start.info = state->running[preferred];
    enqueue(state, std::move(start));
  }
}

void MotionService::enqueue(const std::shared_ptr<Camera>& state, Job job) {
  if (job.kind == Job::Kind::fragment) {
    if (state->queued_fragments >= options_.max_queued_fragments) {
      ++state->dropped;
      state->gap = true;
      return;
    }
    ++state->queued_fragments;
    job.gap_before = state->gap;
    state->gap = false;
  } else if (job.kind == Job::Kind::start) {
    state->gap = false;
  }
  state->jobs.push_back(std::move(job));
  if (state->scheduled)
    return;
  state->scheduled = true;
  {
    std::lock_guard lock(ready_mutex_);
    ready_.push_back(state);
  }
  ready_wake_.notify_one();
}

void MotionService::worker_loop() {
  while (true) {
    std::shared_ptr<Camera> state;
    {
      std::unique_lock lock(ready_mutex_);
      ready_wake_.wait(lock, [this] { return stopping_ || !ready_.empty(); });
      if (ready_.empty())
        return; // stopping and nothing left
      state = std::move(ready_.front());
      ready_.pop_front();
      ++busy_workers_;
    }
    Job job;
    {
      std::lock_guard lock(state->mutex);
      job = std::move(state->jobs.front());
      state->jobs.pop_front();
      if (job.kind == Job::Kind::fragment)
        --state->queued_fragments;
    }
    auto cpu_before = common::thread_cpu_ns();
    try {
      run(*state, job);
    } catch (const std::exception& error) {
      spdlog::warn("camera {}: motion analysis failed: {}", state->id, error.what());
      state->analyzer.reset();
    }
    auto cpu_ns = common::thread_cpu_ns() - cpu_before;
    {
      std::lock_guard lock(state->mutex);
      state->cpu_ns += cpu_ns;
      state->counters = state->analyzer ? state->analyzer->counters() : AnalyzerCounters{};
      if (state->jobs.empty()) {
        state->scheduled = false;
      } else {
        std::lock_guard ready_lock(ready_mutex_);
        ready_.push_back(state); // after the other cameras already waiting: fair
        ready_wake_.notify_one();
      }
    }
    {
      std::lock_guard lock(ready_mutex_);
      --busy_workers_;
      if (busy_workers_ == 0 && ready_.empty())
        idle_wake_.notify_all();
    }
  }
}

void MotionService::run(Camera& state, Job& job) {
  auto retire = [&state] {
    if (!state.analyzer)
      return;
    state.analyzer->finish();
    std::lock_guard lock(state.mutex);
    state.finished_media_ms += state.analyzer->counters().media_ms;
    state.analyzer.reset();
    state.analyzer_stream.clear();
  };
  switch (job.kind) {
  case Job::Kind::start: {
    retire();
    MotionGrid grid = k_default_grid;
    if (auto record = database_.find_camera(state.id))
      grid = grid_for_camera(*record);
    MotionSink& sink = *this;
    state.analyzer = std::make_unique<MotionAnalyzer>(state.id, job.info, grid, sink, options_.analyzer, frame_sink_);
    std::lock_guard lock(state.mutex);
    state.analyzer_stream = job.stream;
    spdlog::info("camera {}: motion analysis of {} ({}x{}, grid {}x{}, {} fps)", state.id, job.stream, job.info.width,
                 job.info.height, grid.cols, grid.rows, options_.analyzer.analysis_fps);
    break;
  }
  case Job::Kind::fragment:
    if (!state.analyzer || state.analyzer_stream != job.stream)
      break;
    if (job.gap_before)
      state.analyzer->resync();
    state.analyzer->push_fragment(job.bytes->contiguous());
    break;
  case Job::Kind::stop:
    if (state.analyzer_stream == job.stream)
      retire();
    break;
  }
}

void MotionService::on_motion_second(std::int64_t camera_id, std::int64_t second_s, const CellLevels& levels) {
  writer_.add_second(camera_id, second_s, levels);
}

void MotionService::on_recap(std::int64_t camera_id, std::int64_t ts_ms, int score, const std::string& jpeg) {
  recaps_.save(camera_id, ts_ms, score, jpeg);
}

void MotionService::maintenance_loop() {
  MotionRetention retention(database_, data_dir_, system_ms);
  auto now = std::chrono::steady_clock::now();
  auto next_retention = now;
  auto next_report = now + std::chrono::milliseconds(options_.report_interval_ms);
  std::unique_lock lock(ready_mutex_);
  while (!stopping_) {
    maintenance_wake_.wait_for(lock, std::chrono::milliseconds(options_.flush_interval_ms),
                               [this] { return stopping_; });
    if (stopping_)
      break;
    lock.unlock();
    writer_.flush();
    now = std::chrono::steady_clock::now();
    if (now >= next_retention) {
      next_retention = now + std::chrono::milliseconds(options_.retention_interval_ms);
      try {
        retention.run_once();
      } catch (const std::exception& error) {
        spdlog::error("motion retention failed: {}", error.what());
      }
    }
    if (now >= next_report) {
      next_report = now + std::chrono::milliseconds(options_.report_interval_ms);
      report();
    }
    lock.lock();
  }
}

void MotionService::report() {
  std::vector<std::shared_ptr<Camera>> cameras;
  {
    std::lock_guard lock(cameras_mutex_);
    for (const auto& [id, camera] : cameras_)
      cameras.push_back(camera);
  }
  for (const auto& camera : cameras) {
    std::lock_guard lock(camera->mutex);
    auto media_ms = camera->finished_media_ms + camera->counters.media_ms;
    auto cpu_ns = camera->cpu_ns - camera->reported_cpu_ns;
    auto video_ms = media_ms - camera->reported_media_ms;
    auto dropped = camera->dropped - camera->reported_dropped;
    camera->reported_cpu_ns = camera->cpu_ns;
    camera->reported_media_ms = media_ms;
    camera->reported_dropped = camera->dropped;
    if (video_ms <= 0)
      continue;
    double percent = 100.0 * static_cast<double>(cpu_ns) / 1e6 / static_cast<double>(video_ms);
    auto level = dropped > 0 ? spdlog::level::warn : spdlog::level::debug;
    spdlog::log(level, "motion: camera {} {}: {:.2f} % of a core for {:.1f} s of video, {} fragments dropped",
                camera->id, camera->analyzer_stream, percent, static_cast<double>(video_ms) / 1000.0, dropped);
  }
}

} // namespace argus::analytics
