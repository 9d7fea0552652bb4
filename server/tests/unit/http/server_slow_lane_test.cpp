// The slow lane (ServerOptions::slow_lane): requests that burn CPU on purpose (sign-ins hash passwords) run on their
// own pool, so that while they all wait, other calls still get a worker.
#include <atomic>
#include <chrono>
#include <future>
#include <memory>

#include <gtest/gtest.h>

#include "http/router.hpp"
#include "http/server.hpp"
#include "support/http_client.hpp"

namespace argus::http {
namespace {

using argus::testing::HttpClient;
using namespace std::chrono_literals;

TEST(ServerSlowLane, ABlockedSlowRequestLeavesTheWorkersToOtherCalls) {
  std::promise<void> release;
  auto released = release.get_future().share();
  auto sign_in_returned = std::make_shared<std::atomic<bool>>(false);
  Router router;
  router.add("POST", "/login/login", [released, sign_in_returned](Request&) {
    released.wait_for(5s); // a sign-in hashing for a long time (5 s at most: without the lane, the ping waits)
    *sign_in_returned = true;
    return Response::json({{"signed_in", true}});
  });
  router.add("GET", "/ping", [](Request&) { return Response::json({{"pong", true}}); });
  ServerOptions options;
  options.port = 0;
  options.handle_signals = false;
  options.worker_threads = 1;
  options.slow_lane = [](const Request& request) { return request.path.ends_with("/login/login"); };
  Server server(router, options);
  auto running = std::async(std::launch::async, [&server] { server.run(); });

  auto slow = std::async(std::launch::async, [&server] {
    return HttpClient("127.0.0.1", server.port()).request("POST", "/n1/login/login", "{}");
  });
  std::this_thread::sleep_for(200ms); // the sign-in is in its handler
  auto ping = HttpClient("127.0.0.1", server.port()).get("/n1/ping");
  EXPECT_EQ(ping.status, 200);
  EXPECT_FALSE(*sign_in_returned) << "the ping was answered only after the sign-in's handler gave its thread back";
  release.set_value();
  EXPECT_EQ(slow.get().status, 200);

  server.stop();
  EXPECT_EQ(running.wait_for(5s), std::future_status::ready);
}

} // namespace
} // namespace argus::http
