// Export cost (issue 10): an hour of recorded 1080p 4 Mbit/s H.264 (the camsim 1080p footage looped, written the
// recorder's way: Fragmenter → RecordingStore chunk files + SQLite index) exported into one faststart MP4 by argusd's
// exporter (media::export_mp4, the export queue's worker path), beside `ffmpeg -c copy -movflags +faststart` remuxing
// the same recorded bytes (init segment + every fragment, one fMP4 file) in the same run. Prints wall time and CPU of
// both, their ratio (target <= 1.2x ffmpeg's time), and the files' sizes. Then --concurrent N exports at once.
//
// Usage: argus_bench_export [--minutes 60] [--concurrent 8] [--footage PATH] (default
//        build/footage-1080p/01-vtest_main.mp4) [--keep DIR]
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

extern "C" {
#include <libavutil/log.h>
}

#include "media/fragmenter.hpp"
#include "media/ingest_source.hpp"
#include "media/mp4_export.hpp"
#include "media/recording_store.hpp"
#include "services/export_plan.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace {

namespace fs = std::filesystem;
constexpr std::int64_t k_camera = 1;
constexpr std::int64_t k_start_ms = 1'700'000'000'000;

double cpu_seconds(const rusage& usage) {
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

double self_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return cpu_seconds(usage);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The organization, network and camera the recording belongs to (the index's foreign keys).
void seed(argus::store::SqliteDatabase& database) {
  database.insert_organization({1, "org-1", "Org", 1, "", "", ""});
  argus::store::NetworkRecord network;
  network.id = 1;
  network.eid = "net-1";
  network.organization_id = 1;
  network.name = "Net";
  network.timezone = "UTC";
  database.insert_network(network);
  argus::store::CameraRecord camera;
  camera.id = k_camera;
  camera.network_id = 1;
  camera.mac = "mac-1";
  camera.serial = "serial-1";
  camera.model = "MV";
  camera.name = "Camera";
  camera.channel_id = 1;
  database.insert_camera(camera);
}

// Records `minutes` of the clip looped as camera k_camera's main stream; returns the recorded ms.
std::int64_t record(argus::store::Database& database, const fs::path& data_dir, const fs::path& clip, int minutes) {
  argus::media::IngestSource source(clip.string());
  source.open();
  std::vector<argus::media::EncodedPacket> packets;
  while (auto packet = source.read())
    packets.push_back(std::move(*packet));
  if (packets.size() < 2)
    return 0;
  auto step = packets[1].dts_90k - packets[0].dts_90k;
  auto loop_90k = static_cast<std::int64_t>(packets.size()) * step;
  argus::media::RecordingStore store(database, data_dir);
  std::unique_ptr<argus::media::StreamWriter> writer;
  argus::media::Fragmenter fragmenter(source.info(), {}, [&](argus::media::Fragment&& fragment) {
    writer->append(fragment);
  });
  writer = store.open_stream(k_camera, "main", source.info(), fragmenter.init_segment());
  auto base = packets.front().dts_90k;
  std::int64_t end_90k = static_cast<std::int64_t>(minutes) * 60 * 90'000;
  for (std::int64_t loop = 0; loop * loop_90k < end_90k; ++loop) {
    for (const auto& original : packets) {
      auto packet = original;
      auto shift = k_start_ms * 90 + loop * loop_90k - base;
      packet.dts_90k += shift;
      packet.pts_90k += shift;
      if (packet.dts_90k - k_start_ms * 90 >= end_90k)
        break;
      fragmenter.push(std::move(packet));
    }
  }
  fragmenter.flush();
  writer.reset();
  store.flush_index();
  return end_90k / 90;
}

// The same recorded bytes as one fMP4 file for ffmpeg: the init segment, then every fragment in order.
void write_single_fmp4(const argus::media::ExportPart& part, const fs::path& out) {
  std::ofstream file(out, std::ios::binary);
  std::ifstream init(part.front().init_path, std::ios::binary);
  file << init.rdbuf();
  std::vector<char> buffer;
  for (const auto& fragment : part) {
    std::ifstream chunk(fragment.chunk_path, std::ios::binary);
    chunk.seekg(static_cast<std::streamoff>(fragment.offset_bytes));
    buffer.resize(fragment.size_bytes);
    chunk.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    file.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
  }
}

struct Run {
  double wall_s = 0;
  double cpu_s = 0;
  std::uintmax_t bytes = 0;
};

Run run_ffmpeg(const fs::path& in, const fs::path& out) {
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    execlp("ffmpeg", "ffmpeg", "-nostdin", "-v", "error", "-y", "-i", in.c_str(), "-c", "copy", "-movflags",
           "+faststart", out.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  Run run{seconds_since(start), cpu_seconds(usage), 0};
  std::error_code error;
  run.bytes = fs::file_size(out, error);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    std::fprintf(stderr, "export_cost: ffmpeg failed (status %d)\n", status);
  return run;
}

Run run_export(const argus::media::ExportPart& part, const fs::path& out) {
  auto cpu = self_cpu_seconds();
  auto start = std::chrono::steady_clock::now();
  auto result = argus::media::export_mp4({part}, out);
  return {seconds_since(start), self_cpu_seconds() - cpu, result.file_bytes};
}

} // namespace

int main(int argc, char** argv) {
  int minutes = 60;
  int concurrent = 8;
  fs::path footage = fs::path(ARGUS_SOURCE_DIR) / "build" / "footage-1080p" / "01-vtest_main.mp4";
  std::optional<fs::path> keep;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string name = argv[i];
    if (name == "--minutes")
      minutes = std::atoi(argv[i + 1]);
    else if (name == "--concurrent")
      concurrent = std::atoi(argv[i + 1]);
    else if (name == "--footage")
      footage = argv[i + 1];
    else if (name == "--keep")
      keep = argv[i + 1];
    else {
      std::fprintf(stderr, "usage: argus_bench_export [--minutes 60] [--concurrent 8] [--footage PATH] [--keep DIR]\n");
      return 2;
    }
  }
  av_log_set_level(AV_LOG_WARNING); // the muxer's "second pass" notice
  if (minutes < 1 || minutes > 600 || concurrent < 0 || concurrent > 64) {
    std::fprintf(stderr, "export_cost: --minutes 1..600, --concurrent 0..64\n");
    return 2;
  }
  if (!fs::exists(footage)) {
    std::printf("export_cost: skipped: no footage at %s (make build)\n", footage.c_str());
    return 0;
  }
  auto dir = keep.value_or(fs::temp_directory_path() / ("argus-export-cost-" + std::to_string(getpid())));
  fs::create_directories(dir);
  {
    argus::store::SqliteDatabase database(dir / "argus.db");
    seed(database);
    auto recording_start = std::chrono::steady_clock::now();
    auto recorded_ms = record(database, dir, footage, minutes);
    std::printf("export_cost.setup: %d min of %s recorded in %.1f s (%s)\n", minutes, footage.filename().c_str(),
                seconds_since(recording_start), dir.c_str());
    auto part = argus::services::recorded_part(database, dir, k_camera, "main", k_start_ms, k_start_ms + recorded_ms);
    std::uintmax_t input_bytes = 0;
    for (const auto& fragment : part)
      input_bytes += fragment.size_bytes;
    write_single_fmp4(part, dir / "recorded.mp4");
    sync();

    // Alternate, twice each, so that the page cache and the machine's load weigh alike on both.
    std::vector<Run> ours;
    std::vector<Run> peer;
    for (int round = 0; round < 2; ++round) {
      peer.push_back(run_ffmpeg(dir / "recorded.mp4", dir / "ffmpeg.mp4"));
      ours.push_back(run_export(part, dir / "argus.mp4"));
    }
    auto best = [](const std::vector<Run>& runs) {
      Run out = runs.front();
      for (const auto& run : runs)
        if (run.wall_s < out.wall_s)
          out = run;
      return out;
    };
    auto a = best(ours);
    auto f = best(peer);
    std::printf("export_cost.input: %.1f MB in %zu fragments\n", static_cast<double>(input_bytes) / 1e6, part.size());
    std::printf("export_cost.argus_wall_s: %.2f   cpu %.2f s, file %.1f MB (best of 2)\n", a.wall_s, a.cpu_s,
                static_cast<double>(a.bytes) / 1e6);
    std::printf("export_cost.ffmpeg_wall_s: %.2f   cpu %.2f s, file %.1f MB (ffmpeg -c copy -movflags +faststart, best of 2)\n",
                f.wall_s, f.cpu_s, static_cast<double>(f.bytes) / 1e6);
    std::printf("export_cost.time_ratio: %.2f   (argus / ffmpeg wall time; target <= 1.2)\n", a.wall_s / f.wall_s);
    std::printf("export_cost.cpu_ratio: %.2f\n", a.cpu_s / f.cpu_s);

    if (concurrent > 0) {
      // N exports of 1/N of the recording each at once (the queue's workers run exports side by side like this).
      std::vector<std::thread> threads;
      std::vector<Run> runs(static_cast<std::size_t>(concurrent));
      auto cpu = self_cpu_seconds();
      auto start = std::chrono::steady_clock::now();
      auto span = recorded_ms / concurrent;
      for (int i = 0; i < concurrent; ++i) {
        threads.emplace_back([&, i] {
          auto slice = argus::services::recorded_part(database, dir, k_camera, "main", k_start_ms + i * span,
                                                      k_start_ms + (i + 1) * span);
          runs[static_cast<std::size_t>(i)] = run_export(slice, dir / ("concurrent-" + std::to_string(i) + ".mp4"));
        });
      }
      for (auto& thread : threads)
        thread.join();
      std::printf("export_cost.concurrent_%d_wall_s: %.2f   cpu %.2f s (the whole recording in %d exports at once)\n", concurrent,
                  seconds_since(start), self_cpu_seconds() - cpu, concurrent);
    }
  }
  if (!keep)
    fs::remove_all(dir);
  return 0;
}
