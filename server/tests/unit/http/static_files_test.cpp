#include "http/static_files.hpp"

#include <unistd.h>

#include <fstream>
#include <map>

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
    write(root / "assets" / "index-Ct-ad4bS.js", "console.log(1)");
    write(root / "assets" / "index-Ct-ad4bS.js.br", "brotli bytes");
    write(root / "assets" / "index-Ct-ad4bS.js.gz", "gzip bytes");
    write(root / "assets" / "plain.css", "body{}");
    write(root / "sw.js", "self");
    write(root / "favicon.ico", "ico");
    write(root.parent_path() / "argus-static-secret.txt", "secret");
  }
  void TearDown() override {
    fs::remove_all(root);
    fs::remove(root.parent_path() / "argus-static-secret.txt");
  }
  static void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }
  Response get(const std::string& path, const std::string& method = "GET",
               const std::map<std::string, std::string>& headers = {}) const {
    Request request;
    request.method = method;
    request.path = path;
    request.headers = headers;
    return StaticFiles(root).serve(request);
  }
  Response get_encoded(const std::string& path, const std::string& accept_encoding) const {
    return get(path, "GET", {{"accept-encoding", accept_encoding}});
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
  auto response = get("/assets/index-Ct-ad4bS.js");
  ASSERT_EQ(response.status, 200);
  ASSERT_TRUE(response.file);
  EXPECT_EQ(response.file->path.filename(), "index-Ct-ad4bS.js");
  EXPECT_EQ(response.content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(header_of(response, "Cache-Control"), "public, max-age=31536000, immutable");
}

TEST_F(StaticFilesTest, UnhashedFilesUnderAssetsRevalidate) {
  auto response = get("/assets/plain.css");
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(header_of(response, "Cache-Control"), "no-cache");
}

TEST_F(StaticFilesTest, BrotliSiblingWhenAccepted) {
  auto response = get_encoded("/assets/index-Ct-ad4bS.js", "gzip, deflate, br, zstd");
  ASSERT_EQ(response.status, 200);
  ASSERT_TRUE(response.file);
  EXPECT_EQ(response.file->path.filename(), "index-Ct-ad4bS.js.br");
  EXPECT_EQ(response.content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(header_of(response, "Content-Encoding"), "br");
  EXPECT_EQ(header_of(response, "Vary"), "Accept-Encoding");
  EXPECT_EQ(header_of(response, "Cache-Control"), "public, max-age=31536000, immutable");
}

TEST_F(StaticFilesTest, GzipSiblingWhenBrotliIsNotAccepted) {
  for (const char* accepted : {"gzip", "br;q=0, gzip", "gzip;q=1, br;q=0.5"}) {
    auto response = get_encoded("/assets/index-Ct-ad4bS.js", accepted);
    ASSERT_TRUE(response.file) << accepted;
    EXPECT_EQ(response.file->path.filename(), "index-Ct-ad4bS.js.gz") << accepted;
    EXPECT_EQ(header_of(response, "Content-Encoding"), "gzip") << accepted;
  }
}

TEST_F(StaticFilesTest, IdentityWithVaryWhenNoCodingIsAccepted) {
  for (const char* accepted : {"", "identity", "br;q=0, gzip;q=0", "deflate"}) {
    auto response = get_encoded("/assets/index-Ct-ad4bS.js", accepted);
    ASSERT_TRUE(response.file) << accepted;
    EXPECT_EQ(response.file->path.filename(), "index-Ct-ad4bS.js") << accepted;
    EXPECT_EQ(header_of(response, "Content-Encoding"), "") << accepted;
    EXPECT_EQ(header_of(response, "Vary"), "Accept-Encoding") << accepted;
  }
}

TEST_F(StaticFilesTest, FilesWithoutSiblingsDoNotVary) {
  auto response = get_encoded("/sw.js", "br");
  ASSERT_TRUE(response.file);
  EXPECT_EQ(response.file->path.filename(), "sw.js");
  EXPECT_EQ(header_of(response, "Content-Encoding"), "");
  EXPECT_EQ(header_of(response, "Vary"), "");
}

TEST_F(StaticFilesTest, RangeRequestsGetTheIdentityBytes) {
  auto response = get("/assets/index-Ct-ad4bS.js", "GET", {{"accept-encoding", "br"}, {"range", "bytes=2-5"}});
  EXPECT_EQ(response.status, 206);
  ASSERT_TRUE(response.file);
  EXPECT_EQ(response.file->path.filename(), "index-Ct-ad4bS.js");
  EXPECT_EQ(response.file->offset_bytes, 2u);
  EXPECT_EQ(response.file->length_bytes, 4u);
  EXPECT_EQ(header_of(response, "Content-Range"), "bytes 2-5/14");
  EXPECT_EQ(header_of(response, "Content-Encoding"), "");
  EXPECT_EQ(header_of(response, "Vary"), "Accept-Encoding");
  EXPECT_EQ(response.content_type, "text/javascript; charset=utf-8");

  auto unsatisfiable = get("/assets/index-Ct-ad4bS.js", "GET", {{"range", "bytes=99-"}});
  EXPECT_EQ(unsatisfiable.status, 416);
  EXPECT_EQ(header_of(unsatisfiable, "Content-Range"), "bytes */14");
  EXPECT_EQ(header_of(unsatisfiable, "Cache-Control"), "");
}

TEST_F(StaticFilesTest, SiblingOutsideTheRootIsNotServed) {
  fs::create_symlink(root.parent_path() / "argus-static-secret.txt", root / "favicon.ico.gz");
  auto response = get_encoded("/favicon.ico", "gzip");
  ASSERT_TRUE(response.file);
  EXPECT_EQ(response.file->path.filename(), "favicon.ico");
  EXPECT_EQ(header_of(response, "Content-Encoding"), "");
}

TEST_F(StaticFilesTest, MissingSourceMapsAre404) {
  for (const char* path : {"/assets/index-Ct-ad4bS.js.map", "/sw.js.map", "/index.js.map"}) {
    auto response = get(path);
    EXPECT_EQ(response.status, 404) << path;
    EXPECT_FALSE(response.file) << path;
  }
  write(root / "assets" / "index-Ct-ad4bS.js.map", "{}");
  EXPECT_EQ(get("/assets/index-Ct-ad4bS.js.map").status, 200); // served when the build wrote them
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

// The service worker and the build's version file are build outputs too: a portal built without them must not get
// index.html as a script (the browser would refuse it as a worker) or as the update check's JSON.
TEST_F(StaticFilesTest, MissingServiceWorkerAndVersionFileAre404) {
  fs::remove(root / "sw.js");
  for (const char* path : {"/sw.js", "/version.json"}) {
    auto response = get(path);
    EXPECT_EQ(response.status, 404) << path;
    EXPECT_FALSE(response.file) << path;
  }
  write(root / "version.json", "{}");
  EXPECT_EQ(get("/version.json").status, 200);
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

TEST_F(StaticFilesTest, ServingThePortalsPageTellsThatAViewerIsStarting) {
  int page_loads = 0;
  StaticFiles files(root, [&] { ++page_loads; });
  auto serve = [&](const std::string& path, const std::string& method = "GET") {
    Request request;
    request.method = method;
    request.path = path;
    return files.serve(request).status;
  };
  EXPECT_EQ(serve("/n/1/cameras/2"), 200);
  EXPECT_EQ(page_loads, 1) << "a client route is the portal's page";
  EXPECT_EQ(serve("/assets/index-Ct-ad4bS.js"), 200);
  EXPECT_EQ(serve("/assets/missing-Ct-ad4bS.js"), 404);
  EXPECT_EQ(serve("/n/1/cameras/2", "HEAD"), 200);
  EXPECT_EQ(serve("/n/1/cameras/2", "POST"), 405);
  EXPECT_EQ(page_loads, 1) << "assets, misses, HEAD and refused methods are not page loads";
}

} // namespace
} // namespace argus::http
