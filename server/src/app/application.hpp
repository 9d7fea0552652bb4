#pragma once
// The domain side of argusd: opens the store, runs migrations, seeds the demo, builds services and registers the
// API routes. main.cpp owns process concerns (CLI, signals, the HTTP server); this owns everything else.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "analytics/event_consolidator.hpp"
#include "app/code_delivery_options.hpp"

namespace argus::http {
class Router;
}

namespace argus {

struct ApplicationOptions {
  std::filesystem::path data_dir;
  std::filesystem::path web_root; // may be empty
  bool demo = false;
  std::optional<std::int64_t> recording_quota_bytes; // set: the data dir's recording quota (0 = unlimited)
  double motion_fps = 5; // frames per second analysed for motion per camera (0: no motion analysis)
  std::int64_t motion_max_event_s = analytics::k_max_event_s; // longest motion event of a search (10..300 s)
  std::optional<std::int64_t> min_free_bytes;                 // free space recordings leave (default: max(5 %, 2 GiB))
  //! Tests only (--test-max-db-pages): the database is capped at this many pages once started (SQLITE_FULL).
  std::optional<std::int64_t> test_max_db_pages;
  bool own_rtsp_reader = true; // --rtsp-reader argus (default) | libavformat
  int export_workers = 2;      // exports made at once (--export-workers)
  double detect_fps = 1;       // object detection frames per second per camera with motion (0: none; needs motion)
  std::filesystem::path detector_model; // the NanoDet ONNX model (empty or unusable: the HOG people detector)
  double detect_cpu_share = 0.5;        // of one core, on average, for object detection (--detect-cpu / 100)
  bool yolo_detector = false;           // detector_model is a YOLO export (--detector yolo), not NanoDet
  int detect_workers = 1;               // object detection threads, each within detect_cpu_share of a core
  CodeDeliveryOptions code_delivery;    // how sign-in codes are sent (demo: the demo inbox fills what is absent)
  std::string public_url;               // the portal's address for links in e-mails (--public-url)
  //! --database: empty for SQLite in data_dir (argus.db), or a postgresql:// URL (docs/design/scale.md). Media and
  //! keys stay in data_dir either way.
  std::string database_url;
  //! --shard-id: the networks this process ingests, records and serves (networks.shard_id).
  std::int64_t shard_id = 1;
};

class Application {
public:
  //! Opens (creating if needed) the data directory and database; with options.demo seeds the demo fleet and writes
  //! demo-credentials.json. Throws argus::Error on failure.
  explicit Application(const ApplicationOptions& options);
  ~Application();

  //! Wakes held live and detections-channel requests so that the HTTP server can stop at once (when shutdown begins).
  void begin_shutdown();
  //! A user is opening a portal page (the HTTP server served index.html): object detection waits a moment
  //! (common::ViewerStartSignal).
  void note_viewer_start();

  //! Registers every API route.
  void register_routes(http::Router& router);

  //! Path of the demo credentials file (empty unless demo).
  std::filesystem::path demo_credentials_path() const;
  //! The demo inbox's page, http://127.0.0.1:PORT (empty unless demo and the inbox started).
  std::string demo_inbox_url() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace argus
