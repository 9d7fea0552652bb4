#pragma once
// Camera URLs may carry credentials (rtsp://user:pass@host/...). Every log line and error message shows them through
// redact_url(), which replaces the user-info with "***".
#include <string>
#include <string_view>

namespace argus::media {

//! The URL with any user-info replaced: rtsp://user:pass@host/x → rtsp://***@host/x.
std::string redact_url(std::string_view url);

} // namespace argus::media
