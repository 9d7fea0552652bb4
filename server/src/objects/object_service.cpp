#include "objects/object_service.hpp"

#include <algorithm>
#include <chrono>
#include <set>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <spdlog/spdlog.h>

#include "common/thread_info.hpp"
#include "detection/make_detector.hpp"
#include "objects/camera_objects.hpp"
#include "objects/detection_pacer.hpp"
#include "store/database.hpp"

namespace argus::objects {
namespace {

constexpr std::int64_t k_day_ms = 24LL * 3600 * 1000;
// Detection is the one job in argusd that can fill a core for as long as cameras see motion; its workers run at a
// lower priority so that live video, recording, motion analysis and HTTP answers get the cores first (a frame that
// waits too long is dropped and counted, as when the workers are busy).
constexpr int k_worker_nice = 10;

std::int64_t system_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// The picture (YUV 4:2:0 planes) as an OpenCV BGR image; empty when its planes do not match its size.
cv::Mat bgr_of(const analytics::Picture& picture) {
  auto luma = static_cast<std::size_t>(picture.width) * static_cast<std::size_t>(picture.height);
  if (picture.empty() || picture.width % 2 || picture.height % 2 || picture.y.size() != luma ||
      picture.u.size() != luma / 4 || picture.v.size() != luma / 4)
    return {};
  cv::Mat yuv(picture.height * 3 / 2, picture.width, CV_8UC1);
  auto* out = yuv.ptr<std::uint8_t>();
  std::copy(picture.y.begin(), picture.y.end(), out);
  std::copy(picture.u.begin(), picture.u.end(), out + luma);
  std::copy(picture.v.begin(), picture.v.end(), out + luma + luma / 4);
  cv::Mat bgr;
  cv::cvtColor(yuv, bgr, cv::COLOR_YUV2BGR_I420);
  return bgr;
}

} // namespace

struct ObjectService::Camera {
  Camera(std::int64_t camera_id, DetectionPacer frame_pacer) : id(camera_id), pacer(frame_pacer) {}
  const std::int64_t id;

  // Guarded by mutex.
  std::mutex mutex;
  std::deque<Job> jobs;
  bool scheduled = false; // in the ready queue or run by a worker
  DetectionPacer pacer;
  std::int64_t last_motion_at_ms = 0; // wall clock of the last frame with motion offered (taken or not)
  bool has_tracks = false;           // after the last job
  CameraObjectStats stats;

