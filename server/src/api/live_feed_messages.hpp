#pragma once
// The text messages both live WebSocket feeds send (fMP4 `ws` and `frames`; docs/design/live.md).
#include <optional>
#include <string>

#include "media/stream_status.hpp"

namespace argus::api {

//! {"type": type}, e.g. "gap".
std::string type_message(const char* type);
//! {"type":"offline","reason","since_ms"}: why and since when when known (null fields otherwise).
std::string offline_message(const std::optional<media::StreamStatus>& why);

} // namespace argus::api
