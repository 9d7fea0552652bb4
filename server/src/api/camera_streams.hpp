#pragma once
// Which streams a camera has (media/stream_name.hpp): main and sub of imager 0, and main-imager{k} / sub-imager{k}
// of a multi-imager camera's imagers 1 ... imager_count-1. The live and history routes take a stream name from the
// path and accept only these.
#include <optional>
#include <string_view>

#include "media/stream_name.hpp"
#include "store/records.hpp"

namespace argus::api {

//! The stream of the camera called `name`; nullopt for another name or an imager the camera does not have.
std::optional<media::StreamId> camera_stream(const store::CameraRecord& camera, std::string_view name);
//! Whether the camera has a URL for the stream (a stream without one is offline with reason no_source).
bool camera_has_source(const store::CameraRecord& camera, media::StreamId stream);

} // namespace argus::api
