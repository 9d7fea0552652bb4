#pragma once
// RFC 3640 (mpeg4-generic) AAC over RTP: the AU-header section (sizes, indices and the optional CTS/DTS/RAP/state
// fields its fmtp announces), several access units per packet, and an access unit fragmented over packets (one
// AU-header, gathered until its size is reached). The output is raw AAC frames, as MP4 stores them.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace argus::media::rtsp {

struct SdpMedia;
struct RtpPacket;

class AacDepacketizer {
public:
  struct Config {
    int size_length = 0; // bits of AU-size; 0: no AU headers (not a mode we take)
    int index_length = 0;
    int index_delta_length = 0;
    int cts_delta_length = 0;
    int dts_delta_length = 0;
    bool random_access_indication = false;
    int stream_state_indication = 0;
    int auxiliary_data_size_length = 0;
  };
  //! The AU-header layout from an mpeg4-generic media's fmtp; nullopt without sizelength (or with absurd values).
  static std::optional<Config> config_from(const SdpMedia& media);

  struct Frame {
    std::span<const std::uint8_t> data; // valid until the next push
    int position = 0;                   // index in the packet: its time is the packet's + position frames
  };

  explicit AacDepacketizer(Config config, std::size_t max_frame_bytes = 64 * 1024);
  //! Reads one packet; its complete frames are appended to `frames` (cleared first). `gap`: packets were lost before
  //! it (a fragment in progress is dropped). False when the packet is malformed (nothing taken from it).
  bool push(const RtpPacket& packet, bool gap, std::vector<Frame>& frames);

private:
  Config config_;
  std::size_t max_frame_bytes_;
  std::vector<std::uint8_t> fragment_;
  std::size_t fragment_size_ = 0; // the fragmented frame's announced size; 0: none in progress
  std::uint32_t fragment_timestamp_ = 0;
};

} // namespace argus::media::rtsp
