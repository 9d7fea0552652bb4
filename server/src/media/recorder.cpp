#include "media/recorder.hpp"

#include <spdlog/spdlog.h>

#include "media/fragmenter.hpp"
#include "media/parameter_set_change.hpp"
#include "media/retention.hpp"
#include "media/rtsp/rtsp_source.hpp"
#include "media/source_selector.hpp"
#include "media/stall_watchdog.hpp"
#include "media/stream_name.hpp"
#include "media/url_redaction.hpp"
#include "store/database.hpp"

namespace argus::media {
namespace {

std::int64_t system_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// The streams a source asks for, as (stream name, URL): imager 0's main and sub, then each other imager's (a
// multi-imager camera), leaving out those without a URL.
std::vector<std::pair<std::string, std::string>> streams_to_record(const store::CameraSourceRecord& source) {
  std::vector<std::pair<std::string, std::string>> streams;
  auto add = [&](StreamId id, const std::optional<std::string>& url) {
    if (url && !url->empty())
      streams.emplace_back(stream_name(id), *url);
  };
  add({false, 0}, source.main_rtsp_url);
  add({true, 0}, source.sub_rtsp_url);
  for (const auto& imager : source.imagers) {
    if (imager.imager_id <= 0 || imager.imager_id >= k_max_imagers)
      continue; // the store's CHECK keeps them in range
    add({false, static_cast<int>(imager.imager_id)}, imager.main_rtsp_url);
    add({true, static_cast<int>(imager.imager_id)}, imager.sub_rtsp_url);
  }
  return streams;
}

} // namespace

//! Sink of one camera stream: a Fragmenter per connection, its GOP fragments to the store, everything to the observer.
class Recorder::Pipeline : public PacketSink {
public:
  Pipeline(Recorder& recorder, std::int64_t camera_id, std::string stream)
      : recorder_(recorder), camera_id_(camera_id), stream_(std::move(stream)) {}

  void on_start(const StreamInfo& info) override {
    auto* observer = recorder_.observer_;
    FragmenterOptions options;
    options.part_target_90k = observer ? recorder_.options_.part_target_90k : 0;
    Fragmenter::Handler on_part;
    if (options.part_target_90k > 0)
      on_part = [this, observer](Fragment&& part) { observer->on_part(camera_id_, stream_, part); };
    fragmenter_ = std::make_unique<Fragmenter>(
        info, options,
        [this, observer](Fragment&& fragment) {
          fragment.recorded = write(fragment);
          if (observer)
            observer->on_fragment(camera_id_, stream_, fragment);
        },
        std::move(on_part));
    info_ = info;
    writer_.reset();
    if (!recorder_.storage_full_)
      open_writer();
    if (observer)
      observer->on_stream_start(camera_id_, stream_, info, fragmenter_->init_segment());
    if (!info.browser_playable())
      spdlog::info("camera {} {}: {} is recorded but browsers cannot play it", camera_id_, stream_,
                   info.codec_string());
  }

  void on_packet(EncodedPacket&& packet) override {
    if (packet.track == MediaTrack::video && packet.keyframe) {
      if (auto changed = stream_info_after_keyframe(info_, packet))
        restart(*changed);
    }
    // Ingest's buffer is wrapped once (moved, not copied); everything downstream shares it.
    auto shared = std::make_shared<const EncodedPacket>(std::move(packet));
    if (recorder_.observer_)
      recorder_.observer_->on_packet(camera_id_, stream_, shared);
    fragmenter_->push(std::move(shared));
  }

  void on_stop(const StreamStatus& why) override {
    if (fragmenter_) {
      try {
        fragmenter_->flush();
      } catch (...) {
        close(why);
        throw;
      }
    }
    close(why);
  }

private:
  // The camera changed its parameter sets (a new resolution) while streaming: the GOP before the change goes out with
  // the old init segment, then a new recording run starts at this keyframe with one of the new size (a new chunk; the
  // live hub gets a new start while online, so its feeds send a new init/config instead of going offline).
  void restart(const StreamInfo& changed) {
    spdlog::info("camera {} {}: new parameter sets at a keyframe ({}x{} -> {}x{}): a new recording run", camera_id_,
                 stream_, info_.width, info_.height, changed.width, changed.height);
    fragmenter_->flush();
    on_start(changed);
  }

