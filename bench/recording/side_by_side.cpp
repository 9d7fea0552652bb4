#include "recording/side_by_side.hpp"

#include <cstdio>
#include <fstream>
#include <memory>
#include <thread>
#include <vector>

#include "demo/camsim_launcher.hpp"
#include "recording/child_process.hpp"
#include "services/camera_admin.hpp"
#include "services/clock.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::bench {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t k_network_id = 1;

void add_network(const fs::path& database_path) {
  store::SqliteDatabase database(database_path);
  database.insert_organization({1, "org-1", "Org", 1, "", "", ""});
  store::NetworkRecord network;
  network.id = k_network_id;
  network.eid = "net-1";
  network.organization_id = 1;
  network.name = "Bench";
  network.timezone = "UTC";
  database.insert_network(network);
}

// Adds the cameras to the running argusd's database (it starts recording them within its 5 s reconcile interval);
// returns their ids.
std::vector<std::int64_t> add_cameras(const fs::path& database_path, const demo::CamsimLauncher& camsim) {
  store::SqliteDatabase database(database_path);
  services::CameraAdmin admin(database, services::system_now_ms);
  std::vector<std::int64_t> ids;
  for (int i = 0; i < camsim.cameras(); ++i) {
    services::CameraInput input;
    input.name = "Bench " + std::to_string(i);
    input.main_rtsp_url = camsim.rtsp_url(i, "main");
    ids.push_back(admin.create(k_network_id, input).camera.id);
  }
  return ids;
}

// Frigate's way of recording a camera: one ffmpeg per camera, stream copy into 10 s MP4 segments.
std::vector<std::string> ffmpeg_command(const std::string& url, const fs::path& out_dir) {
  return {"ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-rtsp_transport", "tcp", "-i", url,
          "-c", "copy", "-f", "segment", "-segment_time", "10", "-segment_format", "mp4", "-reset_timestamps", "1",
          (out_dir / "%05d.mp4").string()};
}

int count_writing(const std::vector<fs::path>& directories) {
  int writing = 0;
  for (const auto& directory : directories)
    writing += bytes_below(directory) > 0 ? 1 : 0;
  return writing;
}

bool all_writing(const std::vector<fs::path>& directories) {
  return count_writing(directories) == static_cast<int>(directories.size());
}

std::int64_t bytes_below_all(const std::vector<fs::path>& directories) {
  std::int64_t total = 0;
  for (const auto& directory : directories)
    total += bytes_below(directory);
  return total;
}

// One argusd under test: its own data directory, the same cameras.
struct Argusd {
  fs::path data_dir;
  fs::path log;
  std::unique_ptr<ChildProcess> process;
  std::int64_t baseline_rss_bytes = 0;
  std::vector<fs::path> recording_dirs;
};

struct Sample {
  std::chrono::steady_clock::time_point at;
  std::vector<double> argusd_cpu_s;
  std::vector<std::int64_t> argusd_bytes;
  double ffmpeg_cpu_s = 0;
  std::int64_t ffmpeg_bytes = 0;
};

