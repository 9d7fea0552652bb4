// The Bayeux subset of the detections channel on a fake source (rights and detections): handshake, subscribe,
// publish to /requests and the reply on the subscription channel, connect, and every refusal: malformed bodies and
// messages, unknown or foreign clients, channels the caller may not see, bad request data, the limits.
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/cometd_protocol.hpp"
#include "api/object_detections_channel.hpp"
#include "common/error.hpp"
#include "services/cometd_clients.hpp"

namespace argus::api {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

constexpr std::int64_t k_event_ms = 1'700'000'000'000;
const std::string k_channel = "/node/1001/ObjectDetections/r4nd0m";

struct Call {
  std::int64_t camera_id, start_ms, end_ms;
};

class FakeSource final : public DetectionsChannelSource {
public:
  bool may_view_history(std::int64_t camera_id) override { return visible.count(camera_id) > 0; }
  DetectionsFound detections(std::int64_t camera_id, std::int64_t start_ms, std::int64_t end_ms) override {
    calls.push_back({camera_id, start_ms, end_ms});
    DetectionsFound found;
    found.detections.push_back({{"ts", start_ms + 100}, {"track_id", 7}});
    return found;
  }
  std::set<std::int64_t> visible{1001, 1002};
  std::vector<Call> calls;
};

class CometdProtocolTest : public ::testing::Test {
protected:
  json post(const json& body, const std::string& session = "session-a") {
    return answer_cometd(clients, session, source, body.dump());
  }
  std::string handshake(const std::string& session = "session-a") {
    auto answer = post({{{"channel", "/meta/handshake"}, {"version", "1.0"}, {"id", "1"}}}, session);
    return answer.at(0).at("clientId");
  }
  json subscribe(const std::string& client_id, const std::string& channel) {
    return post({{{"channel", "/meta/subscribe"}, {"clientId", client_id}, {"subscription", channel}, {"id", "2"}}});
  }
  static json request_data(json overrides = json::object()) {
    json data = {{"broker", "argus"},     {"start_ts", k_event_ms - 5'000}, {"end_ts", k_event_ms + 30'000},
                 {"node_id", "1001"},     {"type", "object_detection"},     {"pid", "player-1"},
                 {"no_keep_alive", false}};
    data.update(overrides);
    return data;
  }
  json publish(const std::string& client_id, json data) {
    return post({{{"channel", "/requests"}, {"clientId", client_id}, {"data", std::move(data)}, {"id", "3"}}});
  }

