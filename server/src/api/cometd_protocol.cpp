#include "api/cometd_protocol.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/object_detections_channel.hpp"
#include "common/error.hpp"
#include "services/cometd_clients.hpp"

namespace argus::api {
namespace {

using nlohmann::json;
using Status = services::CometdClients::Status;

constexpr const char* k_long_polling = "long-polling";
constexpr const char* k_unknown_client = "402::Unknown client";
constexpr const char* k_forbidden = "403::Forbidden";
constexpr const char* k_unknown_channel = "403::Unknown channel";
// The reply channel of a message without a usable channel: CometD clients report it to /meta/unsuccessful listeners.
constexpr const char* k_unsuccessful_channel = "/meta/unsuccessful";
constexpr std::size_t k_max_channel_chars = 256;
constexpr std::size_t k_max_id_chars = 64;
constexpr std::int64_t k_retry_interval_ms = 10'000;       // advice after a refused handshake
constexpr std::int64_t k_busy_connect_interval_ms = 2'000; // advice when no connect may wait (CometD's multi-client)

std::string string_field(const json& message, const char* field) {
  auto it = message.find(field);
  return it != message.end() && it->is_string() ? it->get<std::string>() : std::string();
}

class Batch {
public:
  Batch(services::CometdClients& clients, const std::string& session_key, DetectionsChannelSource& source,
        bool may_hold)
      : clients_(clients), session_key_(session_key), source_(source), may_hold_(may_hold) {}

  void handle(const json& message) {
    auto channel = message.is_object() ? string_field(message, "channel") : std::string();
    bool has_channel = !channel.empty() && channel.size() <= k_max_channel_chars && channel.front() == '/';
    json reply = {{"channel", has_channel ? channel : k_unsuccessful_channel}};
    if (message.is_object()) {
      auto id = message.find("id");
      if (id != message.end() &&
          (id->is_number_integer() || (id->is_string() && id->get_ref<const std::string&>().size() <= k_max_id_chars)))
        reply["id"] = *id;
    }
    if (!message.is_object())
      return fail(std::move(reply), "400::Message must be a JSON object");
    if (!has_channel)
      return fail(std::move(reply), "400::Message has no channel");
    if (channel == "/meta/handshake")
      return handshake(message, std::move(reply));
    auto client_id = string_field(message, "clientId");
    if (client_id.empty() || !clients_.touch(client_id, session_key_))
      return unknown_client(std::move(reply));
    reply["clientId"] = client_id;
    remember(client_id);
    if (channel == "/meta/connect")
      return connect(message, client_id, std::move(reply));
    if (channel == "/meta/subscribe" || channel == "/meta/unsubscribe")
      return subscription(message, client_id, channel == "/meta/subscribe", std::move(reply));
    if (channel == "/meta/disconnect") {
      clients_.remove(client_id, session_key_);
      std::erase(client_ids_, client_id);
      return succeed(std::move(reply));
    }
    if (channel == k_detection_requests_channel)
      return publish(message, client_id, std::move(reply));
    fail(std::move(reply), k_unknown_channel);
  }

  //! The data messages waiting for the batch's clients, then the replies.
  json finish() {
    auto out = json::array();
    for (auto& message : data_)
      out.push_back(std::move(message));
    for (const auto& client_id : client_ids_)
      for (auto& message : clients_.take(client_id, session_key_))
        out.push_back(std::move(message));
    for (auto& reply : replies_)
      out.push_back(std::move(reply));
    return out;
  }

private:
  void succeed(json reply) {
    reply["successful"] = true;
    replies_.push_back(std::move(reply));
  }
  void fail(json reply, const std::string& error) {
    reply["successful"] = false;
    reply["error"] = error;
    replies_.push_back(std::move(reply));
  }
  void unknown_client(json reply) {
    reply["advice"] = {{"reconnect", "handshake"}, {"interval", 0}};
    fail(std::move(reply), k_unknown_client);
  }
  void remember(const std::string& client_id) {
    if (std::find(client_ids_.begin(), client_ids_.end(), client_id) == client_ids_.end())
      client_ids_.push_back(client_id);
  }
  json retry_advice(std::int64_t interval_ms) const {
    return {{"reconnect", "retry"}, {"interval", interval_ms}, {"timeout", clients_.limits().connect_hold.count()}};
  }

  void handshake(const json& message, json reply) {
    reply["version"] = "1.0";
    reply["supportedConnectionTypes"] = {k_long_polling};
    auto types = message.find("supportedConnectionTypes");
    bool long_polling = types == message.end() ||
                        (types->is_array() && std::find(types->begin(), types->end(), k_long_polling) != types->end());
    if (!long_polling) {
      reply["advice"] = {{"reconnect", "none"}};
      return fail(std::move(reply), "400::Only long-polling is supported");
    }
    auto client_id = clients_.create(session_key_);
    if (!client_id) {
      reply["advice"] = {{"reconnect", "handshake"}, {"interval", k_retry_interval_ms}};
      return fail(std::move(reply), "429::Too many clients for this session");
    }
    reply["clientId"] = *client_id;
    reply["advice"] = retry_advice(0);
    succeed(std::move(reply));
  }

