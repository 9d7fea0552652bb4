#pragma once
// What the player's object-detections channel carries (spec 02 §3 "Object detection", §7, §9; docs/design/detection.md
// "Player detections channel"), apart from the Bayeux protocol around it (cometd_protocol): the subscription channel
// /node/{cameraId}/ObjectDetections/{suffix}, the request data published to /requests, the reply delivered on the
// subscription channel, and the interface to the rights and the stored detections (a fake in unit tests).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

namespace argus::api {

//! The channel a player publishes its requests to.
inline constexpr std::string_view k_detection_requests_channel = "/requests";
//! The longest time range of one request, ms (the player asks for event time − 5 s to + 30 s).
inline constexpr std::int64_t k_max_detection_range_ms = 60'000;
//! The most detections one reply carries (params.truncated says when there were more).
inline constexpr std::size_t k_max_detections_per_reply = 5'000;

//! The camera id of a detections channel "/node/{digits}/ObjectDetections/{suffix}" (suffix: 1 to 64 of A-Z a-z 0-9
//! _ - .; no wildcards), or nullopt for any other channel.
std::optional<std::int64_t> detections_channel_camera(std::string_view channel);

//! A request for a camera's detections, from the data of a publish to /requests.
struct DetectionRequest {
  std::int64_t camera_id = 0; // node_id
  std::int64_t start_ms = 0;  // start_ts: Unix time, ms
  std::int64_t end_ms = 0;    // end_ts: Unix time, ms (exclusive)
  nlohmann::json node_id;     // as sent, echoed in the reply's params
  nlohmann::json pid;         // as sent (null when absent)
  nlohmann::json type;        // as sent (null when absent)
};

//! The request in a publish's data, or why it is refused (the text of the Bayeux error "400::<text>").
std::variant<DetectionRequest, std::string> parse_detection_request(const nlohmann::json& data);

//! Detections of a time range as the player's JSON objects (spec 02 §3), by time.
struct DetectionsFound {
  nlohmann::json detections = nlohmann::json::array();
  bool truncated = false; // more than k_max_detections_per_reply were stored: the first ones are sent
};

//! The data message delivered on `channel` (a detections channel the client subscribed to) in reply to a request:
//! {channel, data: {detections, params: {start_ts, end_ts, node_id, pid, type, truncated}}}.
nlohmann::json detection_reply_message(const std::string& channel, const DetectionRequest& request,
                                       const DetectionsFound& found);

//! What the channel needs from the rest of the server for one caller.
class DetectionsChannelSource {
public:
  virtual ~DetectionsChannelSource() = default;
  //! Whether the caller may see this camera's recordings: false alike for an unknown camera, another organization's,
  //! a monitor-only network's and one without the historical right.
  virtual bool may_view_history(std::int64_t camera_id) = 0;
  //! The camera's detections with ts in [start_ms, end_ms).
  virtual DetectionsFound detections(std::int64_t camera_id, std::int64_t start_ms, std::int64_t end_ms) = 0;
};

} // namespace argus::api
