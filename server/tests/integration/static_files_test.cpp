// The portal's static files under --web-root: SPA fallback, cache headers, Brotli / gzip siblings chosen by
// Accept-Encoding, ranges, source maps, traversal, and API paths staying API.
#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/content_coding.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;

const std::string k_index = "<!doctype html><html><body><div id=\"root\">argus-index-marker</div></body></html>\n";
const std::string k_app_js = "console.log('argus app bundle abc123');\n";
const std::string k_sw_js = "self.addEventListener('install', () => {}); // argus-sw-marker\n";
const std::string k_secret = "argus-secret-outside-web-root\n";

// A bundle-like file large enough to compress well, different on every line so that a wrong slice shows.
std::string make_bundle() {
  std::string text;
  for (int i = 0; i < 2000; ++i)
    text += "export function component" + std::to_string(i) + "() { return 'argus portal line " + std::to_string(i) +
            "'; }\n";
  return text;
}
const std::string k_bundle = make_bundle();
const std::string k_chromium_accept_encoding = "gzip, deflate, br, zstd";

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

class StaticFiles : public ::testing::Test {
public:
  static void SetUpTestSuite() {
    std::string pattern = (fs::temp_directory_path() / "argus-web-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      return;
    dir_ = pattern;
    write(dir_ / "web" / "index.html", k_index);
    write(dir_ / "web" / "assets" / "app-Bx3k_9aQ.js", k_app_js);
    write(dir_ / "web" / "sw.js", k_sw_js);
    // What the portal's build writes: .br and .gz siblings of the compressible files.
    write(dir_ / "web" / "assets" / "index-Ct-ad4bS.js", k_bundle);
    write(dir_ / "web" / "assets" / "index-Ct-ad4bS.js.br", brotli_compress(k_bundle));
    write(dir_ / "web" / "assets" / "index-Ct-ad4bS.js.gz", gzip_compress(k_bundle));
    write(dir_ / "web" / "index.html.br", brotli_compress(k_index));
    write(dir_ / "web" / "index.html.gz", gzip_compress(k_index));
    write(dir_ / "secret.txt", k_secret); // next to the web root, must never be served
    ArgusdOptions options;
    options.web_root = dir_ / "web";
    server_ = std::make_unique<ArgusdProcess>(options);
  }
  static void TearDownTestSuite() {
    server_.reset();
    std::error_code ec;
    if (!dir_.empty())
      fs::remove_all(dir_, ec);
  }

protected:
  void SetUp() override { ASSERT_TRUE(server_) << "argusd did not start"; }
  static HttpClient client() { return server_->client(); }

private:
  static inline fs::path dir_;
  static inline std::unique_ptr<ArgusdProcess> server_;
};

void expect_index(const HttpResponse& response, const std::string& path) {
  EXPECT_EQ(response.status, 200) << path;
  EXPECT_EQ(response.body, k_index) << path;
  EXPECT_EQ(response.header("content-type").rfind("text/html", 0), 0u)
      << path << ": " << response.header("content-type");
  EXPECT_EQ(response.header("cache-control"), "no-cache") << path << ": index.html must be revalidated";
}

TEST_F(StaticFiles, RootAndPortalRoutesServeIndexHtml) {
  auto http = client();
  for (const char* path : {"/", "/index.html", "/n", "/n/101/cameras", "/n/101/cameras/1001",
                           "/login?sessionTimeout=true", "/overview", "/some/unknown/page"}) {
    expect_index(http.get(path), path);
  }
}

TEST_F(StaticFiles, HashedAssetsAreImmutable) {
  auto http = client();
  auto response = http.get("/assets/app-Bx3k_9aQ.js");
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.body, k_app_js);
  auto type = response.header("content-type");
  EXPECT_TRUE(type.rfind("text/javascript", 0) == 0 || type.rfind("application/javascript", 0) == 0) << type;
  auto cache = response.header("cache-control");
  EXPECT_NE(cache.find("immutable"), std::string::npos) << cache;
  EXPECT_NE(cache.find("max-age=31536000"), std::string::npos) << cache;

  // A missing asset is a 404, not index.html (which would hide the error behind a MIME-type error).
  auto missing = http.get("/assets/app-missing.js");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.body.find("argus-index-marker"), std::string::npos);
}

