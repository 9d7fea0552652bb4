#include "app/application.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <thread>

#include <spdlog/spdlog.h>

#include "analytics/motion_service.hpp"
#include "api/api_routes.hpp"
#include "common/error.hpp"
#include "demo/camsim_launcher.hpp"
#include "demo/demo_doors.hpp"
#include "demo/demo_fleet.hpp"
#include "demo/demo_seeder.hpp"
#include "demo/demo_sso.hpp"
#include "demo/democatcher_launcher.hpp"
#include "demo/doorsim_launcher.hpp"
#include "demo/samlidp_launcher.hpp"
#include "media/live_hub.hpp"
#include "media/recorder.hpp"
#include "media/snapshot_service.hpp"
#include "media/stream_observer_fanout.hpp"
#include "objects/object_service.hpp"
#include "saml/service_provider.hpp"
#include "services/access_control/access_control.hpp"
#include "services/access_control/http_door_partner.hpp"
#include "services/access_log.hpp"
#include "services/catalog.hpp"
#include "services/cometd_clients.hpp"
#include "services/csrf_service.hpp"
#include "services/export_queue.hpp"
#include "services/login_throttle.hpp"
#include "services/org_choices.hpp"
#include "services/outbox.hpp"
#include "services/password_hasher.hpp"
#include "services/password_policy.hpp"
#include "services/proof_of_work_captcha.hpp"
#include "services/report_limiter.hpp"
#include "services/session_service.hpp"
#include "services/share_links.hpp"
#include "services/sign_in_codes.hpp"
#include "services/similarity_jobs.hpp"
#include "services/single_sign_on.hpp"
#include "services/telemetry/telemetry_writer.hpp"
#include "services/two_factor.hpp"
#include "services/two_factor_challenges.hpp"
#include "store/open_database.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus {
namespace {
constexpr std::int64_t k_data_dir_storage_id = 1; // storage_dirs row of the data directory (migration 0002)
} // namespace