  services::CometdClients clients{[] { return k_event_ms; }, services::CometdLimits{.connect_hold = 200ms}};
  FakeSource source;
};

TEST_F(CometdProtocolTest, HandshakeAnswersAClientIdLongPollingAndAdvice) {
  auto answer = post({{"channel", "/meta/handshake"},
                      {"version", "1.0"},
                      {"id", "7"},
                      {"supportedConnectionTypes", {"websocket", "long-polling"}}});
  ASSERT_EQ(answer.size(), 1u);
  const auto& reply = answer[0];
  EXPECT_EQ(reply["channel"], "/meta/handshake");
  EXPECT_EQ(reply["successful"], true);
  EXPECT_EQ(reply["id"], "7");
  EXPECT_EQ(reply["version"], "1.0");
  EXPECT_EQ(reply["supportedConnectionTypes"], json({"long-polling"}));
  EXPECT_GE(reply["clientId"].get<std::string>().size(), 20u);
  EXPECT_EQ(reply["advice"], json({{"reconnect", "retry"}, {"interval", 0}, {"timeout", 200}}));
  auto refused = post({{{"channel", "/meta/handshake"}, {"supportedConnectionTypes", {"websocket"}}}});
  EXPECT_EQ(refused[0]["successful"], false);
  EXPECT_EQ(refused[0]["error"], "400::Only long-polling is supported");
}

TEST_F(CometdProtocolTest, SubscribePublishAndTheDetectionsComeBackOnTheSubscriptionChannel) {
  auto client_id = handshake();
  auto subscribed = subscribe(client_id, k_channel);
  EXPECT_EQ(subscribed[0]["successful"], true) << subscribed;
  EXPECT_EQ(subscribed[0]["subscription"], k_channel);
  auto answer = publish(client_id, request_data());
  ASSERT_EQ(answer.size(), 2u) << answer;
  const auto& message = answer[0];
  EXPECT_EQ(message["channel"], k_channel);
  EXPECT_FALSE(message.contains("successful")) << "a data message, not a reply";
  EXPECT_EQ(message["data"]["detections"][0]["ts"], k_event_ms - 4'900);
  EXPECT_EQ(message["data"]["params"], json({{"start_ts", k_event_ms - 5'000},
                                             {"end_ts", k_event_ms + 30'000},
                                             {"node_id", "1001"},
                                             {"pid", "player-1"},
                                             {"type", "object_detection"},
                                             {"truncated", false}}));
  EXPECT_EQ(answer[1], json({{"channel", "/requests"}, {"clientId", client_id}, {"id", "3"}, {"successful", true}}));
  ASSERT_EQ(source.calls.size(), 1u);
  EXPECT_EQ(source.calls[0].camera_id, 1001);
  EXPECT_EQ(source.calls[0].start_ms, k_event_ms - 5'000);
  EXPECT_EQ(source.calls[0].end_ms, k_event_ms + 30'000);
  EXPECT_EQ(post({{"channel", "/meta/connect"},
                  {"clientId", client_id},
                  {"connectionType", "long-polling"},
                  {"advice", {{"timeout", 0}}}})
                .size(),
            1u)
      << "delivered once";
}

TEST_F(CometdProtocolTest, ConnectDeliversQueuedMessagesBeforeItsReplyOrWaitsForThem) {
  auto client_id = handshake();
  ASSERT_EQ(clients.deliver(client_id, "session-a", {{{"channel", k_channel}, {"data", {{"n", 1}}}}}),
            services::CometdClients::Status::ok);
  json connect = {{"channel", "/meta/connect"}, {"clientId", client_id}, {"connectionType", "long-polling"}};
  auto answer = post(connect);
  ASSERT_EQ(answer.size(), 2u);
  EXPECT_EQ(answer[0]["data"]["n"], 1);
  EXPECT_EQ(answer[1]["channel"], "/meta/connect");
  EXPECT_EQ(answer[1]["successful"], true);
  EXPECT_EQ(answer[1]["advice"]["reconnect"], "retry");
  auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(post(connect).size(), 1u);
  EXPECT_GE(std::chrono::steady_clock::now() - started, 150ms) << "held up to the hold";
  started = std::chrono::steady_clock::now();
  EXPECT_EQ(
      post({connect, {{"channel", "/meta/subscribe"}, {"clientId", client_id}, {"subscription", k_channel}}}).size(),
      2u);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 150ms) << "a connect in a batch does not wait";
  auto other_transport = connect;
  other_transport["connectionType"] = "callback-polling";
  EXPECT_EQ(post(other_transport)[0]["error"], "400::Only long-polling is supported");
}

TEST_F(CometdProtocolTest, UnknownAndForeignClientsAre402WithHandshakeAdvice) {
  auto client_id = handshake("session-a");
  for (const auto& message : {json{{"channel", "/meta/connect"}, {"clientId", "nope"}},
                              json{{"channel", "/meta/subscribe"}, {"subscription", k_channel}},
                              json{{"channel", "/meta/connect"}, {"clientId", client_id}},
                              json{{"channel", "/requests"}, {"clientId", client_id}, {"data", request_data()}}}) {
    auto answer = post(message, "session-b");
    ASSERT_EQ(answer.size(), 1u) << message;
    EXPECT_EQ(answer[0]["successful"], false) << message;
    EXPECT_EQ(answer[0]["error"], "402::Unknown client") << message;
    EXPECT_EQ(answer[0]["advice"], json({{"reconnect", "handshake"}, {"interval", 0}}));
  }
  EXPECT_TRUE(source.calls.empty());
  EXPECT_TRUE(clients.touch(client_id, "session-a"));
}

TEST_F(CometdProtocolTest, ChannelsTheCallerMayNotSeeAreRefused) {
  auto client_id = handshake();
  source.visible = {1001};
  auto forbidden = subscribe(client_id, "/node/2001/ObjectDetections/x");
  EXPECT_EQ(forbidden[0]["successful"], false);
  EXPECT_EQ(forbidden[0]["error"], "403::Forbidden");
  EXPECT_EQ(forbidden[0]["subscription"], "/node/2001/ObjectDetections/x");
  EXPECT_EQ(subscribe(client_id, "/node/999999/ObjectDetections/x")[0]["error"], "403::Forbidden")
      << "a missing camera looks like a forbidden one";
  for (const char* channel :
       {"/node/1001/ObjectDetections/*", "/node/*/ObjectDetections/x", "/node/abc/ObjectDetections/x",
        "/node/1001/Motion/x", "/meta/handshake", "/requests", "/**"})
    EXPECT_EQ(subscribe(client_id, channel)[0]["error"], "403::Unknown channel") << channel;
  EXPECT_TRUE(clients.subscriptions(client_id, "session-a").empty());
  auto other = post({{"channel", "/node/1001/ObjectDetections/x"}, {"clientId", client_id}, {"data", {}}});
  EXPECT_EQ(other[0]["error"], "403::Unknown channel") << "publishing elsewhere than /requests";
}

TEST_F(CometdProtocolTest, PublishNeedsTheNodesSubscriptionAndTheRightStill) {
  auto client_id = handshake();
  EXPECT_EQ(publish(client_id, request_data())[0]["error"], "403::Not subscribed to /node/1001/ObjectDetections");
  ASSERT_EQ(subscribe(client_id, "/node/1002/ObjectDetections/x")[0]["successful"], true);
  EXPECT_EQ(publish(client_id, request_data())[0]["error"], "403::Not subscribed to /node/1001/ObjectDetections");
  ASSERT_EQ(subscribe(client_id, k_channel)[0]["successful"], true);
  source.visible = {1002}; // the right was taken away after the subscription
  EXPECT_EQ(publish(client_id, request_data())[0]["error"], "403::Forbidden");
  post({{"channel", "/meta/unsubscribe"}, {"clientId", client_id}, {"subscription", k_channel}});
  source.visible = {1001, 1002};
  EXPECT_EQ(publish(client_id, request_data())[0]["error"], "403::Not subscribed to /node/1001/ObjectDetections");
  EXPECT_TRUE(source.calls.empty());
}

TEST_F(CometdProtocolTest, BadRequestDataIsRefusedWithA400Reply) {
  auto client_id = handshake();
  subscribe(client_id, k_channel);
  const json cases[] = {
      json(nullptr),
      json("text"),
      request_data({{"node_id", nullptr}}),
      request_data({{"node_id", "10a"}}),
      request_data({{"node_id", -1}}),
      request_data({{"start_ts", "1700000000000"}}),
      request_data({{"start_ts", k_event_ms / 1000 - 5}, {"end_ts", k_event_ms / 1000 + 30}}), // seconds
      request_data({{"end_ts", k_event_ms - 5'000}}),
      request_data({{"end_ts", k_event_ms + 60'000}}), // 65 s
      request_data({{"pid", json::array()}}),
      request_data({{"type", std::string(200, 'x')}}),
      request_data({{"no_keep_alive", "false"}}),
  };
  for (const auto& data : cases) {
    auto answer = publish(client_id, data);
    ASSERT_EQ(answer.size(), 1u) << data;
    EXPECT_EQ(answer[0]["successful"], false) << data;
    EXPECT_TRUE(answer[0]["error"].get<std::string>().starts_with("400::")) << answer[0];
  }
  EXPECT_TRUE(source.calls.empty());
  EXPECT_EQ(publish(client_id, request_data({{"node_id", 1001}, {"pid", 5}}))[1]["successful"], true)
      << "numbers for node_id and pid";
}

TEST_F(CometdProtocolTest, MalformedBodiesThrowAndMalformedMessagesGetErrorReplies) {
  auto kind_of = [&](const std::string& body) {
    try {
      answer_cometd(clients, "session-a", source, body);
    } catch (const Error& error) {
      return std::optional(error.kind());
    }
    return std::optional<Error::Kind>();
  };
  for (const std::string& body :
       std::vector<std::string>{"", "not json", "[", "42", "\"text\"", "[]", "null", std::string(1000, '[')})
    EXPECT_EQ(kind_of(body), Error::Kind::invalid_input) << body.substr(0, 20);
  auto too_many = json::array();
  for (std::size_t i = 0; i <= k_max_cometd_batch; ++i)
    too_many.push_back({{"channel", "/meta/handshake"}});
  EXPECT_EQ(kind_of(too_many.dump()), Error::Kind::invalid_input);
  EXPECT_EQ(kind_of("[" + std::string(k_max_cometd_body_bytes, ' ') + "]"), Error::Kind::too_large);
  auto answer = post({42, {{"id", "x"}}, {{"channel", 5}}, {{"channel", "/meta/nonsense"}, {"clientId", "nope"}}});
  ASSERT_EQ(answer.size(), 4u);
  EXPECT_EQ(answer[0], json({{"channel", "/meta/unsuccessful"},
                             {"successful", false},
                             {"error", "400::Message must be a JSON object"}}));
  EXPECT_EQ(answer[1]["error"], "400::Message has no channel");
  EXPECT_EQ(answer[1]["id"], "x");
  EXPECT_EQ(answer[2]["error"], "400::Message has no channel");
  EXPECT_EQ(answer[3]["error"], "402::Unknown client");
}

TEST_F(CometdProtocolTest, LimitsAnswerBayeuxErrors) {
  for (std::size_t i = 0; i < services::CometdLimits{}.max_clients_per_session; ++i)
    handshake();
  auto refused = post({{"channel", "/meta/handshake"}});
  EXPECT_EQ(refused[0]["error"], "429::Too many clients for this session");
  EXPECT_EQ(refused[0]["advice"]["reconnect"], "handshake");
  EXPECT_FALSE(handshake("session-b").empty()) << "another session is not affected";
  auto client_id = handshake("session-b");
  services::CometdClients::Status status{};
  for (std::size_t i = 0; i < services::CometdLimits{}.max_queued_messages; ++i)
    status = clients.deliver(client_id, "session-b", {{{"channel", k_channel}}});
  ASSERT_EQ(status, services::CometdClients::Status::ok);
  post({{"channel", "/meta/subscribe"}, {"clientId", client_id}, {"subscription", k_channel}}, "session-b");
  // That answer carried the queue out; fill it again and the publish is refused.
  for (std::size_t i = 0; i < services::CometdLimits{}.max_queued_messages; ++i)
    clients.deliver(client_id, "session-b", {{{"channel", k_channel}}});
  auto answer =
      answer_cometd(clients, "session-b", source,
                    json({{"channel", "/requests"}, {"clientId", client_id}, {"data", request_data()}}).dump());
  EXPECT_EQ(answer.back()["error"], "429::Too many undelivered messages");
}

TEST_F(CometdProtocolTest, DisconnectForgetsTheClient) {
  auto client_id = handshake();
  auto answer = post({{"channel", "/meta/disconnect"}, {"clientId", client_id}, {"id", "9"}});
  EXPECT_EQ(answer,
            json({{{"channel", "/meta/disconnect"}, {"id", "9"}, {"clientId", client_id}, {"successful", true}}}));
  EXPECT_EQ(subscribe(client_id, k_channel)[0]["error"], "402::Unknown client");
}

} // namespace
} // namespace argus::api
