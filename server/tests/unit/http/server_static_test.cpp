// Real sockets: the portal files are streamed from disk with the right headers; HEAD sends headers only.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <future>

#include <gtest/gtest.h>

#include "http/router.hpp"
#include "http/server.hpp"
#include "support/http_client.hpp"

namespace argus::http {
namespace {

namespace fs = std::filesystem;
using argus::testing::HttpClient;

class ServerStaticTest : public ::testing::Test {
protected:
  void SetUp() override {
    root = fs::temp_directory_path() / ("argus-server-static-" + std::to_string(::getpid()));
    fs::create_directories(root / "assets");
    std::ofstream(root / "index.html") << "<!doctype html><div id=root></div>";
    std::ofstream(root / "assets" / "app-Bx3kQ9_z.css") << std::string(100'000, 'a');
    ServerOptions options;
    options.port = 0;
    options.web_root = root;
    options.handle_signals = false;
    server = std::make_unique<Server>(router, options);
    running = std::async(std::launch::async, [this] { server->run(); });
  }
  void TearDown() override {
    server->stop();
    running.wait();
    fs::remove_all(root);
  }

  fs::path root;
  Router router;
  std::unique_ptr<Server> server;
  std::future<void> running;
};

TEST_F(ServerStaticTest, ServesFilesAndSpaFallback) {
  HttpClient http("127.0.0.1", server->port());
  auto asset = http.get("/assets/app-Bx3kQ9_z.css");
  EXPECT_EQ(asset.status, 200);
  EXPECT_EQ(asset.body.size(), 100'000u);
  EXPECT_EQ(asset.header("content-type"), "text/css; charset=utf-8");
  EXPECT_EQ(asset.header("cache-control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(asset.header("x-content-type-options"), "nosniff");

  auto route = http.get("/n/2001/cameras");
  EXPECT_EQ(route.status, 200);
  EXPECT_EQ(route.body, "<!doctype html><div id=root></div>");
  EXPECT_EQ(route.header("cache-control"), "no-cache");

  auto head = http.request("HEAD", "/assets/app-Bx3kQ9_z.css");
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("content-length"), "100000");
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(http.get("/n/2001/cameras").status, 200); // the HEAD answer left the connection usable
  EXPECT_EQ(http.connections_opened(), 1);
}

} // namespace
} // namespace argus::http
