#pragma once
// The signature of a partner's event webhook (docs/design/access-control.md "Partner → argusd"):
// X-Argus-Signature = "v1=" + hex HMAC-SHA256(secret, "<X-Argus-Timestamp>.<body>"), the timestamp (Unix seconds)
// within 300 s of argusd's clock.
#include <cstdint>
#include <string>
#include <string_view>

namespace argus::services {

inline constexpr std::int64_t k_webhook_max_skew_s = 300;

//! "v1=<64 lowercase hex>" for the timestamp and body.
std::string webhook_signature(std::string_view secret, std::string_view timestamp, std::string_view body);
//! Whether the headers authenticate the body now: a decimal timestamp within k_webhook_max_skew_s of now_ms and the
//! signature (compared in constant time). An empty secret authenticates nothing.
bool webhook_signature_valid(std::string_view secret, std::string_view timestamp, std::string_view signature,
                             std::string_view body, std::int64_t now_ms);

} // namespace argus::services
