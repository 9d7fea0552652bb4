#pragma once
// RFC 7798 (H.265 over RTP) without decoding-order numbers (sprop-max-don-diff 0, which the source checks): single NAL
// unit packets, aggregation packets (48) and fragmentation units (49). PACI (50) is skipped.
#include "media/rtsp/fragmented_nal_unit.hpp"
#include "media/rtsp/video_depacketizer.hpp"

namespace argus::media::rtsp {

class H265Depacketizer final : public VideoDepacketizer {
public:
  Result append(std::span<const std::uint8_t> payload, std::vector<std::uint8_t>& access_unit) override;
  bool fragment_open() const override { return fragment_.open(); }
  void reset() override { fragment_.reset(); }

private:
  FragmentedNalUnit fragment_;
};

} // namespace argus::media::rtsp
