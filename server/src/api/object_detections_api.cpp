// The player's object-detections channel (spec 02 §7; docs/design/detection.md "Player detections channel"): Bayeux
// long polling at /cometd, and at /cometd/{type} where the CometD JavaScript client appends a lone meta message's
// type. Session routes: a POST without the session answers 401, without X-CSRF-Token 403 (RouteRegistrar), like every
// other POST of the portal. Protocol in cometd_protocol, client state in services::CometdClients, rights through
// camera_media_access (historical right), detections from the store's object frames.
#include <algorithm>
#include <array>

#include "api/api_routes.hpp"
#include "api/camera_media_access.hpp"
#include "api/cometd_protocol.hpp"
#include "api/object_detections_channel.hpp"
#include "api/player_detection_views.hpp"
#include "common/error.hpp"
#include "services/cometd_clients.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

// The message types the CometD client appends to the URL (appendMessageTypeToURL, on by default).
constexpr std::array<std::string_view, 5> k_url_message_types = {"handshake", "connect", "subscribe", "unsubscribe",
                                                                 "disconnect"};

class StoredDetectionsSource final : public DetectionsChannelSource {
public:
  StoredDetectionsSource(store::Database& database, const SessionContext& caller)
      : database_(database), caller_(caller) {}

  bool may_view_history(std::int64_t camera_id) override {
    const auto& cameras = caller_.org->cameras;
    auto camera = std::find_if(cameras.begin(), cameras.end(),
                               [camera_id](const store::CameraRecord& c) { return c.id == camera_id; });
    return camera != cameras.end() && may_play(caller_, *camera, MediaRight::historical);
  }

  DetectionsFound detections(std::int64_t camera_id, std::int64_t start_ms, std::int64_t end_ms) override {
    auto frames = database_.object_frames_in_range(camera_id, start_ms, end_ms);
    auto tracks = database_.object_tracks_in_range({camera_id}, start_ms, end_ms, {});
    return player_detections(frames, tracks, k_max_detections_per_reply);
  }

private:
  store::Database& database_;
  const SessionContext& caller_;
};

http::Response answer(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  if (!context.cometd)
    throw Error(Error::Kind::unavailable, "The detections channel is not running");
  StoredDetectionsSource source(context.database, caller);
  auto response = http::Response::json(answer_cometd(*context.cometd, caller.session.token_hash, source, request.body));
  response.add_header("Cache-Control", "no-store");
  return response;
}

http::Response answer_typed(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto& type = request.param("type");
  if (std::find(k_url_message_types.begin(), k_url_message_types.end(), type) == k_url_message_types.end())
    throw Error(Error::Kind::not_found, "Not found");
  return answer(context, request, caller);
}

} // namespace

void register_object_detection_routes(RouteRegistrar& routes, ApiContext&) {
  routes.add_session("POST", "/cometd", &answer);
  routes.add_session("POST", "/cometd/{type}", &answer_typed);
}

} // namespace argus::api
