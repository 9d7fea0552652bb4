#include "media/media_types.hpp"

namespace argus::media {

std::string AudioTrack::codec_string() const {
  // The AudioSpecificConfig starts with a 5-bit object type; 31 escapes to 32 + the next 6 bits (ISO 14496-3 1.6.2.1).
  const auto& config = audio_specific_config;
  if (config.empty())
    return "mp4a.40.2";
  int object_type = config[0] >> 3;
  if (object_type == 31 && config.size() >= 2)
    object_type = 32 + (((config[0] & 0x07) << 3) | (config[1] >> 5));
  return "mp4a.40." + std::to_string(object_type);
}

} // namespace argus::media
