// The store's write load per camera fleet (issue 14, docs/design/scale.md "PostgreSQL load per 1,000 cameras"): the
// writes a shard's recorder and motion analysis make for N cameras, paced in real time, on SQLite or PostgreSQL.
//
//   argus_bench_store_writes [--cameras 1000] [--seconds 20] [--flush-ms 1000] [--database postgresql://...]
//
// Each second, per camera: one fragment of the main stream and one of the sub-stream (a GOP each, as the demo's
// cameras send) with their chunks' new end, one motion second (a 16x16 grid) and its minute and hour summaries.
// Writes go in batches every --flush-ms, as RecordingStore::flush_index and MotionIndexWriter::flush send them (one
// call for all cameras). Prints per batch kind the call's p50/p99/max, and the CPU used by this process (the store
// client: argusd's share) and by the PostgreSQL server processes (utime + stime of every `postgres` process), in % of
// one core. Without --database: SQLite in a temporary directory (no server).
#include <dirent.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "store/open_database.hpp"

namespace {

using namespace argus;
using Clock = std::chrono::steady_clock;

struct Options {
  int cameras = 1000;
  int seconds = 20;
  int flush_ms = 1000;
  std::string database; // empty: SQLite
};

Options parse(int argc, char** argv) {
  Options options;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string name = argv[i];
    std::string value = argv[i + 1];
    if (name == "--cameras")
      options.cameras = std::stoi(value);
    else if (name == "--seconds")
      options.seconds = std::stoi(value);
    else if (name == "--flush-ms")
      options.flush_ms = std::stoi(value);
    else if (name == "--database")
      options.database = value;
    else
      throw std::runtime_error("unknown option " + name);
  }
  return options;
}

double cpu_seconds_self() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// utime + stime of every process named "postgres" (the server and its backends), seconds.
double cpu_seconds_postgres() {
  double total = 0;
  const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
  DIR* proc = opendir("/proc");
  if (!proc)
    return 0;
  while (auto* entry = readdir(proc)) {
    std::string pid = entry->d_name;
    if (pid.empty() || !std::all_of(pid.begin(), pid.end(), ::isdigit))
      continue;
    std::ifstream stat("/proc/" + pid + "/stat");
    std::string line;
    if (!std::getline(stat, line))
      continue;
    auto open = line.find('(');
    auto close = line.rfind(')');
    if (open == std::string::npos || close == std::string::npos ||
        line.substr(open + 1, close - open - 1) != "postgres")
      continue;
    std::istringstream rest(line.substr(close + 2));
    std::string field;
    std::vector<std::string> fields;
    while (rest >> field)
      fields.push_back(field);
    if (fields.size() > 12) // fields 14 and 15 of stat: utime, stime (after pid and comm)
      total += (std::stod(fields[11]) + std::stod(fields[12])) / ticks;
  }
  closedir(proc);
  return total;
}

struct Latencies {
  std::vector<double> ms;
  void print(const char* name) {
    if (ms.empty())
      return;
    std::sort(ms.begin(), ms.end());
    auto at = [&](double q) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * ms.size()))]; };
    std::printf("  %-16s %5zu calls  p50 %8.2f ms  p99 %8.2f ms  max %8.2f ms\n", name, ms.size(), at(0.5), at(0.99),
                ms.back());
  }
};

struct Stream {
  std::int64_t camera_id;
  std::string name;
  store::ChunkRecord chunk;
};

} // namespace

