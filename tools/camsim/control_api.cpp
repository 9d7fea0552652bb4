#include "control_api.hpp"

#include <chrono>
#include <functional>
#include <future>

#include <glib.h>
#include <nlohmann/json.hpp>

#include "http/router.hpp"
#include "http/server.hpp"
#include "rtsp_camera_server.hpp"

namespace argus::camsim {
namespace {

using nlohmann::json;

// Runs fn on the default GLib main context (where the RTSP server lives) and waits for it; nullopt on timeout
// (the main loop is shutting down).
std::optional<json> run_on_main(std::function<json()> fn) {
  struct Task {
    std::function<json()> fn;
    std::promise<json> result;
  };
  auto* task = new std::shared_ptr<Task>(std::make_shared<Task>());
  (*task)->fn = std::move(fn);
  auto future = (*task)->result.get_future();
  GSource* idle = g_idle_source_new();
  g_source_set_callback(
      idle,
      [](gpointer data) -> gboolean {
        auto& t = *static_cast<std::shared_ptr<Task>*>(data);
        try {
          t->result.set_value(t->fn());
        } catch (...) {
          t->result.set_exception(std::current_exception());
        }
        return G_SOURCE_REMOVE;
      },
      task, [](gpointer data) { delete static_cast<std::shared_ptr<Task>*>(data); });
  g_source_attach(idle, nullptr);
  g_source_unref(idle);
  if (future.wait_for(std::chrono::seconds(5)) != std::future_status::ready)
    return std::nullopt;
  return future.get();
}

json stream_json(const StreamStatus& stream, const std::string& rtsp_base_url) {
  return {{"url", rtsp_base_url + stream.path},
          {"clip", stream.clip},
          {"codec", stream.codec},
          {"audio", stream.audio ? json("aac") : json(nullptr)},
          {"width", stream.width},
          {"height", stream.height},
          {"fps", stream.fps},
          {"keyframe_interval_ms", stream.keyframe_interval_ms},
          {"clients", stream.clients}};
}

json camera_json(const CameraStatus& camera, const std::string& rtsp_base_url) {
  json item{{"index", camera.index},
            {"state", camera_state_name(camera.state)},
            {"clock_offset_ms", camera.clock_offset_ms},
            {"main", stream_json(camera.main, rtsp_base_url)},
            {"sub", stream_json(camera.sub, rtsp_base_url)}};
  if (!camera.imager_streams.empty()) { // a multi-imager camera's other imagers
    auto imagers = json::array();
    for (const auto& stream : camera.imager_streams)
      imagers.push_back(stream_json(stream, rtsp_base_url));
    item["imager_streams"] = std::move(imagers);
  }
  return item;
}

} // namespace

ControlApi::ControlApi(RtspCameraServer& cameras, const std::string& address, std::uint16_t port,
                       std::string rtsp_base_url)
    : cameras_(cameras), rtsp_base_url_(std::move(rtsp_base_url)), router_(std::make_unique<http::Router>()) {
  router_->add("GET", "/cameras", [this](http::Request&) {
    auto answer = run_on_main([this] {
      json list = json::array();
      for (const auto& camera : cameras_.status())
        list.push_back(camera_json(camera, rtsp_base_url_));
      return list;
    });
    return answer ? http::Response::json(*answer) : http::Response::error(503, "camsim is stopping");
  });
  for (std::string action : {"drop", "hang", "restore"}) {
    router_->add("POST", "/cameras/{index}/" + action, [this, action](http::Request& request) {
      auto index = camera_index(request);
      if (!index)
        return http::Response::error(404, "no camera " + request.param("index"));
      return answer_on_main([this, action, index = *index] {
        if (action == "drop")
          cameras_.drop(index);
        else if (action == "hang")
          cameras_.hang(index);
        else
          cameras_.restore(index);
      }, *index);
    });
  }
  router_->add("POST", "/cameras/{index}/resize", [this](http::Request& request) {
    auto index = camera_index(request);
    if (!index)
      return http::Response::error(404, "no camera " + request.param("index"));
    auto resized = run_on_main([this, index = *index] { return json(cameras_.resize(index)); });
    if (!resized)
      return http::Response::error(503, "camsim is stopping");
    if (!resized->get<bool>())
      return http::Response::error(409, "camera " + request.param("index") + " draws its frames at one size (clock camera)");
    return answer_on_main([] {}, *index);
  });
  router_->add("POST", "/cameras/{index}/clock_jump", [this](http::Request& request) {
    auto index = camera_index(request);
    if (!index)
      return http::Response::error(404, "no camera " + request.param("index"));
    auto text = request.query_param("offset_ms").value_or("");
    auto digits = text.rfind('-', 0) == 0 ? text.substr(1) : text;
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
      return http::Response::error(400, "offset_ms must be an integer of at most 9 digits (milliseconds, may be negative)");
    auto offset_ms = std::stoll(text);
    return answer_on_main([this, index = *index, offset_ms] { cameras_.jump_clock(index, offset_ms); }, *index);
  });

  http::ServerOptions options;
  options.address = address;
  options.port = port;
  options.io_threads = 1;
  options.worker_threads = 1;
  options.handle_signals = false;
  options.shutdown_grace_ms = std::chrono::milliseconds(1'000);
  server_ = std::make_unique<http::Server>(*router_, options);
  thread_ = std::thread([this] { server_->run(); });
}

std::optional<int> ControlApi::camera_index(const http::Request& request) const {
  const std::string& text = request.param("index");
  if (text.empty() || text.size() >= 6 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  int index = std::stoi(text);
  return index < cameras_.camera_count() ? std::optional<int>(index) : std::nullopt;
}

http::Response ControlApi::answer_on_main(std::function<void()> action, int index) {
  auto answer = run_on_main([this, action = std::move(action), index] {
    action();
    return camera_json(cameras_.status()[static_cast<std::size_t>(index)], rtsp_base_url_);
  });
  return answer ? http::Response::json(*answer) : http::Response::error(503, "camsim is stopping");
}

ControlApi::~ControlApi() {
  server_->stop();
  thread_.join();
}

std::uint16_t ControlApi::port() const {
  return server_->port();
}

} // namespace argus::camsim
