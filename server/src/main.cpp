// argusd: the Argus server. `argusd --data-dir DIR --listen HOST:PORT [--demo] [--web-root DIR] ...` serves the API
// and the portal; `argusd <command> ...` (e.g. `argusd user ...`) runs an administrative command and exits.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/application.hpp"
#include "app/code_delivery_options.hpp"
#include "common/error.hpp"
#include "common/logging.hpp"
#include "http/client_address.hpp"
#include "http/listen_address.hpp"
#include "http/router.hpp"
#include "http/server.hpp"
#include "http/tls_context.hpp"
#include "media/ffmpeg_log.hpp"
#include "store/open_database.hpp"

#if __has_include("app/cli_commands.hpp")
#include "app/cli_commands.hpp"
#define ARGUS_HAS_CLI_COMMANDS 1
#endif

namespace {

constexpr int k_exit_usage = 2;

struct ServeOptions {
  std::string data_dir;
  std::string listen = "127.0.0.1:8080";
  std::string web_root;
  std::string log_level = "info";
  bool demo = false;
  std::optional<std::int64_t> recording_quota_mb;
  std::optional<std::int64_t> min_free_mb;
  std::optional<std::int64_t> test_max_db_pages;
  double motion_fps = 5;
  std::int64_t motion_max_event_s = argus::analytics::k_max_event_s;
  std::string rtsp_reader = "argus";
  int export_workers = 2;
  int io_threads = 2;
  int worker_threads = 8; // live playlist requests are held up to a few seconds (LL-HLS blocking reload)
  std::string tls_cert;
  std::string tls_key;
  std::vector<std::string> trusted_proxies;
  double detect_fps = 1;
  std::string detector_model; // empty: the model built beside argusd (build/models/nanodet.onnx)
  int detect_cpu_percent = 50;
  std::string detector = "nanodet";
  int detect_workers = 1;
  argus::CodeDeliveryFlags code_delivery;
  std::string public_url; // empty: http(s)://HOST:PORT of --listen
  std::string database;   // empty: SQLite in --data-dir; else a postgresql:// URL
  std::int64_t shard_id = 1;
};

// What the network flags say, checked before anything starts.
struct NetworkSetup {
  argus::http::ListenAddress listen;
  std::shared_ptr<argus::http::TlsContext> tls; // null: plain HTTP
  std::vector<argus::http::IpNetwork> trusted_proxies;
};

// Parses --listen, --tls-cert/--tls-key and --trusted-proxy; prints the problem and answers nullopt when one is bad.
std::optional<NetworkSetup> network_setup(const ServeOptions& options) {
  NetworkSetup setup;
  auto listen = argus::http::parse_listen_address(options.listen);
  if (!listen) {
    std::cerr << "argusd: invalid --listen '" << options.listen
              << "': expected HOST:PORT with a numeric IP address, e.g. 127.0.0.1:8080 or [::1]:8080\n";
    return std::nullopt;
  }
  setup.listen = *listen;
  for (const auto& text : options.trusted_proxies) {
    auto network = argus::http::parse_ip_network(text);
    if (!network) {
      std::cerr << "argusd: invalid --trusted-proxy '" << text
                << "': expected an IP address or a network in CIDR form, e.g. 10.0.0.0/8 or ::1\n";
      return std::nullopt;
    }
    setup.trusted_proxies.push_back(*network);
  }
  if (options.tls_cert.empty() != options.tls_key.empty()) {
    std::cerr << "argusd: --tls-cert and --tls-key go together (a PEM certificate chain and its private key)\n";
    return std::nullopt;
  }
  if (!options.tls_cert.empty()) {
    try {
      setup.tls = std::make_shared<argus::http::TlsContext>(
          argus::http::TlsFiles{options.tls_cert, options.tls_key, "--tls-cert", "--tls-key"});
    } catch (const argus::http::TlsSetupError& error) {
      std::cerr << "argusd: " << error.what() << "\n";
      return std::nullopt;
    }
  }
  return setup;
}

// The detector model: the one named, else the model the build converted beside this binary (build/models, next to
// build/bin/argusd). A missing file is not an error: object detection falls back to HOG and logs why.
std::filesystem::path detector_model_path(const std::string& named) {
  if (!named.empty())
    return named;
  std::error_code error;
  auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::filesystem::path{} : self.parent_path().parent_path() / "models" / "nanodet.onnx";
}

int serve(const ServeOptions& options, const NetworkSetup& network, const argus::CodeDeliveryOptions& code_delivery) {
  argus::setup_logging(options.log_level);
  argus::media::route_ffmpeg_logs();
  std::optional<std::int64_t> quota_bytes;
  if (options.recording_quota_mb)
    quota_bytes = *options.recording_quota_mb * 1024 * 1024;
  std::optional<std::int64_t> min_free_bytes;
  if (options.min_free_mb)
    min_free_bytes = *options.min_free_mb * 1024 * 1024;
  // The port is bound first: a port in use is refused before the demo is seeded, and the demo's camsim (which asks
  // the system for free ports) can never be handed the port a caller chose as free. The application is declared
  // before the server so that it outlives it.
  std::optional<argus::Application> app;
  argus::http::Router router;
  argus::http::ServerOptions server_options;
  server_options.address = network.listen.host;
  server_options.port = network.listen.port;
  server_options.tls = network.tls;
  server_options.trusted_proxies = network.trusted_proxies;
  server_options.web_root = options.web_root;
  server_options.io_threads = options.io_threads;
  server_options.worker_threads = options.worker_threads;
  // Password hashing (argon2id, ~0.1 s of a core each) queues on its own threads, one core fewer than the machine's,
  // so that a burst of sign-ins cannot take every worker from the other calls (bench/signin_throughput.mjs).
  server_options.slow_lane = [](const argus::http::Request& request) {
    return request.method == "POST" &&
           (request.path.ends_with("/login/login") || request.path.ends_with("/login/reset_password") ||
            request.path.ends_with("/vision/user/password"));
  };
  server_options.slow_lane_threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
  server_options.on_stop = [&app] {
    if (app)
      app->begin_shutdown();
  };
  server_options.on_page_load = [&app] {
    if (app)
      app->note_viewer_start();
  };
  argus::http::Server server(router, server_options);
  std::string public_url = options.public_url;
  if (public_url.empty()) {
    auto host =
        network.listen.host.find(':') != std::string::npos ? "[" + network.listen.host + "]" : network.listen.host;
    public_url = std::string(network.tls ? "https://" : "http://") + host + ":" + std::to_string(server.port());
  }
  app.emplace(argus::ApplicationOptions{
      options.data_dir, options.web_root, options.demo, quota_bytes, options.motion_fps, options.motion_max_event_s,
      min_free_bytes, options.test_max_db_pages, options.rtsp_reader == "argus", options.export_workers,
      options.detect_fps, detector_model_path(options.detector_model), options.detect_cpu_percent / 100.0,
      options.detector == "yolo", options.detect_workers, code_delivery, public_url, options.database,
      options.shard_id});
  app->register_routes(router);
  if (options.demo) {
    std::cout << "Demo credentials: " << app->demo_credentials_path().string() << std::endl;
    if (auto inbox = app->demo_inbox_url(); !inbox.empty())
      std::cout << "Demo inbox (sign-in codes by e-mail and SMS): " << inbox << "/" << std::endl;
  }
  server.run();
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  // A first argument that is not an option names a subcommand (`argusd user ...`).
  if (argc > 1 && argv[1][0] != '-') {
#ifdef ARGUS_HAS_CLI_COMMANDS
    if (int exit_code = argus::run_cli_subcommand(argc, argv); exit_code != -1)
      return exit_code;
#endif
    std::cerr << "argusd: unknown command '" << argv[1] << "' (see argusd --help)\n";
    return k_exit_usage;
  }

  ServeOptions options;
  CLI::App cli{"argusd: the Argus camera-fleet server"};
  cli.add_option("--data-dir", options.data_dir, "Directory for the database and state (created if missing)")
      ->required();
  cli.add_option("--listen", options.listen, "Address to listen on, HOST:PORT (port 0: any free port)")
      ->capture_default_str();
  cli.add_option("--database", options.database,
                 "postgresql://USER@HOST:PORT/DB for a PostgreSQL store (default: SQLite in --data-dir)")
      ->check([](const std::string& url) {
        return url.empty() || argus::store::is_postgres_url(url) ? std::string() : "must be a postgresql:// URL";
      });
  cli.add_option("--shard-id", options.shard_id,
                 "This argusd's shard: it ingests, records and serves the networks the store maps to it (networks "
                 "without a move are on shard 1); the others answer 421 with their shard (docs/design/scale.md)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{999999999}))
      ->capture_default_str();
  cli.add_flag("--demo", options.demo, "Seed the demo fleet and write demo credentials");
  cli.add_option("--web-root", options.web_root, "Directory of the built portal (web/dist)");
  cli.add_option("--log-level", options.log_level, "trace, debug, info, warn, error, critical or off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
      ->capture_default_str();
  cli.add_option("--recording-quota-mb", options.recording_quota_mb,
                 "Disk quota for recordings in the data directory, MiB (0 = unlimited); oldest chunks go first")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 40));
  cli.add_option("--min-free-mb", options.min_free_mb,
                 "Free space to keep on the recordings' filesystem, MiB (default: max(5 %, 2 GiB)); below it the "
                 "oldest recordings go, then recording pauses (storage_full) until space returns")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 40));
  // Hidden (no help group): integration tests make the database full (SQLITE_FULL) with it.
  cli.add_option("--test-max-db-pages", options.test_max_db_pages,
                 "Tests only: cap the database at this many pages once started")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40))
      ->group("");
  cli.add_option("--motion-fps", options.motion_fps,
                 "Frames per second analysed for motion search per camera (sub-stream preferred; 0 = no analysis)")
      ->check(CLI::Range(0.0, 30.0))
      ->capture_default_str();
  cli.add_option("--motion-max-event-s", options.motion_max_event_s,
                 "Longest motion event of a search, s; longer motion is cut into consecutive events")
      ->check(CLI::Range(std::int64_t{10}, argus::analytics::k_max_event_s))
      ->capture_default_str();
  cli.add_option("--detect-fps", options.detect_fps,
                 "Frames per second run through the object detector per camera, only while it has motion (0 = no "
                 "object detection; needs --motion-fps > 0)")
      ->check(CLI::Range(0.0, 10.0))
      ->capture_default_str();
  cli.add_option("--detect-cpu", options.detect_cpu_percent,
                 "Percent of one core object detection may use on average (the rest stays for live video, recording "
                 "and the portal; with more cameras in motion than it allows, each is detected less often)")
      ->check(CLI::Range(1, 100))
      ->capture_default_str();
  cli.add_option("--detect-workers", options.detect_workers,
                 "Object detection threads, each using at most --detect-cpu of a core (cameras take turns on them)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cli.add_option("--detector", options.detector,
                 "nanodet: the NanoDet model the build converts; yolo: your own YOLOv5/v7/v8 ONNX export (COCO's 80 "
                 "classes, 640x640 input), named by --detector-model")
      ->check(CLI::IsMember({"nanodet", "yolo"}))
      ->capture_default_str();
  cli.add_option("--detector-model", options.detector_model,
                 "NanoDet ONNX model for object detection (default: models/nanodet.onnx beside the bin directory of "
                 "argusd); missing or unreadable: OpenCV's HOG people detector (people only)");
  cli.add_option("--rtsp-reader", options.rtsp_reader,
                 "How rtsp:// cameras are read: argus (our own reader, libavformat for what it does not handle) or "
                 "libavformat (everything)")
      ->check(CLI::IsMember({"argus", "libavformat"}))
      ->capture_default_str();
  cli.add_option("--export-workers", options.export_workers, "Video exports made at the same time")
      ->check(CLI::Range(1, 16))
      ->capture_default_str();
  cli.add_option("--tls-cert", options.tls_cert,
                 "Serve HTTPS (with HSTS) using this PEM certificate chain; needs --tls-key. Default: plain HTTP");
  cli.add_option("--tls-key", options.tls_key, "PEM private key (unencrypted) of --tls-cert");
  cli.add_option("--trusted-proxy", options.trusted_proxies,
                 "Reverse proxy (IP or CIDR, repeatable) whose X-Forwarded-For names the client; default: none")
      ->expected(1)
      ->take_all();
  cli.add_option("--io-threads", options.io_threads, "Threads for socket I/O")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cli.add_option("--worker-threads", options.worker_threads, "Threads for request handlers")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  auto& delivery = options.code_delivery;
  cli.add_option("--smtp-url", delivery.smtp_url,
                 "Mail server for sign-in codes and e-mail, smtp://HOST:PORT or smtps://HOST:PORT (default: none; "
                 "--demo: the demo inbox)");
  cli.add_option("--smtp-from", delivery.smtp_from, "Sender address of argusd's e-mail")->capture_default_str();
  cli.add_option("--smtp-user", delivery.smtp_user, "SMTP user name (with --smtp-password-file)");
  cli.add_option("--smtp-password-file", delivery.smtp_password_file, "File whose first line is the SMTP password");
  cli.add_option("--smtp-tls", delivery.smtp_tls, "STARTTLS: none, try (when offered) or required")
      ->check(CLI::IsMember({"none", "try", "required"}))
      ->capture_default_str();
  cli.add_option("--sms-gateway-url", delivery.sms_gateway_url,
                 "HTTP SMS gateway for sign-in codes: a URL with {to} and {text} (sent with GET) or a URL that takes "
                 "a JSON POST {to, text} (default: none; --demo: the demo inbox)");
  cli.add_option("--public-url", options.public_url,
                 "The portal's address as users reach it, for links in e-mails (password reset), e.g. "
                 "https://argus.example.com (default: the --listen address)")
      ->check([](const std::string& url) {
        bool web = url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0;
        return web && url.find_first_of(" \r\n\"<>") == std::string::npos && url.back() != '/'
                   ? std::string{}
                   : std::string{"an http:// or https:// URL without a trailing slash"};
      });
  cli.add_option("--demo-inbox-port", delivery.demo_inbox_port,
                 "--demo: loopback port of the demo inbox page showing the e-mail and SMS argusd sent (0: any free)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return cli.exit(error) == 0 ? 0 : k_exit_usage;
  }

  if (options.detector == "yolo" && options.detector_model.empty()) {
    std::cerr << "argusd: --detector yolo needs --detector-model FILE (your YOLO ONNX export)\n";
    return k_exit_usage;
  }
  auto network = network_setup(options);
  if (!network)
    return k_exit_usage;
  argus::CodeDeliveryOptions code_delivery;
  try {
    code_delivery = argus::code_delivery_options(options.code_delivery);
  } catch (const argus::Error& error) {
    std::cerr << "argusd: " << error.what() << "\n";
    return k_exit_usage;
  }

  try {
    return serve(options, *network, code_delivery);
  } catch (const std::exception& error) {
    std::cerr << "argusd: " << error.what() << std::endl;
    return 1;
  }
}