TEST_F(StaticFiles, ServiceWorkerIsNotCached) {
  auto http = client();
  auto response = http.get("/sw.js");
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.body, k_sw_js);
  auto type = response.header("content-type");
  EXPECT_TRUE(type.rfind("text/javascript", 0) == 0 || type.rfind("application/javascript", 0) == 0) << type;
  auto cache = response.header("cache-control");
  EXPECT_TRUE(cache.find("no-cache") != std::string::npos || cache.find("no-store") != std::string::npos) << cache;
  EXPECT_EQ(cache.find("immutable"), std::string::npos) << cache;
}

TEST_F(StaticFiles, BrowsersGetTheBrotliSiblingOfAHashedAsset) {
  auto http = client();
  auto response = http.get("/assets/index-Ct-ad4bS.js", {{"Accept-Encoding", k_chromium_accept_encoding}});
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.header("content-encoding"), "br");
  EXPECT_EQ(response.header("vary"), "Accept-Encoding");
  EXPECT_EQ(response.header("content-type").rfind("text/javascript", 0), 0u) << response.header("content-type");
  EXPECT_EQ(response.header("content-length"), std::to_string(response.body.size()));
  EXPECT_EQ(response.header("cache-control"), "public, max-age=31536000, immutable");
  EXPECT_LT(response.body.size() * 10, k_bundle.size()) << "the compressed bytes are sent, not the file";
  EXPECT_EQ(brotli_decompress(response.body), k_bundle);
}

TEST_F(StaticFiles, GzipWhenBrotliIsNotAccepted) {
  auto http = client();
  for (const char* accepted : {"gzip", "gzip, br;q=0", "br;q=0.1, gzip;q=0.9", "x-gzip"}) {
    auto response = http.get("/assets/index-Ct-ad4bS.js", {{"Accept-Encoding", accepted}});
    ASSERT_EQ(response.status, 200) << accepted;
    EXPECT_EQ(response.header("content-encoding"), "gzip") << accepted;
    EXPECT_EQ(response.header("vary"), "Accept-Encoding") << accepted;
    EXPECT_EQ(gzip_decompress(response.body), k_bundle) << accepted;
  }
}

TEST_F(StaticFiles, IdentityWhenNoCodingIsAccepted) {
  auto http = client();
  for (const char* accepted : {"", "identity", "br;q=0, gzip;q=0", "deflate", "*;q=0", "br;q=7"}) {
    Headers headers;
    if (*accepted)
      headers.emplace_back("Accept-Encoding", accepted);
    auto response = http.get("/assets/index-Ct-ad4bS.js", headers);
    ASSERT_EQ(response.status, 200) << accepted;
    EXPECT_EQ(response.header("content-encoding"), "") << accepted;
    EXPECT_EQ(response.header("vary"), "Accept-Encoding") << accepted;
    EXPECT_EQ(response.body, k_bundle) << accepted;
  }
}

TEST_F(StaticFiles, IndexHtmlAndTheSpaFallbackAreCompressedAndRevalidated) {
  auto http = client();
  for (const char* path : {"/", "/n/101/cameras/1001"}) {
    auto response = http.get(path, {{"Accept-Encoding", k_chromium_accept_encoding}});
    ASSERT_EQ(response.status, 200) << path;
    EXPECT_EQ(response.header("content-encoding"), "br") << path;
    EXPECT_EQ(response.header("cache-control"), "no-cache") << path;
    EXPECT_EQ(response.header("content-type").rfind("text/html", 0), 0u) << path;
    EXPECT_EQ(brotli_decompress(response.body), k_index) << path;
  }
}

TEST_F(StaticFiles, HeadAnnouncesTheLengthOfTheChosenRepresentation) {
  auto http = client();
  auto encoded = http.get("/assets/index-Ct-ad4bS.js", {{"Accept-Encoding", "br"}});
  auto head = http.request("HEAD", "/assets/index-Ct-ad4bS.js", {}, {{"Accept-Encoding", "br"}});
  EXPECT_EQ(head.status, 200);
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(head.header("content-encoding"), "br");
  EXPECT_EQ(head.header("content-length"), std::to_string(encoded.body.size()));
  auto plain = http.request("HEAD", "/assets/index-Ct-ad4bS.js");
  EXPECT_EQ(plain.header("content-encoding"), "");
  EXPECT_EQ(plain.header("content-length"), std::to_string(k_bundle.size()));
}

