// Real sockets: an in-process http::Server on 127.0.0.1:0 with a tiny router.
#include "http/server.hpp"

#include <chrono>
#include <future>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "http/router.hpp"
#include "support/http_client.hpp"

namespace argus::http {
namespace {

using argus::testing::HttpClient;
using namespace std::chrono_literals;

class ServerTest : public ::testing::Test {
protected:
  void SetUp() override {
    router.add("GET", "/ping", [](Request& request) {
      return Response::json({{"pong", true}, {"q", request.query_param("q").value_or("")}});
    });
    router.add("POST", "/echo", [](Request& request) { return Response::text(request.body); });
    router.add("GET", "/slow", [](Request&) {
      std::this_thread::sleep_for(300ms);
      return Response::json({{"slow", true}});
    });
    router.add("GET", "/cookie", [](Request& request) {
      auto response = Response::json({{"seen", request.cookie("sid").value_or("")}});
      response.add_header("Set-Cookie", "sid=abc; Path=/; HttpOnly; SameSite=Strict");
      return response;
    });
    router.add("GET", "/pieces", [](Request&) {
      // Three buffers owned elsewhere, sent back to back without being copied into one body.
      auto owner = std::make_shared<const std::vector<std::string>>(std::vector<std::string>{"moof", "", "mdat+bytes"});
      Response response;
      response.content_type = "video/iso.segment";
      response.pieces.emplace();
      for (const auto& piece : *owner)
        response.pieces->pieces.emplace_back(reinterpret_cast<const std::uint8_t*>(piece.data()), piece.size());
      response.pieces->owner = owner;
      return response;
    });
    ServerOptions options;
    options.port = 0;
    options.body_limit_bytes = 1024;
    options.handle_signals = false;
    server = std::make_unique<Server>(router, options);
    running = std::async(std::launch::async, [this] { server->run(); });
  }
  void TearDown() override {
    server->stop();
    EXPECT_EQ(running.wait_for(5s), std::future_status::ready);
  }
  HttpClient client() const { return HttpClient("127.0.0.1", server->port()); }

  Router router;
  std::unique_ptr<Server> server;
  std::future<void> running;
};

TEST_F(ServerTest, KeepAliveServesTwoRequestsOnOneConnection) {
  auto http = client();
  auto first = http.get("/n1/ping?q=a%20b");
  auto second = http.request("POST", "/n1/echo", "hello");
  EXPECT_EQ(first.status, 200);
  EXPECT_EQ(first.json()["q"], "a b");
  EXPECT_EQ(second.status, 200);
  EXPECT_EQ(second.body, "hello");
  EXPECT_EQ(http.connections_opened(), 1);
}

TEST_F(ServerTest, ApiAnswersCarryStandardHeaders) {
  auto response = client().get("/n1/ping");
  EXPECT_EQ(response.header("content-type"), "application/json; charset=utf-8");
  EXPECT_EQ(response.header("content-length"), std::to_string(response.body.size()));
  EXPECT_EQ(response.header("x-content-type-options"), "nosniff");
  EXPECT_EQ(response.header("cache-control"), "no-store");
}

// Live parts and segments go out as shared pieces (a head and the packets of their samples): one body, in order.
TEST_F(ServerTest, SharedPiecesAreSentBackToBackAsOneBody) {
  auto http = client();
  auto response = http.get("/n1/pieces");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, "moofmdat+bytes");
  EXPECT_EQ(response.header("content-length"), "14");
  EXPECT_EQ(response.header("content-type"), "video/iso.segment");
  EXPECT_EQ(http.get("/n1/pieces").body, "moofmdat+bytes"); // the connection stays usable
  EXPECT_EQ(http.connections_opened(), 1);
}

TEST_F(ServerTest, CookiesRoundTrip) {
  auto http = client();
  http.get("/n1/cookie");
  EXPECT_EQ(http.get("/n1/cookie").json()["seen"], "abc");
}

TEST_F(ServerTest, OversizeBodyIs413AndCloses) {
  auto response = client().request("POST", "/n1/echo", std::string(4096, 'x'));
  EXPECT_EQ(response.status, 413);
  EXPECT_EQ(response.json()["errors"][0], "Request body too large");
  EXPECT_EQ(response.header("connection"), "close");
}

TEST_F(ServerTest, DeclaredOversizeBodyIs413BeforeItIsSent) {
  auto response = client().send_raw("POST /n1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n");
  EXPECT_EQ(response.status, 413);
}

TEST_F(ServerTest, UnknownApiPathIs404Json) {
  auto response = client().get("/n1/nope");
  EXPECT_EQ(response.status, 404);
  EXPECT_EQ(response.json()["errors"][0], "Not found");
}

TEST_F(ServerTest, PortalNotBuiltIs404Text) {
  auto response = client().get("/n/2001/cameras");
  EXPECT_EQ(response.status, 404);
  EXPECT_NE(response.body.find("not built"), std::string::npos);
}

TEST_F(ServerTest, MalformedRequestIs400) {
  auto response = client().send_raw("GET /n1/ping HTTP/1.1\r\nHost x\r\n\r\n");
  EXPECT_EQ(response.status, 400);
}

TEST_F(ServerTest, StopLetsInFlightRequestFinish) {
  auto idle = client();
  idle.get("/n1/ping");
  auto slow = std::async(std::launch::async, [this] { return client().get("/n1/slow"); });
  std::this_thread::sleep_for(100ms);
  auto started = std::chrono::steady_clock::now();
  server->stop();
  EXPECT_EQ(slow.get().status, 200);
  EXPECT_EQ(running.wait_for(5s), std::future_status::ready);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
  EXPECT_THROW(client().get("/n1/ping"), std::runtime_error);
}

} // namespace
} // namespace argus::http