  void open_writer() {
    try {
      writer_ = recorder_.store_->open_stream(camera_id_, stream_, info_, fragmenter_->init_segment());
    } catch (const StorageFullError& e) {
      storage_full(e);
    }
  }

  // To the store, unless storage is full: then the chunk is closed and nothing is written until space returns; the
  // first fragment (a GOP, starting with a keyframe) after that opens a new chunk. Returns where it was written.
  std::optional<RecordedFragment> write(const Fragment& fragment) {
    if (recorder_.storage_full_) {
      writer_.reset();
      return std::nullopt;
    }
    if (!writer_ && fragment.keyframe)
      open_writer();
    if (!writer_)
      return std::nullopt;
    try {
      auto recorded = writer_->append(fragment); // a failed append leaves the chunk without the partial fragment
      recorder_.storage_write_succeeded();
      return recorded;
    } catch (const StorageFullError& e) {
      storage_full(e);
    }
    return std::nullopt;
  }

  void storage_full(const StorageFullError& e) {
    spdlog::warn("camera {} {}: recording paused: {}", camera_id_, stream_, e.what());
    writer_.reset();
    recorder_.storage_write_failed();
  }

  void close(const StreamStatus& why) {
    fragmenter_.reset();
    writer_.reset();
    if (recorder_.observer_)
      recorder_.observer_->on_stream_stop(camera_id_, stream_, why);
  }

