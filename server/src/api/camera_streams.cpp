#include "api/camera_streams.hpp"

namespace argus::api {

std::optional<media::StreamId> camera_stream(const store::CameraRecord& camera, std::string_view name) {
  auto stream = media::parse_stream_name(name);
  if (!stream || stream->imager >= camera.imager_count)
    return std::nullopt;
  return stream;
}

bool camera_has_source(const store::CameraRecord& camera, media::StreamId stream) {
  if (stream.imager == 0)
    return stream.sub ? camera.has_sub_source : camera.has_main_source;
  for (const auto& imager : camera.imager_streams) {
    if (imager.imager_id == stream.imager)
      return stream.sub ? imager.has_sub_source : imager.has_main_source;
  }
  return false;
}

} // namespace argus::api
