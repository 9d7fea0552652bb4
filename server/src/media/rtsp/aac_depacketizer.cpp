#include "media/rtsp/aac_depacketizer.hpp"

#include <charconv>

#include "media/bit_reader.hpp"
#include "media/rtsp/rtp_packet.hpp"
#include "media/rtsp/session_description.hpp"

namespace argus::media::rtsp {
namespace {

constexpr int k_max_frames_per_packet = 64;

int parameter(const SdpMedia& media, const char* name) {
  auto value = media.parameter(name);
  int out = 0;
  if (!value || std::from_chars(value->data(), value->data() + value->size(), out).ec != std::errc() || out < 0)
    return 0;
  return out;
}

} // namespace

std::optional<AacDepacketizer::Config> AacDepacketizer::config_from(const SdpMedia& media) {
  Config config;
  config.size_length = parameter(media, "sizelength");
  config.index_length = parameter(media, "indexlength");
  config.index_delta_length = parameter(media, "indexdeltalength");
  config.cts_delta_length = parameter(media, "ctsdeltalength");
  config.dts_delta_length = parameter(media, "dtsdeltalength");
  config.random_access_indication = parameter(media, "randomaccessindication") != 0;
  config.stream_state_indication = parameter(media, "streamstateindication");
  config.auxiliary_data_size_length = parameter(media, "auxiliarydatasizelength");
  for (int bits : {config.size_length, config.index_length, config.index_delta_length, config.cts_delta_length,
                   config.dts_delta_length, config.stream_state_indication, config.auxiliary_data_size_length}) {
    if (bits > 32)
      return std::nullopt;
  }
  if (config.size_length == 0)
    return std::nullopt;
  return config;
}

AacDepacketizer::AacDepacketizer(Config config, std::size_t max_frame_bytes)
    : config_(config), max_frame_bytes_(max_frame_bytes) {}

bool AacDepacketizer::push(const RtpPacket& packet, bool gap, std::vector<Frame>& frames) {
  frames.clear();
  if (gap || (fragment_size_ > 0 && packet.timestamp != fragment_timestamp_)) {
    fragment_size_ = 0; // the rest of a fragmented frame is lost
    fragment_.clear();
  }
  auto payload = packet.payload;
  if (payload.size() < 2)
    return false;
  std::size_t headers_bits = (std::size_t{payload[0]} << 8) | payload[1];
  std::size_t headers_bytes = (headers_bits + 7) / 8;
  if (2 + headers_bytes > payload.size())
    return false;
  BitReader headers(payload.subspan(2, headers_bytes));
  std::size_t sizes[k_max_frames_per_packet];
  int count = 0;
  std::size_t bits_read = 0;
  while (bits_read < headers_bits) {
    if (count == k_max_frames_per_packet)
      return false;
    int index_bits = count == 0 ? config_.index_length : config_.index_delta_length;
    std::size_t header_bits = static_cast<std::size_t>(config_.size_length + index_bits);
    auto size = headers.bits(config_.size_length);
    headers.skip(index_bits);
    for (int optional_bits : {config_.cts_delta_length, config_.dts_delta_length}) {
      if (optional_bits == 0)
        continue;
      bool present = headers.flag();
      headers.skip(present ? optional_bits : 0);
      header_bits += 1 + (present ? static_cast<std::size_t>(optional_bits) : 0);
    }
    if (config_.random_access_indication) {
      headers.skip(1);
      header_bits += 1;
    }
    headers.skip(config_.stream_state_indication);
    header_bits += static_cast<std::size_t>(config_.stream_state_indication);
    if (headers.failed())
      return false;
    bits_read += header_bits;
    sizes[count++] = size;
  }
  if (bits_read != headers_bits || count == 0)
    return false;
  std::size_t at = 2 + headers_bytes;
  if (config_.auxiliary_data_size_length > 0) {
    BitReader aux(payload.subspan(at));
    auto aux_bits = aux.bits(config_.auxiliary_data_size_length);
    if (aux.failed())
      return false;
    at += (config_.auxiliary_data_size_length + aux_bits + 7) / 8;
    if (at > payload.size())
      return false;
  }
  auto data = payload.subspan(at);
  // One header announcing more than the packet holds: a fragment of a frame (RFC 3640 §3.2.3).
  if (count == 1 && sizes[0] > data.size()) {
    if (sizes[0] > max_frame_bytes_)
      return false;
    if (fragment_size_ == 0) {
      fragment_size_ = sizes[0];
      fragment_timestamp_ = packet.timestamp;
      fragment_.clear();
    } else if (fragment_size_ != sizes[0]) {
      fragment_size_ = 0;
      return false;
    }
    fragment_.insert(fragment_.end(), data.begin(), data.end());
    if (fragment_.size() > fragment_size_) {
      fragment_size_ = 0;
      return false;
    }
    if (fragment_.size() == fragment_size_) {
      fragment_size_ = 0;
      frames.push_back({fragment_, 0});
    }
    return true;
  }
  if (fragment_size_ > 0) {
    fragment_size_ = 0; // whole frames again: a fragmented one did not complete
    fragment_.clear();
  }
  std::size_t total = 0;
  for (int i = 0; i < count; ++i)
    total += sizes[i];
  if (total > data.size())
    return false;
  std::size_t offset = 0;
  for (int i = 0; i < count; ++i) {
    if (sizes[i] > 0)
      frames.push_back({data.subspan(offset, sizes[i]), i});
    offset += sizes[i];
  }
  return true;
}

} // namespace argus::media::rtsp
