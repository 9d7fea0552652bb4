#pragma once
// The subset of Bayeux 1.0 (CometD) the player's object-detections channel speaks, long polling only
// (docs/design/detection.md "Player detections channel"): /meta/handshake, /meta/connect, /meta/subscribe,
// /meta/unsubscribe, /meta/disconnect, and publishes to /requests (object_detections_channel). One POST body of
// messages in, one JSON array of messages out: the data messages waiting for the client first, then one reply per
// message in order. Problems with a message are Bayeux error replies ("code::text"), never exceptions.
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace argus::services {
class CometdClients;
}

namespace argus::api {

class DetectionsChannelSource;

//! The largest POST body, bytes.
inline constexpr std::size_t k_max_cometd_body_bytes = 64 * 1024;
//! The most messages in one body.
inline constexpr std::size_t k_max_cometd_batch = 16;

//! Answers one POST body for the caller's session (session_key: a stable key of the session, e.g. its token hash).
//! Throws Error(too_large) for a body over k_max_cometd_body_bytes and Error(invalid_input) for one that is not a JSON
//! object or a non-empty array of at most k_max_cometd_batch elements. A lone /meta/connect may wait
//! (CometdClients::connect).
nlohmann::json answer_cometd(services::CometdClients& clients, const std::string& session_key,
                             DetectionsChannelSource& source, std::string_view body);

} // namespace argus::api
