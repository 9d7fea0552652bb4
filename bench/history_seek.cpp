// Seek benchmark: for random instants in a synthetic 24 h recording index (2 s GOP fragments, 5 min chunk files,
// ~1 Mbit/s), the work argusd does to start historical playback there: the VOD playlist from the instant (store
// queries + history_playlist, spans of 1 h and of the rest of the day) and the bytes of its first segment (the byte
// range of the chunk file, read like the HTTP layer does). Chunk files are sparse (sizes real, contents zero), so the
// file read measures the syscall path, not the disk. Target: <= 50 ms per seek.
//
//   argus_bench_seek [seeks=200]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <unordered_map>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "http/byte_range.hpp"
#include "media/history_playlist.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "timing/bench_timing.hpp"

namespace fs = std::filesystem;
using namespace argus;

namespace {

using argus::bench::ms_since;
using argus::bench::percentile;

constexpr std::int64_t k_day_ms = 86'400'000;
constexpr std::int64_t k_gop_ms = 2000;
constexpr std::int64_t k_chunk_ms = 300'000;
constexpr std::int64_t k_fragment_bytes = 250'000; // 1 Mbit/s over 2 s
constexpr std::int64_t k_camera = 1;

void seed(store::SqliteDatabase& database, const fs::path& data_dir, std::int64_t t0) {
  database.insert_organization({1, "org-1", "Org", 1, "", "", ""});
  store::NetworkRecord network;
  network.id = 1;
  network.eid = "net-1";
  network.organization_id = 1;
  network.name = "Net";
  network.timezone = "UTC";
  database.insert_network(network);
  store::CameraRecord camera;
  camera.id = k_camera;
  camera.network_id = 1;
  camera.mac = "mac-1";
  camera.serial = "serial-1";
  camera.model = "MV";
  camera.name = "Camera";
  camera.channel_id = 1;
  database.insert_camera(camera);
  fs::create_directories(data_dir / "recordings/1/main");
  auto init = database.insert_init_segment(
      {0, k_camera, "main", "avc1.64001f", 1280, 720, true, "recordings/1/main/init-0.mp4", t0});
  for (std::int64_t chunk_start = t0; chunk_start < t0 + k_day_ms; chunk_start += k_chunk_ms) {
    std::string path = "recordings/1/main/" + std::to_string(chunk_start) + ".m4s";
    store::ChunkRecord chunk{0, k_camera, "main", 1, path, init, chunk_start, chunk_start, 0};
    chunk.id = database.insert_chunk(chunk);
    std::vector<store::FragmentRecord> fragments;
    std::int64_t offset = 0;
    for (std::int64_t start = chunk_start; start < chunk_start + k_chunk_ms; start += k_gop_ms) {
      fragments.push_back({0, chunk.id, k_camera, "main", start, k_gop_ms, offset, k_fragment_bytes, true});
      offset += k_fragment_bytes;
    }
    chunk.end_ms = chunk_start + k_chunk_ms;
    chunk.size_bytes = offset;
    database.append_recording_index(fragments, {chunk});
    std::ofstream(data_dir / path).close();
    fs::resize_file(data_dir / path, static_cast<std::uintmax_t>(offset)); // sparse
  }
}

// What the playlist handler does (history_api.cpp), minus the session lookup.
std::string playlist(store::Database& database, std::int64_t start_ms, std::int64_t end_ms) {
  std::unordered_map<std::int64_t, std::int64_t> init_of_chunk;
  for (const auto& chunk : database.chunks_in_range(k_camera, "main", start_ms - 60'000, end_ms))
    init_of_chunk[chunk.id] = chunk.init_segment_id;
  std::vector<media::HistoryFragment> fragments;
  for (const auto& f : database.fragments_in_range(k_camera, "main", start_ms, end_ms))
    fragments.push_back(
        {f.chunk_id, init_of_chunk[f.chunk_id], f.start_ms, f.duration_ms, f.offset_bytes, f.size_bytes});
  return media::history_playlist(fragments);
}

// The first segment's bytes, as the recordings handler + HTTP layer serve them.
std::size_t first_segment(store::Database& database, const fs::path& data_dir, const std::string& text) {
  auto at = text.find("#EXT-X-BYTERANGE:");
  auto size = std::stoll(text.substr(at + 17));
  auto offset = std::stoll(text.substr(text.find('@', at) + 1));
  auto uri = text.find("../../recordings/", at);
  auto chunk_id = std::stoll(text.substr(uri + 17));
  auto chunk = database.find_chunk(chunk_id);
  auto path = data_dir / chunk->file_path;
  auto range = http::parse_byte_range("bytes=" + std::to_string(offset) + "-" + std::to_string(offset + size - 1),
                                      fs::file_size(path));
  std::string data(range.length, '\0');
  int fd = ::open(path.c_str(), O_RDONLY);
  auto got = ::pread(fd, data.data(), data.size(), static_cast<off_t>(range.offset));
  ::close(fd);
  return got > 0 ? static_cast<std::size_t>(got) : 0;
}

} // namespace

int main(int argc, char** argv) {
  int seeks = argc > 1 ? std::atoi(argv[1]) : 200;
  auto dir = fs::temp_directory_path() / ("argus-seek-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::int64_t t0 = 1'700'000'000'000;
  {
    store::SqliteDatabase database(dir / "argus.db");
    auto start = std::chrono::steady_clock::now();
    seed(database, dir, t0);
    std::printf("seek: synthetic 24 h index (%lld fragments, %lld chunks) built in %.0f ms\n",
                static_cast<long long>(k_day_ms / k_gop_ms), static_cast<long long>(k_day_ms / k_chunk_ms),
                ms_since(start));
    {
      auto started = std::chrono::steady_clock::now();
      auto ranges = database.recorded_ranges(k_camera, "main", t0, t0 + k_day_ms, 2000);
      std::printf("availability over the 24 h index: %zu range(s) in %.2f ms\n", ranges.size(), ms_since(started));
    }
    std::mt19937_64 random(42);
    std::uniform_int_distribution<std::int64_t> instant(t0, t0 + k_day_ms - 10'000);
    for (auto span_ms : {std::int64_t{3'600'000}, std::int64_t{-1}}) {
      std::vector<double> times;
      std::size_t bytes = 0;
      for (int i = 0; i < seeks; ++i) {
        auto ts = instant(random);
        auto end = span_ms > 0 ? std::min(ts + span_ms, ts + k_day_ms) : t0 + k_day_ms;
        auto started = std::chrono::steady_clock::now();
        auto text = playlist(database, ts, end);
        bytes += first_segment(database, dir, text);
        times.push_back(ms_since(started));
      }
      std::printf("seek (%s): playlist + first segment (%zu KiB avg): p50 %.2f ms, p95 %.2f ms, max %.2f ms "
                  "(target <= 50 ms)\n",
                  span_ms > 0 ? "1 h playlist" : "playlist to end of day", bytes / seeks / 1024, percentile(times, 0.5),
                  percentile(times, 0.95), percentile(times, 1.0));
    }
  }
  fs::remove_all(dir);
  return 0;
}