  void connect(const json& message, const std::string& client_id, json reply) {
    if (auto type = message.find("connectionType"); type != message.end() && *type != k_long_polling)
      return fail(std::move(reply), "400::Only long-polling is supported");
    // The client may ask for a shorter wait (CometD asks for none on its first connect); a batch never waits.
    auto hold = may_hold_ ? clients_.limits().connect_hold : std::chrono::milliseconds::zero();
    if (auto advice = message.find("advice"); advice != message.end() && advice->is_object()) {
      if (auto timeout = advice->find("timeout"); timeout != advice->end() && timeout->is_number()) {
        auto asked_ms = std::clamp(timeout->get<double>(), 0.0, static_cast<double>(hold.count()));
        hold = std::chrono::milliseconds(static_cast<std::int64_t>(asked_ms));
      }
    }
    auto result = clients_.connect(client_id, session_key_, hold);
    if (result.status == Status::unknown_client)
      return unknown_client(std::move(reply));
    for (auto& data : result.messages)
      data_.push_back(std::move(data));
    if (result.status == Status::busy) {
      reply["advice"] = retry_advice(k_busy_connect_interval_ms);
      reply["advice"]["multiple-clients"] = true;
    } else {
      reply["advice"] = retry_advice(0);
    }
    succeed(std::move(reply));
  }

  void subscription(const json& message, const std::string& client_id, bool subscribe, json reply) {
    auto found = message.find("subscription");
    if (found == message.end() || !found->is_string() || found->size() > k_max_channel_chars)
      return fail(std::move(reply), "400::subscription must be one channel name");
    auto channel = found->get<std::string>();
    reply["subscription"] = channel;
    if (!subscribe) {
      clients_.unsubscribe(client_id, session_key_, channel);
      return succeed(std::move(reply));
    }
    auto camera_id = detections_channel_camera(channel);
    if (!camera_id)
      return fail(std::move(reply), k_unknown_channel);
    if (!source_.may_view_history(*camera_id))
      return fail(std::move(reply), k_forbidden);
    if (clients_.subscribe(client_id, session_key_, channel) != Status::ok)
      return fail(std::move(reply), "429::Too many subscriptions");
    succeed(std::move(reply));
  }

  void publish(const json& message, const std::string& client_id, json reply) {
    auto parsed = parse_detection_request(message.value("data", json()));
    if (auto* error = std::get_if<std::string>(&parsed))
      return fail(std::move(reply), "400::" + *error);
    const auto& request = std::get<DetectionRequest>(parsed);
    std::vector<std::string> channels;
    for (auto& channel : clients_.subscriptions(client_id, session_key_))
      if (detections_channel_camera(channel) == request.camera_id)
        channels.push_back(std::move(channel));
    if (channels.empty())
      return fail(std::move(reply),
                  "403::Not subscribed to /node/" + std::to_string(request.camera_id) + "/ObjectDetections");
    if (!source_.may_view_history(request.camera_id)) // rights may have changed since the subscription
      return fail(std::move(reply), k_forbidden);
    auto found = source_.detections(request.camera_id, request.start_ms, request.end_ms);
    std::vector<json> messages;
    for (const auto& channel : channels)
      messages.push_back(detection_reply_message(channel, request, found));
    auto status = clients_.deliver(client_id, session_key_, std::move(messages));
    if (status == Status::unknown_client)
      return unknown_client(std::move(reply));
    if (status != Status::ok)
      return fail(std::move(reply), "429::Too many undelivered messages");
    succeed(std::move(reply));
  }

  services::CometdClients& clients_;
  const std::string& session_key_;
  DetectionsChannelSource& source_;
  bool may_hold_;
  std::vector<std::string> client_ids_; // known clients that took part, whose waiting messages go out with the answer
  std::vector<json> data_;
  std::vector<json> replies_;
};

} // namespace

json answer_cometd(services::CometdClients& clients, const std::string& session_key, DetectionsChannelSource& source,
                   std::string_view body) {
  if (body.size() > k_max_cometd_body_bytes)
    throw Error(Error::Kind::too_large,
                "A Bayeux request body is at most " + std::to_string(k_max_cometd_body_bytes) + " bytes");
  auto messages = json::parse(body, nullptr, false);
  if (messages.is_object())
    messages = json::array({std::move(messages)});
  if (messages.is_discarded() || !messages.is_array() || messages.empty() || messages.size() > k_max_cometd_batch)
    throw Error(Error::Kind::invalid_input,
                "The body must be a Bayeux message (a JSON object) or a JSON array of 1 to " +
                    std::to_string(k_max_cometd_batch) + " of them");
  Batch batch(clients, session_key, source, messages.size() == 1);
  for (const auto& message : messages)
    batch.handle(message);
  return batch.finish();
}

} // namespace argus::api
