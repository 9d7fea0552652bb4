#include "support/synthetic_recording.hpp"

#include <chrono>
#include <cstdlib>
#include <vector>

#include "media/fragmenter.hpp"
#include "media/ingest_source.hpp"
#include "media/recording_store.hpp"
#include "store/database.hpp"

namespace argus::testing {

std::filesystem::path make_test_clip(const std::filesystem::path& dir, const std::string& size) {
  auto path = dir / ("clip-" + size + ".mp4");
  std::string command = "ffmpeg -nostdin -v error -y -f lavfi -i testsrc2=size=" + size + ":rate=25 -t " +
                        std::to_string(k_test_clip_s) +
                        " -an -c:v libx264 -preset ultrafast -bf 0 -g 50 -keyint_min 50 -sc_threshold 0 "
                        "-pix_fmt yuv420p " +
                        path.string();
  return std::system(command.c_str()) == 0 ? path : std::filesystem::path{};
}

std::int64_t record_clip(store::Database& database, const std::filesystem::path& data_dir,
                         const std::filesystem::path& clip, std::int64_t start_ms, int loops, std::int64_t camera_id,
                         const std::string& stream) {
  media::IngestSource source(clip.string());
  source.open();
  std::vector<media::EncodedPacket> packets;
  while (auto packet = source.read())
    packets.push_back(std::move(*packet));
  if (packets.empty())
    return 0;
  const std::int64_t loop_90k = static_cast<std::int64_t>(packets.size()) * 3600; // 25 fps
  media::RecordingStore store(database, data_dir);
  std::vector<media::Fragment> fragments;
  media::Fragmenter fragmenter(source.info(), {}, [&](media::Fragment&& f) { fragments.push_back(std::move(f)); });
  auto base = packets.front().dts_90k;
  for (int loop = 0; loop < loops; ++loop) {
    for (const auto& original : packets) {
      auto packet = original;
      auto shift = start_ms * 90 + std::int64_t{loop} * loop_90k - base;
      packet.dts_90k += shift;
      packet.pts_90k += shift;
      fragmenter.push(std::move(packet));
    }
  }
  fragmenter.flush();
  auto writer = store.open_stream(camera_id, stream, source.info(), fragmenter.init_segment());
  for (const auto& fragment : fragments)
    writer->append(fragment);
  writer.reset();
  store.flush_index();
  return loops * loop_90k / 90;
}

std::int64_t wall_clock_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

} // namespace argus::testing
