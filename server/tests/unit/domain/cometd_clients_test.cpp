// The detections channel's Bayeux clients with a fake clock: session binding, bounds, expiry, and how a held
// /meta/connect ends (a message, a newer connect, removal, shutdown, the hold).
#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include <gtest/gtest.h>

#include "services/cometd_clients.hpp"

namespace argus::services {
namespace {

using namespace std::chrono_literals;
using Status = CometdClients::Status;

class CometdClientsTest : public ::testing::Test {
protected:
  CometdClients make(CometdLimits limits = {}) {
    return CometdClients([this] { return now_ms.load(); }, limits);
  }
  std::atomic<std::int64_t> now_ms{1'000'000};
};

// Waits until `count` connects are held.
void wait_until_held(const CometdClients& clients, std::size_t count) {
  for (int i = 0; i < 400 && clients.held_connects() < count; ++i)
    std::this_thread::sleep_for(5ms);
  ASSERT_EQ(clients.held_connects(), count);
}

TEST_F(CometdClientsTest, ClientsBelongToTheirSession) {
  auto clients = make();
  auto id = clients.create("session-a");
  ASSERT_TRUE(id);
  EXPECT_TRUE(clients.touch(*id, "session-a"));
  EXPECT_FALSE(clients.touch(*id, "session-b"));
  EXPECT_EQ(clients.subscribe(*id, "session-b", "/node/1/ObjectDetections/x"), Status::unknown_client);
  EXPECT_EQ(clients.deliver(*id, "session-b", {{{"channel", "/x"}}}), Status::unknown_client);
  EXPECT_EQ(clients.connect(*id, "session-b", 0ms).status, Status::unknown_client);
  EXPECT_FALSE(clients.remove(*id, "session-b"));
  EXPECT_TRUE(clients.touch(*id, "session-a")) << "a foreign session's calls change nothing";
  EXPECT_NE(*clients.create("session-a"), *id);
}

TEST_F(CometdClientsTest, ClientsSubscriptionsAndQueuesAreBounded) {
  auto clients = make(
      {.max_clients = 3, .max_clients_per_session = 2, .max_subscriptions_per_client = 2, .max_queued_messages = 2});
  auto a = clients.create("a");
  ASSERT_TRUE(a && clients.create("a"));
  EXPECT_FALSE(clients.create("a")) << "per session";
  ASSERT_TRUE(clients.create("b"));
  EXPECT_FALSE(clients.create("c")) << "in all";
  EXPECT_EQ(clients.subscribe(*a, "a", "/1"), Status::ok);
  EXPECT_EQ(clients.subscribe(*a, "a", "/2"), Status::ok);
  EXPECT_EQ(clients.subscribe(*a, "a", "/2"), Status::ok) << "again: no new entry";
  EXPECT_EQ(clients.subscribe(*a, "a", "/3"), Status::too_many);
  EXPECT_EQ(clients.subscriptions(*a, "a"), (std::vector<std::string>{"/1", "/2"}));
  EXPECT_EQ(clients.deliver(*a, "a", {{{"n", 1}}, {{"n", 2}}, {{"n", 3}}}), Status::too_many) << "all or nothing";
  EXPECT_EQ(clients.deliver(*a, "a", {{{"n", 1}}, {{"n", 2}}}), Status::ok);
  EXPECT_EQ(clients.deliver(*a, "a", {{{"n", 3}}}), Status::too_many);
  EXPECT_EQ(clients.take(*a, "a").size(), 2u);
  EXPECT_TRUE(clients.take(*a, "a").empty());
}

TEST_F(CometdClientsTest, IdleClientsExpireAndMakeRoom) {
  auto clients = make({.max_clients_per_session = 1, .idle_timeout_ms = 60'000});
  auto id = clients.create("a");
  ASSERT_TRUE(id);
  now_ms += 59'000;
  EXPECT_TRUE(clients.touch(*id, "a")) << "a request keeps it";
  EXPECT_FALSE(clients.create("a"));
  now_ms += 60'000;
  EXPECT_FALSE(clients.touch(*id, "a"));
  EXPECT_EQ(clients.client_count(), 0u);
  EXPECT_TRUE(clients.create("a"));
}

TEST_F(CometdClientsTest, ConnectAnswersAtOnceWithQueuedMessagesOrNoHold) {
  auto clients = make();
  auto id = *clients.create("a");
  auto started = std::chrono::steady_clock::now();
  EXPECT_TRUE(clients.connect(id, "a", 0ms).messages.empty());
  ASSERT_EQ(clients.deliver(id, "a", {{{"n", 1}}}), Status::ok);
  auto result = clients.connect(id, "a", 5s);
  EXPECT_EQ(result.status, Status::ok);
  ASSERT_EQ(result.messages.size(), 1u);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 1s);
}

TEST_F(CometdClientsTest, HeldConnectReturnsWhenAMessageArrivesOrTheHoldEnds) {
  auto clients = make({.connect_hold = 300ms});
  auto id = *clients.create("a");
  auto held = std::async(std::launch::async, [&] { return clients.connect(id, "a", 10s); });
  wait_until_held(clients, 1);
  ASSERT_EQ(clients.deliver(id, "a", {{{"n", 1}}}), Status::ok);
  auto result = held.get();
  ASSERT_EQ(result.messages.size(), 1u);
  EXPECT_EQ(result.messages[0]["n"], 1);
  auto started = std::chrono::steady_clock::now();
  EXPECT_TRUE(clients.connect(id, "a", 10s).messages.empty()) << "the hold is capped by limits";
  auto waited = std::chrono::steady_clock::now() - started;
  EXPECT_GE(waited, 250ms);
  EXPECT_LT(waited, 3s);
}

TEST_F(CometdClientsTest, HeldConnectsAreBoundedPerSessionAndInAll) {
  auto clients = make({.max_held_connects = 2, .max_held_connects_per_session = 1, .connect_hold = 10s});
  auto a = *clients.create("a");
  auto a2 = *clients.create("a");
  auto b = *clients.create("b");
  auto c = *clients.create("c");
  auto held_a = std::async(std::launch::async, [&] { return clients.connect(a, "a", 10s); });
  wait_until_held(clients, 1);
  EXPECT_EQ(clients.connect(a2, "a", 10s).status, Status::busy) << "one per session";
  auto held_b = std::async(std::launch::async, [&] { return clients.connect(b, "b", 10s); });
  wait_until_held(clients, 2);
  EXPECT_EQ(clients.connect(c, "c", 10s).status, Status::busy) << "two in all";
  clients.shutdown();
  EXPECT_EQ(held_a.wait_for(2s), std::future_status::ready);
  EXPECT_EQ(held_b.wait_for(2s), std::future_status::ready);
  auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(clients.connect(c, "c", 10s).status, Status::ok) << "after shutdown: at once";
  EXPECT_LT(std::chrono::steady_clock::now() - started, 1s);
}

TEST_F(CometdClientsTest, ANewerConnectOrRemovalEndsTheHeldOne) {
  auto clients = make({.max_held_connects_per_session = 3, .connect_hold = 10s});
  auto id = *clients.create("a");
  auto first = std::async(std::launch::async, [&] { return clients.connect(id, "a", 10s); });
  wait_until_held(clients, 1);
  auto second = std::async(std::launch::async, [&] { return clients.connect(id, "a", 10s); });
  ASSERT_EQ(first.wait_for(2s), std::future_status::ready);
  EXPECT_TRUE(first.get().messages.empty());
  ASSERT_EQ(clients.deliver(id, "a", {{{"n", 1}}}), Status::ok);
  ASSERT_EQ(second.wait_for(2s), std::future_status::ready);
  EXPECT_EQ(second.get().messages.size(), 1u) << "the newer connect gets the message";
  auto third = std::async(std::launch::async, [&] { return clients.connect(id, "a", 10s); });
  wait_until_held(clients, 1);
  EXPECT_TRUE(clients.remove(id, "a"));
  ASSERT_EQ(third.wait_for(2s), std::future_status::ready);
  EXPECT_FALSE(clients.touch(id, "a"));
}

TEST_F(CometdClientsTest, AWaitingClientDoesNotExpire) {
  auto clients = make({.idle_timeout_ms = 1'000, .connect_hold = 10s});
  auto id = *clients.create("a");
  auto held = std::async(std::launch::async, [&] { return clients.connect(id, "a", 10s); });
  wait_until_held(clients, 1);
  now_ms += 5'000;
  EXPECT_TRUE(clients.create("b")) << "sweeps idle clients";
  ASSERT_EQ(clients.deliver(id, "a", {{{"n", 1}}}), Status::ok);
  EXPECT_EQ(held.get().messages.size(), 1u);
  EXPECT_TRUE(clients.touch(id, "a"));
}

} // namespace
} // namespace argus::services
