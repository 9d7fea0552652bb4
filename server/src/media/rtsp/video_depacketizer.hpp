#pragma once
// Turns the payloads of one video RTP stream into 4-byte length-prefixed NAL units (AVCC/HVCC sample data), appended
// to the access unit being assembled (access_unit_assembler.hpp). One strategy per payload format:
// H264Depacketizer (RFC 6184), H265Depacketizer (RFC 7798).
#include <cstdint>
#include <span>
#include <vector>

namespace argus::media::rtsp {

class VideoDepacketizer {
public:
  enum class Result {
    appended, // the payload's NAL units (or fragment) are in the access unit
    skipped,  // a payload type this reader does not take (e.g. interleaved-mode units): ignored
    broken,   // a fragment out of order or a truncated aggregate: the access unit is damaged
  };

  virtual ~VideoDepacketizer() = default;
  //! Appends the NAL units of one RTP payload to `access_unit`.
  virtual Result append(std::span<const std::uint8_t> payload, std::vector<std::uint8_t>& access_unit) = 0;
  //! True while a fragmented NAL unit has started and not ended.
  virtual bool fragment_open() const = 0;
  //! Forgets a fragmented NAL unit in progress (after a loss; its access unit is dropped).
  virtual void reset() = 0;
};

//! Appends a 4-byte big-endian length and the NAL unit.
void append_nal_unit(std::vector<std::uint8_t>& access_unit, std::span<const std::uint8_t> nal);

} // namespace argus::media::rtsp