TEST_F(StaticFiles, RangesSelectBytesOfTheUncompressedFile) {
  auto http = client();
  auto response = http.get("/assets/index-Ct-ad4bS.js",
                           {{"Accept-Encoding", k_chromium_accept_encoding}, {"Range", "bytes=1000-1999"}});
  ASSERT_EQ(response.status, 206) << response.body;
  EXPECT_EQ(response.header("content-encoding"), "");
  EXPECT_EQ(response.header("content-range"), "bytes 1000-1999/" + std::to_string(k_bundle.size()));
  EXPECT_EQ(response.body, k_bundle.substr(1000, 1000));
  auto suffix = http.get("/assets/index-Ct-ad4bS.js", {{"Range", "bytes=-10"}});
  EXPECT_EQ(suffix.status, 206);
  EXPECT_EQ(suffix.body, k_bundle.substr(k_bundle.size() - 10));
  auto beyond = http.get("/assets/index-Ct-ad4bS.js", {{"Range", "bytes=999999-"}});
  EXPECT_EQ(beyond.status, 416);
  EXPECT_EQ(beyond.header("content-range"), "bytes */" + std::to_string(k_bundle.size()));
  EXPECT_EQ(beyond.header("cache-control").find("immutable"), std::string::npos);
  // Still serving the whole file afterwards.
  EXPECT_EQ(brotli_decompress(http.get("/assets/index-Ct-ad4bS.js", {{"Accept-Encoding", "br"}}).body), k_bundle);
}

TEST_F(StaticFiles, MissingSourceMapsAreNotFound) {
  auto http = client();
  for (const char* path : {"/assets/index-Ct-ad4bS.js.map", "/sw.js.map", "/index.js.map"}) {
    auto response = http.get(path);
    EXPECT_EQ(response.status, 404) << path;
    EXPECT_EQ(response.body.find("argus-index-marker"), std::string::npos) << path;
  }
}

TEST_F(StaticFiles, TraversalOutsideTheWebRootIsNotServed) {
  auto http = client();
  for (const char* path :
       {"/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/..%2fsecret.txt",
        "/assets/%2e%2e/%2e%2e/secret.txt", "/..%5csecret.txt", "/../../../../../../etc/passwd",
        "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/assets/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd"}) {
    HttpResponse response;
    try {
      response = http.request("GET", path);
    } catch (const std::runtime_error&) {
      continue; // the server dropped the connection: nothing served
    }
    EXPECT_EQ(response.body.find("argus-secret"), std::string::npos) << path;
    EXPECT_EQ(response.body.find("root:"), std::string::npos) << path;
    EXPECT_TRUE(response.status == 400 || response.status == 404 || response.body == k_index)
        << path << ": " << response.status << " " << response.body.substr(0, 200);
  }
  // Still serving.
  expect_index(http.get("/"), "/");
}

TEST_F(StaticFiles, ApiPathsStayApi) {
  auto http = client();
  for (const char* path : {"/n1/unknown", "/n1/vision/nothing/here", "/n1/assets/app-Bx3k_9aQ.js"}) {
    auto response = http.get(path);
    EXPECT_EQ(response.status, 404) << path << ": " << response.body;
    EXPECT_TRUE(is_error_body(response)) << path;
    EXPECT_EQ(response.body.find("argus-index-marker"), std::string::npos) << path;
  }
  EXPECT_TRUE(is_login_mode(http.get("/n1/vision/user")));
  EXPECT_EQ(http.get("/n1/csrf/token").status, 200);
}

TEST_F(StaticFiles, NonGetMethodsAreRejected) {
  auto http = client();
  auto response = http.request("POST", "/index.html", "x");
  EXPECT_EQ(response.status, 405) << response.body;
  EXPECT_EQ(response.body.find("argus-index-marker"), std::string::npos);
}

TEST(StaticFilesWithoutWebRoot, PortalPathsExplainTheMissingBuild) {
  ArgusdProcess server; // no --web-root
  auto http = server.client();
  auto response = http.get("/n/101/cameras");
  EXPECT_EQ(response.status, 404) << response.body;
  EXPECT_EQ(http.get("/n1/csrf/token").status, 200);
}

} // namespace
} // namespace argus::testing
