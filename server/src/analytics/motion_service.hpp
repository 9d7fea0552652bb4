#pragma once
// Motion analytics as argusd runs it: a StreamObserver of the recorder that analyses each camera's sub-stream (the
// main stream while the camera has no running sub-stream) off the ingest threads. Per camera a bounded queue of GOP
// fragments (a slow analyzer drops and counts fragments, never stalls recording) served by a small worker pool, one
// MotionAnalyzer per camera at a time; results go to the MotionIndexWriter (flushed every second) and RecapStore; a
// maintenance thread also runs MotionRetention every minute and logs each camera's analysis cost.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "analytics/motion_analyzer.hpp"
#include "analytics/motion_frame_sink.hpp"
#include "analytics/motion_index_writer.hpp"
#include "analytics/motion_sink.hpp"
#include "analytics/recap_store.hpp"
#include "media/recorder.hpp"

namespace argus::store {
class Database;
}

namespace argus::analytics {

struct MotionServiceOptions {
  int worker_threads = 1;
  std::size_t max_queued_fragments = 8; // per camera (~16 s of 2 s GOPs); more are dropped
  std::int64_t flush_interval_ms = 1000;
  std::int64_t retention_interval_ms = 60'000;
  std::int64_t report_interval_ms = 60'000;
  AnalyzerOptions analyzer; // analyzer.analysis_fps > 0
};

//! Analysis figures of one camera.
struct CameraMotionStats {
  std::int64_t camera_id = 0;
  std::string stream;        // analysed now ("" when none)
  AnalyzerCounters counters; // of the current analyzer
  std::int64_t dropped_fragments = 0;
  std::int64_t cpu_ns = 0;   // analysis thread CPU time, all analyzers of this camera
  std::int64_t media_ms = 0; // video time analysed, all analyzers of this camera
};

class MotionService : public media::StreamObserver, private MotionSink {
public:
  //! frame_sink (optional; outlives the service) is offered the frames with motion (object detection).
  MotionService(store::Database& database, std::filesystem::path data_dir, MotionServiceOptions options = {},
                MotionFrameSink* frame_sink = nullptr);
  ~MotionService() override;

  //! Starts the workers and the maintenance thread.
  void start();
  //! Finishes every analyzer (pending seconds and recaps), flushes the index and joins the threads. Idempotent.
  void stop();
  //! Waits until every queued fragment is analysed, then flushes the index (tests, benchmarks).
  void drain();
  //! Figures of every camera seen.
  std::vector<CameraMotionStats> stats();

  void on_stream_start(std::int64_t camera_id, const std::string& stream, const media::StreamInfo& info,
                       const std::vector<std::uint8_t>& init_segment) override;
  void on_part(std::int64_t camera_id, const std::string& stream, const media::Fragment& part) override;
  void on_fragment(std::int64_t camera_id, const std::string& stream, const media::Fragment& fragment) override;
  void on_stream_stop(std::int64_t camera_id, const std::string& stream, const media::StreamStatus& why) override;

private:
  struct Job;
  struct Camera;
  void on_motion_second(std::int64_t camera_id, std::int64_t second_s, const CellLevels& levels) override;
  void on_recap(std::int64_t camera_id, std::int64_t ts_ms, int score, const std::string& jpeg) override;

  std::shared_ptr<Camera> camera(std::int64_t camera_id);
  void choose_stream(const std::shared_ptr<Camera>& camera);    // camera.mutex held
  void enqueue(const std::shared_ptr<Camera>& camera, Job job); // camera.mutex held
  void worker_loop();
  void run(Camera& camera, Job& job);
  void maintenance_loop();
  void report();

  store::Database& database_;
  std::filesystem::path data_dir_;
  MotionServiceOptions options_;
  MotionFrameSink* frame_sink_;
  MotionIndexWriter writer_;
  RecapStore recaps_;

  std::mutex cameras_mutex_;
  std::map<std::int64_t, std::shared_ptr<Camera>> cameras_;

  std::mutex ready_mutex_;
  std::condition_variable ready_wake_;
  std::condition_variable idle_wake_;
  std::condition_variable maintenance_wake_;
  std::deque<std::shared_ptr<Camera>> ready_;
  int busy_workers_ = 0;
  bool stopping_ = false;
  bool started_ = false;
  std::vector<std::thread> workers_;
  std::thread maintenance_;
};

} // namespace argus::analytics