int main(int argc, char** argv) {
  Options options;
  try {
    options = parse(argc, argv);
  } catch (const std::exception& error) {
    std::cerr << "argus_bench_store_writes: " << error.what() << "\n";
    return 2;
  }
  auto dir = std::filesystem::temp_directory_path() / ("argus-bench-store-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  int exit_code = 0;
  try {
    auto database = store::open_database(options.database, dir / "argus.db");
    const char* engine = options.database.empty() ? "sqlite" : "postgresql";
    database->insert_organization({1, "org-1", "Bench", 1, "", "", "", std::nullopt});
    database->insert_network({1, "net-1", 1, "Bench", "UTC", {}, "en", ""});
    const auto start_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    std::vector<Stream> streams;
    for (int i = 1; i <= options.cameras; ++i) {
      store::CameraRecord camera;
      camera.id = i;
      camera.network_id = 1;
      camera.mac = "34:56:fe:" + std::to_string(i);
      camera.serial = "Q2MV-" + std::to_string(i);
      camera.model = "MV22";
      camera.name = "Camera " + std::to_string(i);
      camera.channel_id = 50000 + i;
      database->insert_camera(camera);
      for (const char* name : {"main", "sub"}) {
        store::InitSegmentRecord init{0,       i, name, "avc1.64001f", 1280, 720, true, "init/" + std::to_string(i),
                                      start_ms};
        auto init_id = database->insert_init_segment(init);
        store::ChunkRecord chunk{0,       i,        name,     1, "recordings/" + std::to_string(i) + "/" + name,
                                 init_id, start_ms, start_ms, 0};
        chunk.id = database->insert_chunk(chunk);
        streams.push_back({i, name, chunk});
      }
    }
    std::printf("store writes: %s, %d cameras (%zu streams), %d s, a batch every %d ms\n", engine, options.cameras,
                streams.size(), options.seconds, options.flush_ms);

    Latencies index_calls, motion_calls;
    std::vector<std::uint8_t> cells(256, 3);
    std::int64_t rows = 0;
    double self_before = cpu_seconds_self();
    double postgres_before = cpu_seconds_postgres();
    auto began = Clock::now();
    const int batches = options.seconds * 1000 / options.flush_ms;
    double fragments_per_batch = static_cast<double>(options.flush_ms) / 1000.0; // one GOP a second per stream
    double owed = 0;
    for (int batch = 0; batch < batches; ++batch) {
      std::this_thread::sleep_until(began +
                                    std::chrono::milliseconds(static_cast<std::int64_t>(batch) * options.flush_ms));
      auto now_ms = start_ms + static_cast<std::int64_t>(batch + 1) * options.flush_ms;
      owed += fragments_per_batch;
      int fragments_now = static_cast<int>(owed);
      owed -= fragments_now;
      std::vector<store::FragmentRecord> fragments;
      std::vector<store::ChunkRecord> chunks;
      for (int k = 0; k < fragments_now; ++k) {
        for (auto& stream : streams) {
          store::FragmentRecord fragment{0,
                                         stream.chunk.id,
                                         stream.camera_id,
                                         stream.name,
                                         stream.chunk.end_ms,
                                         1000,
                                         stream.chunk.size_bytes,
                                         stream.name == "main" ? 500'000 : 60'000,
                                         true};
          stream.chunk.end_ms += 1000;
          stream.chunk.size_bytes += fragment.size_bytes;
          fragments.push_back(fragment);
        }
      }
      if (!fragments.empty()) {
        for (const auto& stream : streams)
          chunks.push_back(stream.chunk);
        auto t0 = Clock::now();
        database->append_recording_index(fragments, chunks);
        index_calls.ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        rows += static_cast<std::int64_t>(fragments.size() + chunks.size());
      }
      std::vector<store::MotionSecondRecord> seconds;
      std::vector<store::MotionSummaryRecord> summaries;
      auto second_s = now_ms / 1000;
      for (int i = 1; i <= options.cameras; ++i) {
        seconds.push_back({i, second_s, cells});
        summaries.push_back({i, 60, second_s / 60 * 60, second_s % 60 + 1, cells});
        summaries.push_back({i, 3600, second_s / 3600 * 3600, second_s % 3600 + 1, cells});
      }
      auto t0 = Clock::now();
      database->append_motion(seconds, summaries);
      motion_calls.ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      rows += static_cast<std::int64_t>(seconds.size() + summaries.size());
    }
    double wall_s = std::chrono::duration<double>(Clock::now() - began).count();
    double self_cpu = (cpu_seconds_self() - self_before) / wall_s * 100;
    double postgres_cpu = options.database.empty() ? 0 : (cpu_seconds_postgres() - postgres_before) / wall_s * 100;
    index_calls.print("recording index");
    motion_calls.print("motion");
    std::printf("  rows written %.0f/s; CPU, %% of one core: this process (the store's client) %.1f %%", rows / wall_s,
                self_cpu);
    if (!options.database.empty())
      std::printf(", PostgreSQL %.1f %%", postgres_cpu);
    std::printf(" (%.1f s)\n", wall_s);
    if (wall_s > options.seconds * 1.2)
      std::printf("  the store fell behind: %d s of writes took %.1f s\n", options.seconds, wall_s);
  } catch (const std::exception& error) {
    std::cerr << "argus_bench_store_writes: " << error.what() << "\n";
    exit_code = 1;
  }
  std::filesystem::remove_all(dir);
  return exit_code;
}
