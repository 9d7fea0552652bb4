#include "footage_clip.hpp"

#include "media/ingest_source.hpp"

namespace argus::testing {

FootageClip footage_clip(const std::filesystem::path& path, std::int64_t start_ms, int loops) {
  media::IngestSource source(path.string());
  source.open();
  std::vector<media::EncodedPacket> packets;
  while (auto packet = source.read())
    packets.push_back(std::move(*packet));
  FootageClip clip;
  clip.info = source.info();
  if (packets.size() < 2)
    return clip;
  auto step_90k = (packets.back().dts_90k - packets.front().dts_90k) / static_cast<std::int64_t>(packets.size() - 1);
  auto loop_90k = step_90k * static_cast<std::int64_t>(packets.size());
  media::Fragmenter fragmenter(clip.info, {},
                               [&clip](media::Fragment&& fragment) { clip.fragments.push_back(std::move(fragment)); });
  auto base = packets.front().dts_90k;
  for (int loop = 0; loop < loops; ++loop) {
    for (const auto& original : packets) {
      auto packet = original;
      auto shift = start_ms * 90 + loop * loop_90k - base;
      packet.dts_90k += shift;
      packet.pts_90k += shift;
      fragmenter.push(std::move(packet));
    }
  }
  fragmenter.flush();
  clip.duration_ms = loops * loop_90k / 90;
  return clip;
}

} // namespace argus::testing
