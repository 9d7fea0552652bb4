#include "http/static_files.hpp"

#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>

namespace argus::http {
namespace {

namespace fs = std::filesystem;

std::string header_of(const Response& response, const std::string& name) {
  for (const auto& [key, value] : response.headers) {
    if (key == name)
      return value;
  }
  return {};
}

class StaticFilesTest : public ::testing::Test {
protected:
  void SetUp() override {
    root = fs::temp_directory_path() / ("argus-static-" + std::to_string(::getpid()));
    fs::create_directories(root / "assets");
    write(root / "index.html", "<html></html>");
    write(root / "assets" / "index-abc123.js", "console.log(1)");
    write(root / "sw.js", "self");
    write(root / "favicon.ico", "ico");
    write(root.parent_path() / "argus-static-secret.txt", "secret");
  }
  void TearDown() override {
    fs::remove_all(root);
    fs::remove(root.parent_path() / "argus-static-secret.txt");
  }
  static void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }
  Response get(const std::string& path, const std::string& method = "GET") const {
    Request request;
    request.method = method;
    request.path = path;
    return StaticFiles(root).serve(request);
  }
  fs::path root;
};

TEST_F(StaticFilesTest, ContentTypes) {
  EXPECT_EQ(StaticFiles::content_type_for("a.html"), "text/html; charset=utf-8");
  EXPECT_EQ(StaticFiles::content_type_for("a.JS"), "text/javascript; charset=utf-8");
  EXPECT_EQ(StaticFiles::content_type_for("a.mjs"), "text/javascript; charset=utf-8");
  EXPECT_EQ(StaticFiles::content_type_for("a.css"), "text/css; charset=utf-8");
  EXPECT_EQ(StaticFiles::content_type_for("a.svg"), "image/svg+xml");
  EXPECT_EQ(StaticFiles::content_type_for("a.woff2"), "font/woff2");
  EXPECT_EQ(StaticFiles::content_type_for("manifest.webmanifest"), "application/manifest+json; charset=utf-8");
  EXPECT_EQ(StaticFiles::content_type_for("a.bin"), "application/octet-stream");
}

TEST_F(StaticFilesTest, HashedAssetsAreImmutable) {
  auto response = get("/assets/index-abc123.js");
  ASSERT_EQ(response.status, 200);
  ASSERT_TRUE(response.file);
  EXPECT_EQ(response.file->path.filename(), "index-abc123.js");
  EXPECT_EQ(response.content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(header_of(response, "Cache-Control"), "public, max-age=31536000, immutable");
}

TEST_F(StaticFilesTest, IndexAndServiceWorkerRevalidate) {
  auto index = get("/");
  ASSERT_TRUE(index.file);
  EXPECT_EQ(index.file->path.filename(), "index.html");
  EXPECT_EQ(header_of(index, "Cache-Control"), "no-cache");
  auto worker = get("/sw.js");
  EXPECT_EQ(header_of(worker, "Cache-Control"), "no-cache");
  EXPECT_EQ(header_of(worker, "Service-Worker-Allowed"), "/");
}

TEST_F(StaticFilesTest, SpaFallbackServesIndex) {
  for (const char* path : {"/n/2001/cameras", "/signin", "/assets", "/deep/link/"}) {
    auto response = get(path);
    EXPECT_EQ(response.status, 200) << path;
    ASSERT_TRUE(response.file) << path;
    EXPECT_EQ(response.file->path.filename(), "index.html") << path;
    EXPECT_EQ(response.content_type, "text/html; charset=utf-8");
  }
  EXPECT_TRUE(get("/signin", "HEAD").file);
}

TEST_F(StaticFilesTest, MissingHashedAssetIs404) {
  EXPECT_EQ(get("/assets/gone-123.js").status, 404);
}

TEST_F(StaticFilesTest, TraversalRejected) {
  for (const char* path :
       {"/../argus-static-secret.txt", "/assets/../../argus-static-secret.txt", "/..", "/a\\..\\b"}) {
    auto response = get(path);
    EXPECT_EQ(response.status, 404) << path;
    EXPECT_FALSE(response.file) << path;
  }
}

TEST_F(StaticFilesTest, SymlinkOutsideRootNotServed) {
  fs::create_symlink(root.parent_path() / "argus-static-secret.txt", root / "link.txt");
  auto response = get("/link.txt");
  ASSERT_TRUE(response.file);
  EXPECT_EQ(response.file->path.filename(), "index.html");
}

TEST_F(StaticFilesTest, OtherMethodsAre405) {
  auto response = get("/signin", "POST");
  EXPECT_EQ(response.status, 405);
  EXPECT_EQ(header_of(response, "Allow"), "GET, HEAD");
}

TEST_F(StaticFilesTest, NoPortalBuiltIs404WithHint) {
  Request request;
  request.method = "GET";
  request.path = "/";
  auto response = StaticFiles("").serve(request);
  EXPECT_EQ(response.status, 404);
  EXPECT_NE(response.body.find("not built"), std::string::npos);
  fs::remove(root / "index.html");
  EXPECT_EQ(get("/favicon.ico").status, 404);
}

} // namespace
} // namespace argus::http