  // Owned by the worker running this camera's jobs.
  std::unique_ptr<CameraObjects> objects;
};

ObjectService::ObjectService(store::Database& database, ObjectServiceOptions options,
                             std::function<std::int64_t()> now_ms)
    : database_(database), options_(std::move(options)), now_ms_(now_ms ? std::move(now_ms) : system_ms),
      interval_ms_(std::max<std::int64_t>(1, static_cast<std::int64_t>(1000.0 / options_.detect_fps))) {}

ObjectService::~ObjectService() {
  stop();
}

void ObjectService::start() {
  std::lock_guard lock(ready_mutex_);
  if (started_ || stopping_)
    return;
  started_ = true;
  // Each worker runs its detector on one core: the pool, not OpenCV's threads, decides how many cores detection uses.
  cv::setNumThreads(1);
  detection::NanoDetOptions wide;
  wide.input_height = 256;
  for (int i = 0; i < std::max(1, options_.worker_threads); ++i) {
    if (options_.yolo_model)
      detectors_.push_back({nullptr, detection::make_yolo_detector(options_.model_path)});
    else
      detectors_.push_back({detection::make_detector(options_.model_path, wide),
                            detection::make_detector(options_.model_path)});
  }
  detector_name_ = std::string(detectors_.front().square->name());
  detects_vehicles_ = detectors_.front().square->detects_vehicles();
  std::size_t loaded = 0;
  database_.visit_object_embeddings([&](const store::ObjectTrackRecord& track) {
    index_.add({track.camera_id, track.track_id, track.thumbnail_ms, track.object_class,
                {reinterpret_cast<const std::int8_t*>(track.embedding.data()),
                 reinterpret_cast<const std::int8_t*>(track.embedding.data()) + track.embedding.size()}});
    ++loaded;
  });
  spdlog::info("object detection: {} on {} worker(s) using at most {:.0f} % of a core each, at most {} frames/s per "
               "camera; {} tracks in the similarity index",
               detector_name_, detectors_.size(), 100 * std::clamp(options_.cpu_share, 0.01, 1.0), options_.detect_fps,
               loaded);
  for (int i = 0; i < static_cast<int>(detectors_.size()); ++i)
    workers_.emplace_back([this, i] { worker_loop(i); });
  maintenance_ = std::thread([this] { maintenance_loop(); });
}

void ObjectService::stop() {
  {
    std::lock_guard lock(ready_mutex_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  ready_wake_.notify_all();
  stop_wake_.notify_all();
  maintenance_wake_.notify_all();
  for (auto& worker : workers_)
    worker.join();
  if (maintenance_.joinable())
    maintenance_.join();
  std::lock_guard lock(cameras_mutex_);
  for (auto& [id, camera] : cameras_) {
    if (!camera->objects)
      continue;
    auto out = camera->objects->finish_all();
    std::lock_guard pending(pending_mutex_);
    pending_finished_.insert(pending_finished_.end(), out.finished.begin(), out.finished.end());
  }
  flush();
}

void ObjectService::wait_idle() {
  std::unique_lock lock(ready_mutex_);
  idle_wake_.wait(lock, [this] { return (ready_.empty() && busy_workers_ == 0) || !started_ || stopping_; });
}

void ObjectService::drain() {
  wait_idle();
  {
    std::lock_guard lock(cameras_mutex_);
    for (auto& [id, camera] : cameras_) {
      std::lock_guard camera_lock(camera->mutex);
      camera->jobs.push_back({true, 0, {}});
      schedule(camera);
    }
  }
  wait_idle();
  flush();
}

std::vector<CameraObjectStats> ObjectService::stats() {
  std::vector<CameraObjectStats> out;
  std::lock_guard lock(cameras_mutex_);
  for (const auto& [id, camera] : cameras_) {
    std::lock_guard camera_lock(camera->mutex);
    out.push_back(camera->stats);
  }
  return out;
}

std::shared_ptr<ObjectService::Camera> ObjectService::camera(std::int64_t camera_id) {
  std::lock_guard lock(cameras_mutex_);
  auto& camera = cameras_[camera_id];
  if (!camera) {
    camera = std::make_shared<Camera>(camera_id, DetectionPacer(interval_ms_, options_.max_idle_interval_ms));
    camera->stats.camera_id = camera_id;
  }
  return camera;
}

bool ObjectService::wants_frame(std::int64_t camera_id, std::int64_t ts_ms) {
  auto state = camera(camera_id);
  std::lock_guard lock(state->mutex);
  state->last_motion_at_ms = now_ms_(); // asked for every analysed frame with motion: the camera is not quiet
  if (!state->pacer.due(ts_ms))
    return false;
  if (state->jobs.size() >= options_.max_queued_frames) {
    ++state->stats.dropped;
    return false;
  }
  return true;
}

void ObjectService::on_motion_frame(std::int64_t camera_id, std::int64_t ts_ms, analytics::Picture picture) {
  auto state = camera(camera_id);
  std::lock_guard lock(state->mutex);
  state->last_motion_at_ms = now_ms_();
  if (state->jobs.size() >= options_.max_queued_frames) {
    ++state->stats.dropped;
    return;
  }
  state->pacer.accepted(ts_ms);
  state->jobs.push_back({false, ts_ms, std::move(picture)});
  schedule(state);
}

void ObjectService::schedule(const std::shared_ptr<Camera>& state) {
  if (state->scheduled)
    return;
  state->scheduled = true;
  {
    std::lock_guard lock(ready_mutex_);
    ready_.push_back(state);
  }
  ready_wake_.notify_one();
}

detection::Detector& ObjectService::WorkerDetectors::for_frame(int width, int height) {
  return wide && width * 10 >= height * 15 ? *wide : *square;
}

void ObjectService::worker_loop(int worker) {
  auto& detectors = detectors_[static_cast<std::size_t>(worker)];
  if (!common::run_in_background(k_worker_nice, "argus-detect"))
    spdlog::warn("object detection: worker {} could not lower its priority; it competes with live video", worker);
  for (;;) {
    std::shared_ptr<Camera> state;
    {
      std::unique_lock lock(ready_mutex_);
      ready_wake_.wait(lock, [this] { return stopping_ || !ready_.empty(); });
      if (stopping_)
        return;
      state = ready_.front();
      ready_.pop_front();
      ++busy_workers_;
    }
    // One frame per turn: cameras take turns, and the worker rests between frames to stay within its share.
    const auto cpu_before = common::thread_cpu_ns();
    run_next_job(*state, detectors);
    const auto cpu_used_ns = common::thread_cpu_ns() - cpu_before;
    bool more = false;
    {
      std::lock_guard lock(state->mutex);
      state->stats.cpu_ns += cpu_used_ns;
      more = !state->jobs.empty();
      state->scheduled = more;
    }
    std::unique_lock lock(ready_mutex_);
    if (more) {
      ready_.push_back(state);
      ready_wake_.notify_one();
    }
    --busy_workers_;
    idle_wake_.notify_all();
    rest_after(lock, cpu_used_ns);
  }
}

void ObjectService::run_next_job(Camera& state, WorkerDetectors& detectors) {
  Job job;
  {
    std::lock_guard lock(state.mutex);
    if (state.jobs.empty())
      return;
    job = std::move(state.jobs.front());
    state.jobs.pop_front();
  }
  CameraObjectsOutput out;
  try {
    if (!state.objects)
      state.objects = std::make_unique<CameraObjects>(state.id, database_.max_object_track_id(state.id));
    auto& detector = detectors.for_frame(job.picture.width, job.picture.height);
    out = job.finish ? state.objects->finish_all() : state.objects->process(job.ts_ms, bgr_of(job.picture), detector);
  } catch (const std::exception& error) {
    spdlog::warn("camera {}: object detection skipped a frame: {}", state.id, error.what());
  }
  {
    std::lock_guard lock(state.mutex);
    state.has_tracks = state.objects && state.objects->active_tracks() > 0;
    if (!job.finish)
      state.pacer.detected(state.has_tracks, out.still);
    state.stats.frames += job.finish ? 0 : 1;
    state.stats.tracks += static_cast<std::int64_t>(out.finished.size());
  }
  std::lock_guard pending(pending_mutex_);
  if (out.frame)
    pending_frames_.push_back(std::move(*out.frame));
  std::move(out.tracks.begin(), out.tracks.end(), std::back_inserter(pending_tracks_));
  std::move(out.finished.begin(), out.finished.end(), std::back_inserter(pending_finished_));
}

void ObjectService::rest_after(std::unique_lock<std::mutex>& ready_lock, std::int64_t cpu_used_ns) {
  const double share = std::clamp(options_.cpu_share, 0.01, 1.0);
  if (share < 1.0) {
    const auto rest_ns = static_cast<double>(cpu_used_ns) * (1 - share) / share;
    const auto rest = std::chrono::nanoseconds(static_cast<std::int64_t>(rest_ns));
    stop_wake_.wait_for(ready_lock, rest, [this] { return stopping_; });
  }
  if (options_.viewer_starts) {
    using Clock = common::ViewerStartSignal::Clock;
    const auto latest = Clock::now() + std::chrono::milliseconds(options_.max_viewer_yield_ms);
    stop_wake_.wait_until(ready_lock, std::min(options_.viewer_starts->quiet_from(), latest),
                          [this] { return stopping_; });
  }
}

void ObjectService::maintenance_loop() {
  std::int64_t next_retention = now_ms_() + std::min<std::int64_t>(options_.retention_interval_ms, 10'000);
  std::unique_lock lock(ready_mutex_);
  while (!stopping_) {
    maintenance_wake_.wait_for(lock, std::chrono::milliseconds(options_.flush_interval_ms));
    if (stopping_)
      break;
    lock.unlock();
    try {
      end_quiet_tracks();
      flush();
      if (now_ms_() >= next_retention) {
        retention();
        next_retention = now_ms_() + options_.retention_interval_ms;
      }
    } catch (const std::exception& error) {
      spdlog::warn("object detection maintenance: {}", error.what());
    }
    lock.lock();
  }
}

void ObjectService::end_quiet_tracks() {
  auto now = now_ms_();
  std::lock_guard lock(cameras_mutex_);
  for (auto& [id, state] : cameras_) {
    std::lock_guard camera_lock(state->mutex);
    if (state->has_tracks && state->jobs.empty() && now - state->last_motion_at_ms >= options_.quiet_after_ms) {
      state->has_tracks = false; // set again by the worker if tracks remain
      state->jobs.push_back({true, 0, {}});
      schedule(state);
    }
  }
}

void ObjectService::flush() {
  std::vector<store::ObjectFrameRecord> frames;
  std::vector<store::ObjectTrackRecord> tracks;
  std::vector<store::ObjectTrackRecord> finished;
  {
    std::lock_guard lock(pending_mutex_);
    frames.swap(pending_frames_);
    tracks.swap(pending_tracks_);
    finished.swap(pending_finished_);
  }
  if (frames.empty() && tracks.empty() && finished.empty())
    return;
  tracks.insert(tracks.end(), finished.begin(), finished.end()); // in order: a finished row is the last word
  try {
    database_.append_objects(frames, tracks);
  } catch (const std::exception& error) {
    spdlog::warn("object detection: {} frames and {} tracks not stored: {}", frames.size(), tracks.size(),
                 error.what());
    return;
  }
  for (const auto& track : finished) {
    if (track.embedding.empty())
      continue;
    index_.add({track.camera_id, track.track_id, track.thumbnail_ms, track.object_class,
                {reinterpret_cast<const std::int8_t*>(track.embedding.data()),
                 reinterpret_cast<const std::int8_t*>(track.embedding.data()) + track.embedding.size()}});
  }
}

void ObjectService::retention() {
  auto now = now_ms_();
  std::set<std::int64_t> cameras;
  for (const auto& source : database_.camera_sources()) {
    cameras.insert(source.camera_id);
    auto before = now - source.retention_days * k_day_ms;
    database_.delete_objects_before(source.camera_id, before);
    index_.remove_before(source.camera_id, before);
  }
  std::lock_guard lock(cameras_mutex_);
  for (const auto& [id, state] : cameras_)
    if (!cameras.count(id))
      index_.remove_camera(id);
}

} // namespace argus::objects