std::string head_of(const fs::path& file) {
  std::ifstream in(file);
  std::string text(400, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

} // namespace

SideBySideResult run_side_by_side(int cameras, const SideBySideOptions& options) {
  SideBySideResult result;
  result.cameras = cameras;
  auto root = options.work_dir / ("cameras-" + std::to_string(cameras));
  fs::remove_all(root);

  demo::CamsimOptions camsim_options;
  camsim_options.cameras = cameras;
  camsim_options.binary = options.bin_dir / "camsim";
  camsim_options.footage_dir = options.footage_dir;
  camsim_options.extra_args = {"--log-level", "error"};
  demo::CamsimLauncher camsim(camsim_options);

  std::vector<Argusd> servers(options.argusd_binaries.size());
  for (std::size_t i = 0; i < servers.size(); ++i) {
    auto& server = servers[i];
    server.data_dir = root / ("argusd-" + std::to_string(i));
    server.log = root / ("argusd-" + std::to_string(i) + ".log");
    fs::create_directories(server.data_dir);
    add_network(server.data_dir / "argus.db");
    server.process = std::make_unique<ChildProcess>(
        std::vector<std::string>{options.argusd_binaries[i].string(), "--data-dir", server.data_dir.string(),
                                 "--listen", "127.0.0.1:0", "--motion-fps", "0"},
        server.log);
  }
  for (auto& server : servers) {
    if (!wait_for_text(server.log, "listening on", std::chrono::seconds(30))) {
      result.problem = "argusd did not start: " + head_of(server.log);
      return result;
    }
  }
  std::this_thread::sleep_for(std::chrono::seconds(2));
  for (auto& server : servers) {
    server.baseline_rss_bytes = resident_bytes_of(server.process->pid());
    for (auto id : add_cameras(server.data_dir / "argus.db", camsim))
      server.recording_dirs.push_back(server.data_dir / "recordings" / std::to_string(id) / "main");
  }
  std::vector<fs::path> ffmpeg_dirs;
  std::vector<std::unique_ptr<ChildProcess>> ffmpegs;
  for (int i = 0; i < cameras; ++i) {
    ffmpeg_dirs.push_back(root / "ffmpeg" / ("cam" + std::to_string(i)));
    fs::create_directories(ffmpeg_dirs.back());
    ffmpegs.push_back(std::make_unique<ChildProcess>(ffmpeg_command(camsim.rtsp_url(i, "main"), ffmpeg_dirs.back()),
                                                     root / "ffmpeg.log"));
  }

  auto everything_writing = [&] {
    for (const auto& server : servers) {
      if (!all_writing(server.recording_dirs))
        return false;
    }
    return all_writing(ffmpeg_dirs);
  };
  // ffmpeg probes each stream (up to 5 s), argusd picks new cameras up within 5 s; a loaded machine takes longer.
  auto start_deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90 + cameras / 2);
  while (!everything_writing()) {
    if (std::chrono::steady_clock::now() > start_deadline) {
      result.problem = "not every camera was recorded within the start timeout (ffmpeg: " +
                       std::to_string(count_writing(ffmpeg_dirs)) + " writing";
      for (std::size_t i = 0; i < servers.size(); ++i)
        result.problem += ", argusd " + std::to_string(i) + ": " +
                          std::to_string(count_writing(servers[i].recording_dirs)) + " writing";
      result.problem += ")";
      return result;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  result.started = true;
  std::this_thread::sleep_for(std::chrono::seconds(options.warmup_s));

  auto sample = [&] {
    Sample s;
    s.at = std::chrono::steady_clock::now();
    for (const auto& server : servers) {
      s.argusd_cpu_s.push_back(cpu_seconds_of(server.process->pid()));
      s.argusd_bytes.push_back(bytes_below_all(server.recording_dirs));
    }
    for (const auto& ffmpeg : ffmpegs)
      s.ffmpeg_cpu_s += cpu_seconds_of(ffmpeg->pid());
    s.ffmpeg_bytes = bytes_below_all(ffmpeg_dirs);
    return s;
  };
  auto before = sample();
  std::this_thread::sleep_for(std::chrono::seconds(options.window_s));
  auto after = sample();

  double window_s = std::chrono::duration<double>(after.at - before.at).count();
  double core_percent = 100.0 / window_s / cameras;
  double sent_bytes = options.stream_bitrate_bps / 8 * window_s * cameras;
  for (std::size_t i = 0; i < servers.size(); ++i) {
    RecorderFigures figures;
    figures.core_percent_per_stream = (after.argusd_cpu_s[i] - before.argusd_cpu_s[i]) * core_percent;
    figures.rss_bytes_per_camera =
        static_cast<double>(resident_bytes_of(servers[i].process->pid()) - servers[i].baseline_rss_bytes) / cameras;
    figures.realtime = static_cast<double>(after.argusd_bytes[i] - before.argusd_bytes[i]) / sent_bytes;
    result.argusd.push_back(figures);
  }
  result.ffmpeg.core_percent_per_stream = (after.ffmpeg_cpu_s - before.ffmpeg_cpu_s) * core_percent;
  std::int64_t ffmpeg_rss = 0;
  int ffmpegs_running = 0;
  for (const auto& ffmpeg : ffmpegs) {
    ffmpeg_rss += resident_bytes_of(ffmpeg->pid());
    ffmpegs_running += ffmpeg->running() ? 1 : 0;
  }
  result.ffmpeg.rss_bytes_per_camera = static_cast<double>(ffmpeg_rss) / cameras;
  result.ffmpeg.realtime = static_cast<double>(after.ffmpeg_bytes - before.ffmpeg_bytes) / sent_bytes;
  if (!result.sustained() || ffmpegs_running < cameras) {
    std::fprintf(stderr, "recording_cost: %d cameras: %d of the ffmpegs still running; ffmpeg said: %s\n", cameras,
                 ffmpegs_running, head_of(root / "ffmpeg.log").c_str());
  }

  for (auto& ffmpeg : ffmpegs)
    ffmpeg->request_stop();
  for (auto& server : servers)
    server.process->request_stop();
  ffmpegs.clear();
  servers.clear();
  camsim.stop();
  fs::remove_all(root);
  return result;
}

} // namespace argus::bench