struct Application::Impl {
  explicit Impl(const ApplicationOptions& options)
      : data_dir(prepare_data_dir(options.data_dir)),
        owned_database(store::open_database(options.database_url, data_dir / "argus.db")), database(*owned_database),
        catalog(database, services::system_now_ms), sessions(database, services::system_now_ms), csrf(database),
        throttle(services::system_now_ms), context{database, catalog, sessions, csrf, throttle, hasher, data_dir},
        demo(options.demo) {
    // Before any thread reads the store: camera_sources() lists this shard's cameras only.
    database.serve_shard(options.shard_id);
    context.shard_id = options.shard_id;
    if (demo) {
      demo::DemoSeeder(database, hasher, data_dir).seed();
      start_camsim();
    }
    context.two_factor = &two_factor;
    context.two_factor_challenges = &two_factor_challenges;
    context.org_choices = &org_choices;
    context.access_log = &access_log;
    start_code_delivery(options.code_delivery);
    if (!options.public_url.empty())
      context.public_url = options.public_url;
    start_single_sign_on();
    start_access_control();
    context.live_hub = &live_hub;
    context.snapshots = &snapshots;
    context.memory_reports = &memory_reports;
    context.telemetry = &telemetry;
    context.motion_telemetry_batches = &motion_telemetry_batches;
    context.cometd = &cometd;
    context.similarity_jobs = &similarity_jobs;
    context.motion_max_event_s = options.motion_max_event_s;
    start_exports(options.export_workers);
    // Motion analytics observes the same streams as the live hub (sub-stream preferred), off the ingest threads.
    // Object detection runs on the frames in which motion analysis saw motion.
    if (options.motion_fps > 0 && options.detect_fps > 0) {
      objects::ObjectServiceOptions object_options;
      object_options.model_path = options.detector_model;
      object_options.detect_fps = options.detect_fps;
      object_options.cpu_share = options.detect_cpu_share;
      object_options.yolo_model = options.yolo_detector;
      object_options.worker_threads = options.detect_workers;
      object_options.viewer_starts = &viewer_starts;
      objects = std::make_unique<objects::ObjectService>(database, object_options);
      objects->start();
      context.objects = objects.get();
    }
    // Cameras say what detection really runs: people (NanoDet or HOG) with colours and similarity, vehicles with
    // NanoDet only; nothing without detection.
    catalog.set_detection_features(objects ? services::DetectionFeatures{true, objects->detects_vehicles(), true, true}
                                           : services::DetectionFeatures{});
    if (options.motion_fps > 0) {
      analytics::MotionServiceOptions motion_options;
      motion_options.analyzer.analysis_fps = options.motion_fps;
      motion_options.worker_threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency() / 2));
      motion = std::make_unique<analytics::MotionService>(database, data_dir, motion_options, objects.get());
      motion->start();
    }
    observers = std::make_unique<media::StreamObserverFanout>(
        std::initializer_list<media::StreamObserver*>{&live_hub, motion.get()});
    // Records every camera with an RTSP URL and feeds the live hub (200 ms parts for LL-HLS); status changes drop the
    // catalog's snapshots so lists show them at once.
    media::RecorderOptions recorder_options;
    recorder_options.part_target_90k = 18000;
    recorder_options.reconcile_interval_ms = 5000; // picks up cameras the CLI changed
    recorder_options.min_free_bytes = options.min_free_bytes;
    recorder_options.own_rtsp_reader = options.own_rtsp_reader;
    recorder = std::make_unique<media::Recorder>(
        database, data_dir, recorder_options, [this](std::int64_t, const std::string&) { catalog.invalidate(); },
        observers.get());
    if (options.recording_quota_bytes)
      database.set_storage_quota(k_data_dir_storage_id, *options.recording_quota_bytes);
    recorder->start(database.camera_sources());
    // Cameras added, edited or removed through the API start, restart or stop at once.
    context.on_camera_source_changed = [this](std::int64_t camera_id,
                                              const std::optional<store::CameraSourceRecord>& source) {
      recorder->apply_camera_source(camera_id, source);
    };
    if (options.test_max_db_pages) {
      auto* sqlite = dynamic_cast<store::SqliteDatabase*>(&database);
      if (!sqlite)
        throw Error(Error::Kind::invalid_input, "--test-max-db-pages needs the SQLite store");
      auto pages = sqlite->limit_pages_for_tests(*options.test_max_db_pages);
      spdlog::warn("test option: the database is capped at {} pages (writes that need more fail: SQLITE_FULL)", pages);
    }
  }

  // The demo cameras that show video: those not seeded offline in Warehouse HQ and Downtown Store (the others keep no
  // source, so 'Offline' stays visible).
  static std::vector<std::int64_t> demo_video_camera_ids() {
    auto fleet = demo::demo_fleet();
    std::set<std::int64_t> networks;
    for (const auto& network : fleet.networks) {
      if (network.name == "Warehouse HQ" || network.name == "Downtown Store")
        networks.insert(network.id);
    }
    std::vector<std::int64_t> ids;
    for (const auto& camera : fleet.cameras) {
      if (networks.count(camera.network_id) && camera.status != "offline")
        ids.push_back(camera.id);
    }
    return ids;
  }

  // Starts camsim with one simulated camera per demo video camera and points them at it (ports change every run).
  // Without camsim or footage the demo runs without video.
  void start_camsim() {
    auto ids = demo_video_camera_ids();
    auto sources = database.camera_sources();
    // Multi-imager cameras (camsim serves their imagers 1..3 too).
    std::map<std::int64_t, std::int64_t> multi_imager_ids; // camera id -> imagers (camsim serves up to 4)
    for (const auto& camera : demo::demo_fleet().cameras) {
      if (camera.imager_count > 1)
        multi_imager_ids[camera.id] = camera.imager_count;
    }
    auto set_urls = [&](std::size_t index, std::optional<std::string> main, std::optional<std::string> sub) {
      store::CameraSourceRecord source{ids[index], std::move(main), std::move(sub), 30, {}};
      if (camsim && multi_imager_ids.count(ids[index])) {
        for (int imager = 1; imager < multi_imager_ids[ids[index]]; ++imager) {
          source.imagers.push_back({imager, camsim->imager_rtsp_url(static_cast<int>(index), imager, "main"),
                                    camsim->imager_rtsp_url(static_cast<int>(index), imager, "sub")});
        }
      }
      for (const auto& existing : sources) {
        if (existing.camera_id == ids[index])
          source.retention_days = existing.retention_days;
      }
      database.set_camera_source(source);
    };
    try {
      demo::CamsimOptions camsim_options;
      camsim_options.cameras = static_cast<int>(ids.size());
      camsim_options.audio_cameras = 1; // the first demo camera (Lobby Entrance) has a microphone
      for (auto fisheye_id : demo::demo_fleet().fisheye_camera_ids) {
        auto it = std::find(ids.begin(), ids.end(), fisheye_id);
        if (it != ids.end())
          camsim_options.fisheye_cameras.push_back(static_cast<int>(it - ids.begin()));
      }
      for (std::size_t i = 0; i < ids.size(); ++i) {
        if (multi_imager_ids.count(ids[i]))
          camsim_options.multi_imager_cameras.push_back(static_cast<int>(i));
      }
      camsim = std::make_unique<demo::CamsimLauncher>(camsim_options);
      for (std::size_t i = 0; i < ids.size(); ++i)
        set_urls(i, camsim->rtsp_url(static_cast<int>(i), "main"), camsim->rtsp_url(static_cast<int>(i), "sub"));
      // How a user "unplugs" a demo camera (docs/design/camsim.md "Unplugging a demo camera").
      spdlog::info("demo: camsim serves {} cameras at {}, control {} (POST /cameras/{{i}}/hang|drop|restore)",
                   ids.size(), camsim->rtsp_base_url(), camsim->control_url());
      for (std::size_t i = 0; i < ids.size(); ++i)
        spdlog::info("demo: camsim camera {} = argus camera {}", i, ids[i]);
    } catch (const std::exception& error) {
      spdlog::warn("demo: running without video, the camera simulator did not start ({}); run `make build` to build "
                   "build/bin/camsim and its footage",
                   error.what());
      camsim.reset();
      for (std::size_t i = 0; i < ids.size(); ++i)
        set_urls(i, std::nullopt, std::nullopt);
    }
    catalog.invalidate();
  }

  // SAML single sign-on: our endpoints are under the portal's public address; our signing key is made once, in the
  // data directory. Without it argusd still serves (password sign-in), and /login/sso answers 503.
  void start_single_sign_on() {
    try {
      auto base = context.public_url;
      while (!base.empty() && base.back() == '/')
        base.pop_back();
      base += "/n1"; // the api's base path (spec 01 §4); every shard answers it
      saml::SpEndpoints endpoints{base + "/login/saml/metadata", base + "/login/saml/acs", base + "/login/saml/sls"};
      single_sign_on = std::make_unique<services::SingleSignOn>(
          database, saml::ServiceProvider(endpoints, saml::load_or_create_sp_credentials(data_dir / "saml")),
          services::system_now_ms);
      context.single_sign_on = single_sign_on.get();
    } catch (const std::exception& error) {
      spdlog::warn("single sign-on is off: {}", error.what());
      return;
    }
    if (!demo)
      return;
    try {
      demo_idp = demo::start_demo_sso(database, data_dir, context.public_url);
      spdlog::info("demo: single sign-on with identifier '{}' at the demo identity provider {}/ (demo passwords)",
                   demo::k_demo_sso_identifier, demo_idp->url());
    } catch (const std::exception& error) {
      spdlog::warn("demo: no single sign-on ({}); run `make build` and scripts/setup.sh (python3-lasso)", error.what());
    }
  }

  // Door access control: partners push events to the webhook; their doors are synced every minute. The demo's
  // partner is tools/doorsim; without it the demo runs without doors.
  void start_access_control() {
    access_control = std::make_unique<services::AccessControl>(
        database, [](const store::IntegrationRecord& integration) -> std::unique_ptr<services::AccessControlPartner> {
          if (integration.base_url.empty())
            return nullptr;
          return std::make_unique<services::HttpDoorPartner>(integration.base_url, integration.command_token);
        });
    context.access_control = access_control.get();
    if (demo) {
      try {
        doorsim = demo::start_demo_doors(database, *access_control, data_dir, context.public_url);
        spdlog::info("demo: door-controller simulator at {} (tools/doorsim)", doorsim->url());
      } catch (const std::exception& error) {
        spdlog::warn("demo: no doors ({}); run `make build`", error.what());
      }
      catalog.invalidate();
    }
    // The partners' door lists and the door events' retention are the organizations' (not a network's): shard 1
    // keeps them for every shard, which only read them.
    if (context.shard_id == 1)
      access_control->start();
  }

  // Sign-in codes go through the configured mail server and SMS gateway; the demo sends what is not configured to
  // its own inbox (tools/democatcher), where a person reads the codes.
  void start_code_delivery(CodeDeliveryOptions delivery) {
    if (demo && (!delivery.smtp || !delivery.sms)) {
      try {
        demo::DemocatcherOptions inbox_options;
        inbox_options.dir = data_dir / "demo-inbox";
        inbox_options.http_port = static_cast<std::uint16_t>(delivery.demo_inbox_port);
        democatcher = std::make_unique<demo::DemocatcherLauncher>(inbox_options);
        if (!delivery.smtp)
          delivery.smtp = services::SmtpSettings{.url = democatcher->smtp_url(), .from = "argus@argus.demo"};
        if (!delivery.sms)
          delivery.sms = services::SmsGatewaySettings{democatcher->sms_gateway_url()};
        spdlog::info("demo: sign-in codes by e-mail and SMS arrive in the demo inbox at {}/", democatcher->inbox_url());
      } catch (const std::exception& error) {
        spdlog::warn("demo: no demo inbox ({}): users with sign-in codes cannot sign in; run `make build`",
                     error.what());
      }
    }
    if (delivery.smtp)
      mailer = std::make_unique<services::SmtpMailer>(*delivery.smtp);
    if (delivery.sms)
      sms_gateway = std::make_unique<services::SmsGateway>(*delivery.sms);
    sign_in_codes = std::make_unique<services::SignInCodes>(
        services::SignInCodes::Senders{mailer.get(), sms_gateway.get()}, services::system_now_ms);
    context.sign_in_codes = sign_in_codes.get();
    if (mailer)
      mail_outbox = std::make_unique<services::Outbox>(*mailer);
    context.mail_outbox = mail_outbox.get();
    context.password_policy = &password_policy;
    context.reset_links = &reset_links;
    context.captcha = &captcha;
    spdlog::info("passwords: {} common passwords refused ({})", password_policy.common_passwords(),
                 services::PasswordPolicy::k_default_common_list);
  }

  // The export queue resumes the jobs a stop cut; its keys live in data_dir/keys (mode 0700, files 0600).
  void start_exports(int workers) {
    auto keys = data_dir / "keys";
    std::filesystem::create_directories(keys);
    std::filesystem::permissions(keys, std::filesystem::perms::owner_all, std::filesystem::perm_options::replace);
    share_links.emplace(services::ShareLinks::load_or_create(database, keys / "share_link.key"));
    services::ExportQueueOptions export_options;
    export_options.data_dir = data_dir;
    export_options.workers = workers;
    exports = std::make_unique<services::ExportQueue>(
        database, services::ExportSigner::load_or_create(keys / "export_signing.key"), export_options,
        services::system_now_ms);
    exports->start();
    context.exports = exports.get();
    context.share_links = &*share_links;
  }

  static std::filesystem::path prepare_data_dir(const std::filesystem::path& dir) {
    if (dir.empty())
      throw Error(Error::Kind::invalid_input, "a data directory is required");
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error)
      throw Error(Error::Kind::unavailable, "cannot create data directory " + dir.string() + ": " + error.message());
    return dir;
  }

  std::filesystem::path data_dir;
  std::unique_ptr<store::Database> owned_database;
  store::Database& database;
  services::PasswordHasher hasher;
  services::Catalog catalog;
  services::SessionService sessions;
  services::CsrfService csrf;
  services::LoginThrottle throttle;
  services::SimilarityJobs similarity_jobs{services::system_now_ms};
  services::TwoFactor two_factor{database, services::system_now_ms};
  services::TwoFactorChallenges two_factor_challenges{services::system_now_ms};
  services::OrgChoices org_choices{services::system_now_ms};
  services::AccessLog access_log{database, services::system_now_ms};
  services::CometdClients cometd{services::system_now_ms}; // the player's detections channel (held connects)
  services::ReportLimiter memory_reports{services::system_now_ms, 60'000}; // spec 02 §9: the portal sends every ~30 min
  services::TelemetryWriter telemetry{database, services::system_now_ms};  // writes off the HTTP threads
  services::ReportLimiter motion_telemetry_batches{services::system_now_ms, 10'000}; // the portal batches every 5 min
  api::ApiContext context;
  bool demo;
  common::ViewerStartSignal viewer_starts; // live viewers starting: object detection waits (docs/design/detection.md)
  media::LiveHub live_hub{media::LiveHubOptions{.viewer_starts = &viewer_starts}};
  media::SnapshotService snapshots{live_hub, database, data_dir};
  std::optional<services::ShareLinks> share_links;
  std::unique_ptr<services::ExportQueue> exports;   // stopped first: a running export stays queued for the next start
  std::unique_ptr<objects::ObjectService> objects;  // null without detection; outlives motion
  std::unique_ptr<analytics::MotionService> motion; // null with motion_fps 0; outlives the recorder
  std::unique_ptr<media::StreamObserverFanout> observers; // live hub, then motion
  std::unique_ptr<demo::CamsimLauncher> camsim; // stopped after the recorder (members are destroyed in reverse)
  std::unique_ptr<demo::DemocatcherLauncher> democatcher; // the demo inbox (null unless demo)
  std::unique_ptr<services::MessageSender> mailer;        // null: no e-mail configured
  std::unique_ptr<services::MessageSender> sms_gateway;   // null: no SMS gateway configured
  std::unique_ptr<services::SignInCodes> sign_in_codes;
  std::unique_ptr<services::Outbox> mail_outbox; // before the mailer goes (members are destroyed in reverse)
  services::PasswordPolicy password_policy;
  services::ReportLimiter reset_links{services::system_now_ms, 60'000};
  services::ProofOfWorkCaptcha captcha{services::system_now_ms};
  std::unique_ptr<services::SingleSignOn> single_sign_on;  // null when our SAML key cannot be made
  std::unique_ptr<demo::SamlIdpLauncher> demo_idp;         // the demo's identity provider (null unless demo)
  std::unique_ptr<services::AccessControl> access_control; // door sync, webhook events, quick grant
  std::unique_ptr<demo::DoorsimLauncher> doorsim;          // the demo's door partner (null unless demo)
  std::unique_ptr<media::Recorder> recorder; // last: stops (closing its chunk files) before the store closes
};

Application::Application(const ApplicationOptions& options) : impl_(std::make_unique<Impl>(options)) {
  spdlog::info("data directory {}", impl_->data_dir.string());
}

Application::~Application() {
  // Exports first (a cut one runs again at the next start), then the recorder (its ingest threads read from camsim),
  // then camsim, all well within a SIGTERM's patience.
  if (impl_->exports)
    impl_->exports->stop();
  impl_->live_hub.shutdown();
  impl_->cometd.shutdown();
  impl_->recorder.reset();
  if (impl_->motion)
    impl_->motion->stop(); // finishes the analyzers and writes their last seconds
  if (impl_->objects)
    impl_->objects->stop(); // ends the tracks and writes them
  if (impl_->camsim)
    impl_->camsim->stop(std::chrono::milliseconds{1'500});
}

void Application::begin_shutdown() {
  impl_->live_hub.shutdown();
  impl_->cometd.shutdown();
}

void Application::note_viewer_start() {
  impl_->viewer_starts.note_start();
}

void Application::register_routes(http::Router& router) {
  api::register_api_routes(router, impl_->context);
}

std::string Application::demo_inbox_url() const {
  return impl_->democatcher ? impl_->democatcher->inbox_url() : std::string{};
}

std::filesystem::path Application::demo_credentials_path() const {
  return impl_->demo ? demo::DemoSeeder::credentials_path(impl_->data_dir) : std::filesystem::path{};
}

} // namespace argus
