// The recording path alone, in one process (bench/recording_cost --in-process): N streams of a 1280x720 25 fps H.264
// clip (made once with the ffmpeg CLI, demuxed into memory) replayed with re-stamped timestamps, interleaved frame by
// frame, as fast as the CPU allows, through fragmenter → recording store (real chunk files, real SQLite index with
// batched commits), without ingest. Prints CPU seconds per stream-second and the streams one core sustains.
#include "recording/in_process.hpp"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "media/fragmenter.hpp"
#include "media/ingest_source.hpp"
#include "media/recording_store.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::bench {
namespace {

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

std::vector<media::EncodedPacket> load_clip(const std::filesystem::path& dir, media::StreamInfo& info) {
  auto clip = dir / "clip.mp4";
  std::string command = "ffmpeg -nostdin -v error -y -stream_loop -1 -i /usr/share/doc/opencv-doc/examples/data/vtest.avi "
                        "-t 10 -an -vf scale=1280:720,fps=25 -c:v libx264 -preset veryfast -profile:v main -bf 0 "
                        "-g 50 -keyint_min 50 -sc_threshold 0 -pix_fmt yuv420p " + clip.string();
  if (std::system(command.c_str()) != 0) {
    std::fprintf(stderr, "recording_cost: ffmpeg could not make the clip\n");
    std::exit(1);
  }
  media::IngestSource source(clip.string());
  source.open();
  info = source.info();
  std::vector<media::EncodedPacket> packets;
  while (auto packet = source.read())
    packets.push_back(std::move(*packet));
  return packets;
}

void add_cameras(store::SqliteDatabase& database, int streams) {
  database.insert_organization({1, "org-1", "Org", 1, "", "", ""});
  store::NetworkRecord network;
  network.id = 1;
  network.eid = "net-1";
  network.organization_id = 1;
  network.name = "Net";
  network.timezone = "UTC";
  database.insert_network(network);
  for (int i = 1; i <= streams; ++i) {
    store::CameraRecord camera;
    camera.id = i;
    camera.network_id = 1;
    camera.mac = "mac-" + std::to_string(i);
    camera.serial = "serial-" + std::to_string(i);
    camera.model = "MV";
    camera.name = "Camera " + std::to_string(i);
    camera.channel_id = i;
    database.insert_camera(camera);
  }

}

void run(int streams, int seconds, const media::StreamInfo& info, const std::vector<media::EncodedPacket>& clip,
         const std::filesystem::path& root) {
  auto dir = root / ("run-" + std::to_string(streams));
  std::filesystem::create_directories(dir);
  store::SqliteDatabase database(dir / "argus.db");
  add_cameras(database, streams);

  auto cpu_start = cpu_seconds();
  auto wall_start = std::chrono::steady_clock::now();
  std::int64_t bytes = 0;
  {
    media::RecordingStore store(database, dir, {.chunk_max_ms = 10'000});
    struct Stream {
      std::unique_ptr<media::StreamWriter> writer;
      std::unique_ptr<media::Fragmenter> fragmenter;
    };
    std::vector<Stream> pipeline(static_cast<std::size_t>(streams));
    for (int i = 0; i < streams; ++i) {
      auto& s = pipeline[static_cast<std::size_t>(i)];
      s.fragmenter =
          std::make_unique<media::Fragmenter>(info, media::FragmenterOptions{}, [&s, &bytes](media::Fragment&& f) {
            bytes += static_cast<std::int64_t>(f.bytes->size());
            s.writer->append(f);
          });
      s.writer = store.open_stream(i + 1, "main", info, s.fragmenter->init_segment());
    }
    const auto frames = static_cast<std::size_t>(seconds) * 25;
    const auto clip_span = clip.back().dts_90k - clip.front().dts_90k + 3600;
    const std::int64_t start_90k = 1'700'000'000'000ll * 90;
    for (std::size_t frame = 0; frame < frames; ++frame) {
      const auto& source = clip[frame % clip.size()];
      auto shift = start_90k + static_cast<std::int64_t>(frame / clip.size()) * clip_span - clip.front().dts_90k;
      for (auto& s : pipeline) {
        media::EncodedPacket packet;
        packet.dts_90k = source.dts_90k + shift;
        packet.pts_90k = source.pts_90k + shift;
        packet.keyframe = source.keyframe;
        packet.data = source.data; // what ingest hands over: one buffer per packet
        s.fragmenter->push(std::move(packet));
      }
    }
    for (auto& s : pipeline)
      s.fragmenter->flush();
    pipeline.clear();
  } // the store flushes the index and syncs the last chunks
  double cpu = cpu_seconds() - cpu_start;
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  double stream_seconds = static_cast<double>(streams) * seconds;
  double per_stream_second = cpu / stream_seconds;
  std::printf("recording_cost_in_process streams=%d stream_seconds=%.0f cpu_s=%.2f wall_s=%.2f cpu_ms_per_stream_second=%.3f "
              "streams_per_core=%.0f written_MiB=%.1f\n",
              streams, stream_seconds, cpu, wall, per_stream_second * 1000, 1.0 / per_stream_second,
              static_cast<double>(bytes) / (1 << 20));
  std::filesystem::remove_all(dir);
}

} // namespace

void run_in_process(const std::vector<int>& counts, int seconds, const std::filesystem::path& work_dir) {
  auto root = work_dir / "in-process";
  std::filesystem::create_directories(root);
  media::StreamInfo info;
  auto clip = load_clip(root, info);
  std::int64_t clip_bytes = 0;
  for (const auto& p : clip)
    clip_bytes += static_cast<std::int64_t>(p.data.size());
  std::printf("recording_cost_in_process clip=%dx%d %s frames=%zu bitrate_kbps=%.0f\n", info.width, info.height,
              info.codec_string().c_str(), clip.size(), clip_bytes * 8.0 / (clip.size() / 25.0) / 1000);
  for (int count : counts)
    run(count, seconds, info, clip, root);
  std::filesystem::remove_all(root);
}

} // namespace argus::bench