  Recorder& recorder_;
  std::int64_t camera_id_;
  std::string stream_;
  std::unique_ptr<Fragmenter> fragmenter_;
  std::unique_ptr<StreamWriter> writer_;
  StreamInfo info_;
};

Recorder::Recorder(store::Database& database, std::filesystem::path data_dir, RecorderOptions options,
                   std::function<void(std::int64_t, const std::string&)> on_status, StreamObserver* observer)
    : database_(database), options_(std::move(options)), on_status_(std::move(on_status)), observer_(observer),
      data_dir_(data_dir), store_(std::make_unique<RecordingStore>(database, std::move(data_dir), options_.store)) {
  if (!options_.supervisor.watchdog) {
    watchdog_ = std::make_unique<StallWatchdog>();
    options_.supervisor.watchdog = watchdog_.get();
  }
  if (!options_.source_factory) {
    auto ingest = options_.ingest;
    SourceSelector::Factory libavformat = [ingest](const std::string& url) -> std::unique_ptr<PacketSource> {
      return std::make_unique<IngestSource>(url, ingest);
    };
    SourceSelector::Factory own = libavformat;
    if (options_.own_rtsp_reader) {
      own = [ingest](const std::string& url) -> std::unique_ptr<PacketSource> {
        rtsp::RtspOptions options;
        options.open_timeout = ingest.open_timeout;
        options.read_timeout = ingest.read_timeout;
        return std::make_unique<rtsp::RtspSource>(url, options);
      };
    }
    auto selector = std::make_shared<SourceSelector>(std::move(own), std::move(libavformat));
    options_.source_factory = [selector](const std::string& url) { return selector->make(url); };
  }
}

Recorder::~Recorder() {
  stop();
}

void Recorder::start(const std::vector<store::CameraSourceRecord>& sources) {
  recovery_ = store_->recover();
  store_->set_over_quota_handler([this] {
    {
      std::lock_guard lock(retention_mutex_);
      retention_due_ = true;
    }
    retention_wake_.notify_all();
  });
  {
    std::lock_guard lock(cameras_mutex_);
    for (const auto& source : sources)
      start_camera(source);
  }
  retention_thread_ = std::thread([this] { retention_loop(); });
  if (options_.reconcile_interval_ms > 0)
    reconcile_thread_ = std::thread([this] { reconcile_loop(); });
}

void Recorder::start_camera(const store::CameraSourceRecord& source) {
  auto camera_id = source.camera_id;
  CameraRun run;
  run.streams = streams_to_record(source);
  if (!run.streams.empty()) {
    // Until its first attempt resolves (before the supervisors start: their reports come after this one).
    StreamStatus connecting{false, OfflineReason::connecting, system_ms()};
    {
      std::lock_guard lock(status_mutex_);
      camera_status_[camera_id] = connecting;
    }
    store_camera_status(camera_id, connecting);
  }
  for (const auto& [stream, url] : run.streams) {
    spdlog::info("recording camera {} {} from {}", camera_id, stream, redact_url(url));
    run.pipelines.push_back(std::make_unique<Pipeline>(*this, camera_id, stream));
    auto factory = [this, url = url] { return options_.source_factory(url); };
    run.supervisors.push_back(std::make_unique<CameraSupervisor>(
        "camera " + std::to_string(camera_id) + " " + stream, factory, *run.pipelines.back(),
        [this, camera_id, stream](const StreamStatus& status) { stream_status(camera_id, stream, status); },
        options_.supervisor));
    run.supervisors.back()->start();
  }
  if (!run.supervisors.empty())
    cameras_[camera_id] = std::move(run);
}

void Recorder::stop_camera(std::int64_t camera_id, OfflineReason reason) {
  auto it = cameras_.find(camera_id);
  if (it == cameras_.end())
    return;
  for (auto& supervisor : it->second.supervisors)
    supervisor->stop(reason);
  cameras_.erase(it);
  // Its pending index rows go now, before a caller deletes the camera's rows.
  store_->flush_index();
  {
    std::lock_guard lock(status_mutex_);
    stream_status_.erase(camera_id);
    camera_status_.erase(camera_id);
  }
  // Not recording (any more, or until the new source delivers): offline.
  store_camera_status(camera_id, {false, reason, system_ms()});
}

void Recorder::apply_camera_source(std::int64_t camera_id, const std::optional<store::CameraSourceRecord>& source) {
  std::lock_guard lock(cameras_mutex_);
  if (cameras_stopped_)
    return;
  auto running = cameras_.find(camera_id);
  auto streams = source ? streams_to_record(*source) : std::vector<std::pair<std::string, std::string>>{};
  bool wanted = !streams.empty();
  if (running != cameras_.end() && wanted && running->second.streams == streams)
    return; // unchanged
  if (running == cameras_.end() && !wanted) {
    // Never recorded in this process (e.g. a demo camera seeded without a source): offline, no_source, once.
    if (source && no_source_stored_.insert(camera_id).second)
      store_camera_status(camera_id, {false, OfflineReason::no_source, system_ms()});
    return;
  }
  no_source_stored_.erase(camera_id);
  stop_camera(camera_id, wanted ? OfflineReason::connecting : OfflineReason::no_source);
  if (wanted) {
    auto copy = *source;
    copy.camera_id = camera_id;
    start_camera(copy);
  }
}

void Recorder::reconcile(const std::vector<store::CameraSourceRecord>& sources) {
  std::vector<std::int64_t> gone;
  {
    std::lock_guard lock(cameras_mutex_);
    for (const auto& [camera_id, run] : cameras_) {
      bool listed = false;
      for (const auto& source : sources)
        listed = listed || source.camera_id == camera_id;
      if (!listed)
        gone.push_back(camera_id);
    }
  }
  for (auto camera_id : gone)
    apply_camera_source(camera_id, std::nullopt);
  for (const auto& source : sources)
    apply_camera_source(source.camera_id, source);
}

void Recorder::reconcile_loop() {
  std::unique_lock lock(retention_mutex_);
  while (!stopping_) {
    retention_wake_.wait_for(lock, std::chrono::milliseconds(options_.reconcile_interval_ms),
                             [this] { return stopping_; });
    if (stopping_)
      break;
    lock.unlock();
    try {
      reconcile(database_.camera_sources());
    } catch (const std::exception& e) {
      spdlog::error("recorder: cannot reconcile camera sources: {}", e.what());
    }
    lock.lock();
  }
}

void Recorder::stop() {
  {
    std::lock_guard lock(retention_mutex_);
    stopping_ = true;
  }
  retention_wake_.notify_all();
  if (reconcile_thread_.joinable())
    reconcile_thread_.join();
  {
    std::lock_guard lock(cameras_mutex_);
    cameras_stopped_ = true;
    for (auto& [camera_id, run] : cameras_) {
      for (auto& supervisor : run.supervisors)
        supervisor->stop();
    }
    cameras_.clear();
  }
  if (retention_thread_.joinable())
    retention_thread_.join();
  store_->flush_index();
}

void Recorder::stream_status(std::int64_t camera_id, const std::string& stream, const StreamStatus& status) {
  StreamStatus camera;
  {
    std::lock_guard lock(status_mutex_);
    auto& streams = stream_status_[camera_id];
    streams[stream] = status;
    // Active while any stream delivers; otherwise offline for the main stream's reason (the first stream's without
    // a main stream).
    const StreamStatus* shown = streams.count("main") ? &streams["main"] : &streams.begin()->second;
    camera = *shown;
    for (const auto& [name, each] : streams)
      camera.active = camera.active || each.active;
    auto stored = camera_status_.find(camera_id);
    if (stored != camera_status_.end() && stored->second.active == camera.active &&
        (camera.active || (stored->second.reason == camera.reason && stored->second.since_ms == camera.since_ms)))
      return;
    camera_status_[camera_id] = camera;
  }
  store_camera_status(camera_id, camera);
}

void Recorder::store_camera_status(std::int64_t camera_id, const StreamStatus& status) {
  std::string name = status.active ? "active" : "offline";
  try {
    // False when the camera was deleted.
    bool stored = status.active ? database_.set_camera_status(camera_id, name)
                                : database_.set_camera_status(camera_id, name, offline_reason_name(status.reason),
                                                              status.since_ms);
    if (stored && on_status_)
      on_status_(camera_id, name);
  } catch (const std::exception& e) {
    spdlog::error("camera {}: cannot store status {}: {}", camera_id, name, e.what());
  }
}

void Recorder::storage_write_failed() {
  storage_write_failed_ms_ = system_ms();
  storage_write_failing_ = true;
  storage_full_ = true;
  {
    std::lock_guard lock(retention_mutex_);
    retention_due_ = true;
  }
  retention_wake_.notify_all();
}

void Recorder::storage_write_succeeded() {
  if (storage_write_failing_.load(std::memory_order_relaxed))
    storage_write_failing_ = false;
}

void Recorder::check_free_space(Retention& retention) {
  // A write that failed for lack of room counts for a few seconds even when the reserve looks kept (another quota).
  constexpr std::int64_t k_write_failure_hold_ms = 5'000;
  bool full = system_ms() - storage_write_failed_ms_ < k_write_failure_hold_ms;
  if (auto space = disk_space(data_dir_)) {
    auto reserve = free_space_reserve_bytes(options_.min_free_bytes, space->total_bytes);
    if (space->available_bytes < reserve) {
      retention.free_up(reserve - space->available_bytes);
      space = disk_space(data_dir_);
      full = full || (space && space->available_bytes < reserve);
    }
  }
  // Writes pause while `full`; after a failed write's hold they are tried again, but 'Storage full' stays shown until
  // one succeeds (it does not come and go with each retry).
  storage_full_ = full;
  bool shown = full || storage_write_failing_;
  if (shown != problem_shown_) {
    if (shown)
      spdlog::error("storage full in {}: recording paused until space returns", data_dir_.string());
    else
      spdlog::info("storage space is back: recording resumes");
  }
  if (!shown && !problem_shown_ && problems_checked_)
    return;
  problems_checked_ = true; // the first check also clears what a previous run left
  problem_shown_ = shown;
  // Every recorded camera (also ones started while full) shows the problem; the catalog hears of changes.
  std::vector<std::int64_t> camera_ids;
  {
    std::lock_guard lock(cameras_mutex_);
    for (const auto& [camera_id, run] : cameras_)
      camera_ids.push_back(camera_id);
  }
  std::optional<std::string> problem;
  if (shown)
    problem = recording_problem_name(RecordingProblem::storage_full);
  for (auto camera_id : camera_ids) {
    try {
      if (database_.set_recording_problem(camera_id, problem) && on_status_)
        on_status_(camera_id, "recording_problem");
    } catch (const std::exception& e) {
      spdlog::error("camera {}: cannot store the recording problem: {}", camera_id, e.what());
    }
  }
}

void Recorder::retention_loop() {
  Retention retention(database_, *store_, system_ms);
  std::unique_lock lock(retention_mutex_);
  auto next_pass = std::chrono::steady_clock::now();
  while (!stopping_) {
    bool pass = retention_due_ || std::chrono::steady_clock::now() >= next_pass;
    retention_due_ = false;
    lock.unlock();
    try {
      check_free_space(retention);
      if (pass) {
        retention.run_once();
        next_pass = std::chrono::steady_clock::now() + std::chrono::milliseconds(options_.retention_interval_ms);
      }
    } catch (const std::exception& e) {
      spdlog::error("retention failed: {}", e.what());
    }
    lock.lock();
    // Free space every second; a retention pass at most once a second, however often writes cross the quota.
    retention_wake_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; });
  }
}

} // namespace argus::media
