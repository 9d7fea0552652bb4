#pragma once
// RFC 6184 (H.264 over RTP), non-interleaved mode: single NAL unit packets, STAP-A aggregates and FU-A fragments.
// STAP-B, MTAP and FU-B (interleaved mode) are skipped; an SDP asking for packetization-mode 2 never gets here.
#include "media/rtsp/fragmented_nal_unit.hpp"
#include "media/rtsp/video_depacketizer.hpp"

namespace argus::media::rtsp {

class H264Depacketizer final : public VideoDepacketizer {
public:
  Result append(std::span<const std::uint8_t> payload, std::vector<std::uint8_t>& access_unit) override;
  bool fragment_open() const override { return fragment_.open(); }
  void reset() override { fragment_.reset(); }

private:
  FragmentedNalUnit fragment_;
};

} // namespace argus::media::rtsp
