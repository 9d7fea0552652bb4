#pragma once
// Object detection as argusd runs it (docs/design/detection.md "In argusd"): the MotionFrameSink of motion analysis.
// Only frames with motion arrive, at most detect_fps per camera (fewer while nothing is found: DetectionPacer); a
// camera holds at most max_queued_frames waiting (more are dropped and counted, never stalling motion, recording or
// live). A small pool of workers at a background priority, each with its own detector (NanoDet, a user's YOLO model,
// or HOG when the model is missing or broken), runs one frame per turn through the camera's CameraObjects and rests
// to stay within cpu_share of a core, and longer while a live viewer is starting. Results are written about once a second in one transaction; finished tracks'
// embeddings go into the similarity index (loaded from the store at start). A maintenance thread ends the tracks of
// cameras that went quiet and deletes objects older than the camera's retention.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "analytics/motion_frame_sink.hpp"
#include "common/viewer_start_signal.hpp"
#include "detection/similarity_index.hpp"
#include "store/object_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::detection {
class Detector;
}

namespace argus::objects {

struct ObjectServiceOptions {
  std::filesystem::path model_path; // the NanoDet ONNX model; empty or unusable: the HOG people detector
  bool yolo_model = false;          // model_path is a user's own YOLO export, not NanoDet (--detector yolo)
  double detect_fps = 1;            // frames detected per camera and second at most (> 0)
  // While detection finds nothing in a camera's motion, its wait doubles after each empty frame up to this (the
  // DetectionPacer); at least 1 / detect_fps.
  std::int64_t max_idle_interval_ms = 2000;
  int worker_threads = 1;
  // The share of one core each worker may use on average (0 < share <= 1): after a camera's frames a worker rests
  // so that its busy time stays within it. Frames that arrive meanwhile wait or are dropped and counted.
  double cpu_share = 0.5;
  // Live viewers first: after each frame a worker also waits while a live viewer is starting (LiveHub notes it), at
  // most max_viewer_yield_ms, so that a stream of joins slows detection but cannot stop it. Null: no waiting.
  const common::ViewerStartSignal* viewer_starts = nullptr;
  std::int64_t max_viewer_yield_ms = 2000;
  std::size_t max_queued_frames = 2; // per camera; more are dropped
  std::int64_t flush_interval_ms = 1000;
  std::int64_t quiet_after_ms = 3000; // a camera without motion this long has its tracks ended
  std::int64_t retention_interval_ms = 60'000;
};

//! Detection figures of one camera.
struct CameraObjectStats {
  std::int64_t camera_id = 0;
  std::int64_t frames = 0;  // detected
  std::int64_t dropped = 0; // offered while its queue was full
  std::int64_t tracks = 0;  // finished confirmed tracks
  std::int64_t cpu_ns = 0;  // detection thread CPU time
};

class ObjectService : public analytics::MotionFrameSink {
public:
  ObjectService(store::Database& database, ObjectServiceOptions options,
                std::function<std::int64_t()> now_ms = nullptr);
  ~ObjectService() override;

  //! Makes the detectors, loads the similarity index and starts the threads.
  void start();
  //! Ends every track, writes what is pending and joins the threads. Idempotent.
  void stop();
  //! Waits until every queued frame is processed; tracks stay open (tests).
  void wait_idle();
  //! Waits until every queued frame is processed, ends every track and writes everything (tests, benchmarks).
  void drain();

  bool wants_frame(std::int64_t camera_id, std::int64_t ts_ms) override;
  void on_motion_frame(std::int64_t camera_id, std::int64_t ts_ms, analytics::Picture picture) override;

  std::vector<CameraObjectStats> stats();
  //! "nanodet" or "hog" (known after start()).
  std::string detector_name() const { return detector_name_; }
  //! Whether vehicles are detected (NanoDet) or only people (HOG).
  bool detects_vehicles() const { return detects_vehicles_; }
  const detection::SimilarityIndex& similarity_index() const { return index_; }

private:
  struct Camera;
  struct Job {
    bool finish = false; // end every track instead of a frame
    std::int64_t ts_ms = 0;
    analytics::Picture picture;
  };

  // Per worker: NanoDet at 416x256 for wide (16:9) frames and at 416x416 for the others (fisheye, 4:3), so a
  // wide frame costs ~40 % less and a square one is not shrunk into a wide input. A YOLO model runs at the size it
  // was exported at for every frame (square only).
  struct WorkerDetectors {
    std::unique_ptr<detection::Detector> wide; // null: `square` for every frame
    std::unique_ptr<detection::Detector> square;
    detection::Detector& for_frame(int width, int height);
  };

  std::shared_ptr<Camera> camera(std::int64_t camera_id);
  void schedule(const std::shared_ptr<Camera>& camera); // camera.mutex held
  void worker_loop(int worker);
  //! Runs the camera's oldest queued job (a frame, or the end of its tracks) on this worker's detectors.
  void run_next_job(Camera& state, WorkerDetectors& detectors);
  //! Rests the calling worker (ready_lock held, released while waiting) to keep it within options_.cpu_share, then
  //! while a live viewer is starting (options_.viewer_starts, at most max_viewer_yield_ms).
  void rest_after(std::unique_lock<std::mutex>& ready_lock, std::int64_t cpu_used_ns);
  void maintenance_loop();
  void end_quiet_tracks();
  void flush();
  void retention();

  store::Database& database_;
  ObjectServiceOptions options_;
  std::function<std::int64_t()> now_ms_;
  std::int64_t interval_ms_;
  detection::SimilarityIndex index_;
  std::vector<WorkerDetectors> detectors_;
  std::string detector_name_;
  bool detects_vehicles_ = false;

  std::mutex cameras_mutex_;
  std::map<std::int64_t, std::shared_ptr<Camera>> cameras_;

  std::mutex ready_mutex_;
  std::condition_variable ready_wake_;
  std::condition_variable idle_wake_;
  std::condition_variable maintenance_wake_;
  std::condition_variable stop_wake_; // ends a worker's rest (rest_after) at stop
  std::deque<std::shared_ptr<Camera>> ready_;
  int busy_workers_ = 0;
  bool started_ = false;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
  std::thread maintenance_;

  std::mutex pending_mutex_; // results waiting for the next flush
  std::vector<store::ObjectFrameRecord> pending_frames_;
  std::vector<store::ObjectTrackRecord> pending_tracks_;
  std::vector<store::ObjectTrackRecord> pending_finished_;
};

} // namespace argus::objects
