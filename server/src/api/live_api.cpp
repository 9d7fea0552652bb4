// Live media: the LL-HLS playlist with blocking reload, its init segment, segments and parts (from media::LiveHub),
// the WebSocket fMP4 feed (LiveWebSocketFeed), the WebSocket frames feed (LiveFramesFeed) and JPEG snapshots
// (media::SnapshotService). Every call checks the camera through require_camera_media: live right for live media and
// the latest snapshot, historical right for a snapshot at ts_ms. Media GETs come from the player without our custom
// headers; being GETs they need no CSRF token, only the session cookie.
#include <charconv>
#include <chrono>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/camera_media_access.hpp"
#include "api/camera_streams.hpp"
#include "api/live_frames_feed.hpp"
#include "api/live_media_pieces.hpp"
#include "api/live_websocket_feed.hpp"
#include "common/error.hpp"
#include "http/websocket.hpp"
#include "media/live_hub.hpp"
#include "media/live_playlist.hpp"
#include "media/snapshot_service.hpp"
#include "services/session_service.hpp"

namespace argus::api {
namespace {

using Clock = std::chrono::steady_clock;

const char* const k_camera_offline = "Camera is offline";

std::optional<std::int64_t> query_number(const http::Request& request, std::string_view name, std::int64_t min,
                                         std::int64_t max) {
  auto text = request.query_param(name);
  if (!text)
    return std::nullopt;
  std::int64_t value = 0;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (text->empty() || error != std::errc{} || end != text->data() + text->size() || value < min || value > max)
    throw Error(Error::Kind::invalid_input, std::string(name) + " must be an integer in [" + std::to_string(min) +
                                                ", " + std::to_string(max) + "]");
  return value;
}

// The path's stream of the camera: main or sub, or an imager's of a multi-imager camera (camera_streams.hpp).
const std::string& stream_param(const http::Request& request, const store::CameraRecord& camera) {
  const auto& stream = request.param("stream");
  if (!camera_stream(camera, stream))
    throw Error(Error::Kind::not_found, camera.imager_count > 1
                                            ? "Unknown stream: use main or sub, or main-imager{k} or sub-imager{k} "
                                              "for imager k of 1 to " +
                                                  std::to_string(camera.imager_count - 1)
                                            : "Unknown stream: use main or sub");
  return stream;
}

http::Response offline() {
  return http::Response::error(503, k_camera_offline);
}

http::Response pieces_response(http::SharedPieces pieces, const char* content_type, const char* cache_control) {
  http::Response response;
  response.content_type = content_type;
  response.pieces = std::move(pieces);
  response.add_header("Cache-Control", cache_control);
  return response;
}

// A part or segment from memory, or read back from the recording. Bytes that are neither (the recording was deleted
// or damaged since) answer 404 like a file that is gone.
http::Response media_response(std::optional<media::LiveFileBytes> bytes) {
  if (!bytes)
    return http::Response::error(404, "Not found");
  return pieces_response(pieces_of(std::move(*bytes)), "video/iso.segment", "max-age=60");
}

// How long a blocking request may be held: three target durations (RFC 8216bis 6.2.5.2 lets clients time out then).
Clock::time_point block_deadline(const media::LiveWindow& window) {
  return Clock::now() + std::chrono::milliseconds(std::min<std::int64_t>(3 * window.target_duration_s * 1000, 6'000));
}

http::Response playlist(media::LiveHub& hub, std::int64_t camera_id, const std::string& stream,
                        const http::Request& request) {
  auto msn = query_number(request, "_HLS_msn", 0, std::int64_t{1} << 53);
  auto part = query_number(request, "_HLS_part", 0, 10'000);
  if (part && !msn)
    throw Error(Error::Kind::invalid_input, "_HLS_part requires _HLS_msn");
  auto window = hub.window(camera_id, stream);
  if (!window || !window->playable())
    return offline();
  if (msn) {
    // More than two segments ahead of the playlist's last one cannot be a client following the stream (6.2.5.2).
    auto last_msn = window->segments.back().msn;
    if (static_cast<std::uint64_t>(*msn) > last_msn + 2)
      throw Error(Error::Kind::invalid_input, "_HLS_msn is too far ahead of the live edge");
    auto result = hub.wait_for(camera_id, stream, static_cast<std::uint64_t>(*msn), part ? static_cast<int>(*part) : -1,
                               block_deadline(*window));
    if (result == media::LiveHub::WaitResult::offline)
      return offline();
    window = hub.window(camera_id, stream);
    if (!window || !window->playable())
      return offline();
  }
  http::Response response;
  response.content_type = "application/vnd.apple.mpegurl";
  response.body = media::render_live_playlist(*window);
  response.add_header("Cache-Control", "no-cache");
  // How old the live edge was when served (ms since the hub got the newest part): the server-side live latency.
  const auto& last = window->segments.back();
  if (!last.parts.empty()) {
    auto age = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - last.parts.back().arrived);
    response.add_header("X-Argus-Edge-Age-Us", std::to_string(age.count()));
  }
  return response;
}

http::Response live_file(media::LiveHub& hub, std::int64_t camera_id, const std::string& stream,
                         const std::string& file) {
  auto name = media::parse_live_file_name(file);
  if (!name)
    return http::Response::error(404, "Not found");
  auto window = hub.window(camera_id, stream);
  if (!window || !window->init_segment)
    return offline();
  using Kind = media::LiveFileName::Kind;
  if (name->kind == Kind::init)
    return pieces_response(http::SharedPieces::of(window->init_segment), "video/mp4", "max-age=10");
  auto find_part = [&](const media::LiveWindow& w) -> const media::LivePart* {
    const auto* segment = w.find(name->msn);
    if (!segment || static_cast<std::size_t>(name->part) >= segment->parts.size())
      return nullptr;
    return &segment->parts[static_cast<std::size_t>(name->part)];
  };
  if (name->kind == Kind::part) {
    if (const auto* found = find_part(*window))
      return media_response(media::read_live_part(*found));
    // The preload hint names the next part: hold the request until it exists (RFC 8216bis 6.2.6).
    const auto* open = window->segments.empty() ? nullptr : &window->segments.back();
    bool is_next =
        open ? (!open->complete && name->msn == open->msn && name->part == static_cast<int>(open->parts.size())) ||
                   (name->msn == window->next_msn && name->part == 0)
             : name->msn == window->next_msn && name->part == 0;
    if (!is_next)
      return http::Response::error(404, "Not found");
    if (hub.wait_for(camera_id, stream, name->msn, name->part, block_deadline(*window)) !=
        media::LiveHub::WaitResult::ready)
      return offline();
    window = hub.window(camera_id, stream);
    if (const auto* found = window ? find_part(*window) : nullptr)
      return media_response(media::read_live_part(*found));
    return http::Response::error(404, "Not found");
  }
  const auto* segment = window->find(name->msn);
  if (!segment || !segment->complete)
    return http::Response::error(404, "Not found");
  return media_response(media::read_live_segment(*segment));
}

// A browser always sends Origin with a WebSocket handshake; one from another site must not ride on our session cookie
// (cross-site WebSocket hijacking). Clients that are not browsers send none.
bool same_origin(const http::Request& request) {
  auto origin = request.header("origin");
  if (origin.empty())
    return true;
  auto host = request.header("host");
  return !host.empty() && (origin == "http://" + host || origin == "https://" + host);
}

// Why a stream the live hub has never seen is offline: a camera without a source for it says no_source (the hub only
// knows streams the recorder runs).
std::optional<media::StreamStatus> unstarted_stream_status(const store::CameraRecord& camera,
                                                           const std::string& stream) {
  auto id = camera_stream(camera, stream);
  if (id && camera_has_source(camera, *id))
    return std::nullopt;
  return media::StreamStatus{false, media::OfflineReason::no_source, camera.offline_since_ms.value_or(0)};
}

// The kernel send buffer of a frames connection: small, so that a stalled client's backlog piles up in the queue the
// feed drops (1 MB / 1 s) instead of seconds of stale frames in the kernel. 256 KB is a 4 Mbit/s stream's half second
// and still 20 Mbit/s at 100 ms round trip.
constexpr int k_frames_socket_send_buffer_bytes = 256 * 1024;

// A live WebSocket route (`ws`: LiveWebSocketFeed, `frames`: LiveFramesFeed): the same checks (upgrade, Origin; the
// session and live right were checked by the caller), an offline message at once when the stream is not running,
// the hub subscription for the connection's life, and the session recheck.
template <class Feed, class Event>
http::Response live_feed(ApiContext& context, const store::CameraRecord& camera, const std::string& stream,
                         const http::Request& request, const SessionContext& caller,
                         std::uint64_t (media::LiveHub::*subscribe)(std::int64_t, const std::string&,
                                                                    std::function<void(const Event&)>),
                         void (media::LiveHub::*unsubscribe)(std::int64_t, const std::string&, std::uint64_t),
                         int socket_send_buffer_bytes = 0) {
  auto& hub = *context.live_hub;
  auto camera_id = camera.id;
  auto unstarted = unstarted_stream_status(camera, stream);
  if (!http::is_websocket_request(request))
    throw Error(Error::Kind::invalid_input, "WebSocket upgrade required");
  if (!same_origin(request))
    throw Error(Error::Kind::permission_denied, "Cross-origin WebSocket refused");
  http::Response response;
  response.websocket = std::make_shared<http::WebSocketUpgrade>();
  response.websocket->socket_send_buffer_bytes = socket_send_buffer_bytes;
  response.websocket->on_open = [&hub, camera_id, stream, unstarted, subscribe,
                                 unsubscribe](std::shared_ptr<http::WebSocketSink> sink) {
    auto feed = std::make_shared<Feed>(std::move(sink));
    if (!hub.window(camera_id, stream)) {
      auto why = hub.offline_status(camera_id, stream);
      feed->announce_offline(why ? why : unstarted);
    }
    auto id = (hub.*subscribe)(camera_id, stream, [feed](const Event& event) { feed->on_event(event); });
    return std::function<void()>(
        [&hub, camera_id, stream, id, unsubscribe] { (hub.*unsubscribe)(camera_id, stream, id); });
  };
  // Rights are checked at the upgrade; a feed ends when its session does (sign-out, expiry) or moves to another
  // organization.
  response.websocket->still_allowed = [&sessions = context.sessions, token = caller.token,
                                       organization_id = caller.session.organization_id] {
    auto session = sessions.find(token);
    return session && session->organization_id == organization_id;
  };
  return response;
}

http::Response snapshot(media::SnapshotService* snapshots, const http::Request& request, const SessionContext& caller) {
  auto ts_ms = query_number(request, "ts_ms", 0, std::int64_t{1} << 50);
  auto width = query_number(request, "width", 16, 1920);
  auto access = require_camera_media(caller, request, ts_ms ? MediaRight::historical : MediaRight::live);
  if (!snapshots)
    return offline();
  auto jpeg = ts_ms ? snapshots->at(access.camera->id, *ts_ms, static_cast<int>(width.value_or(0)))
                    : snapshots->latest(access.camera->id, static_cast<int>(width.value_or(0)));
  if (!jpeg)
    return ts_ms ? http::Response::error(404, "No video at this time") : offline();
  http::Response response;
  response.content_type = "image/jpeg";
  response.body = *jpeg;
  response.add_header("Cache-Control", ts_ms ? "private, max-age=3600" : "private, max-age=2");
  return response;
}

} // namespace

void register_live_routes(RouteRegistrar& routes, ApiContext& context) {
  routes.add_session("GET", "/cameras/{cameraId}/live/{stream}/{file}",
                     [&context](http::Request& request, const SessionContext& caller) {
                       auto access = require_camera_media(caller, request, MediaRight::live);
                       const auto& stream = stream_param(request, *access.camera);
                       if (!context.live_hub)
                         return offline();
                       const auto& file = request.param("file");
                       if (file == "index.m3u8" || file == "ws" || file == "frames")
                         log_access(context, request, caller, "live_video", access.network, access.camera);
                       if (file == "index.m3u8")
                         return playlist(*context.live_hub, access.camera->id, stream, request);
                       if (file == "ws")
                         return live_feed<LiveWebSocketFeed>(context, *access.camera, stream, request, caller,
                                                             &media::LiveHub::subscribe, &media::LiveHub::unsubscribe);
                       if (file == "frames")
                         return live_feed<LiveFramesFeed>(
                             context, *access.camera, stream, request, caller, &media::LiveHub::subscribe_frames,
                             &media::LiveHub::unsubscribe_frames, k_frames_socket_send_buffer_bytes);
                       return live_file(*context.live_hub, access.camera->id, stream, file);
                     });
  routes.add_session("GET", "/cameras/{cameraId}/snapshot.jpg",
                     [&context](http::Request& request, const SessionContext& caller) {
                       return snapshot(context.snapshots, request, caller);
                     });
}

} // namespace argus::api
