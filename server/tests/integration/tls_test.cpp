// argusd serving HTTPS itself (--tls-cert/--tls-key): HSTS on every answer, Secure cookies, the live WebSocket feed
// over wss://, bad handshakes that leave it serving, and clear start-up errors for bad TLS and proxy flags.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/api_helpers.hpp"
#include "support/demo_media.hpp"
#include "support/self_signed_certificate.hpp"
#include "support/websocket_client.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr const char* k_hsts = "max-age=31536000";

struct TempDir {
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "argus-tls-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      throw std::runtime_error("mkdtemp failed");
    path = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path path;
};

ArgusdOptions tls_options(const CertificateFiles& files) {
  ArgusdOptions options;
  options.tls_certificate = files.certificate;
  options.tls_private_key = files.private_key;
  return options;
}

// A raw TCP connection to the server's port with a receive timeout.
int connect_raw(std::uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  timeval timeout{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  ::inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Sends bytes and reads until the server closes; answers what came back, or "<timeout>" when the server kept the
// connection open for 10 s.
std::string send_and_read_until_closed(std::uint16_t port, const std::string& bytes) {
  int fd = connect_raw(port);
  if (fd < 0)
    return "<connect failed>";
  ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
  std::string received;
  char chunk[4096];
  for (;;) {
    auto n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n == 0 || (n < 0 && errno == ECONNRESET))
      break;
    if (n < 0) {
      received = "<timeout>";
      break;
    }
    received.append(chunk, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return received;
}

class Tls : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    dir_ = std::make_unique<TempDir>();
    files_ = write_self_signed_certificate(dir_->path, "argusd");
    server_ = std::make_unique<ArgusdProcess>(tls_options(files_));
  }
  static void TearDownTestSuite() {
    server_.reset();
    dir_.reset();
  }
  void SetUp() override { ASSERT_TRUE(server_) << "argusd did not start with TLS"; }
  static ArgusdProcess& server() { return *server_; }

  static inline std::unique_ptr<TempDir> dir_;
  static inline CertificateFiles files_;
  static inline std::unique_ptr<ArgusdProcess> server_;
};

TEST_F(Tls, ServesHttpsWithHstsAndSecureCookies) {
  EXPECT_EQ(server().base_url().rfind("https://", 0), 0u) << server().base_url();
  auto client = server().client(); // checks the certificate against the one argusd was given

  auto token = client.get(api("/csrf/token"));
  ASSERT_EQ(token.status, 200) << token.body;
  EXPECT_EQ(token.header("strict-transport-security"), k_hsts);
  auto csrf_cookie = set_cookie_for(token, "argus_csrf");
  EXPECT_NE(csrf_cookie.find("; Secure"), std::string::npos) << csrf_cookie;

  auto login = sign_in(client, k_admin, demo_password(server(), k_admin));
  ASSERT_EQ(login.status, 200) << login.body;
  EXPECT_EQ(login.header("strict-transport-security"), k_hsts);
  for (const char* name : {"argus_session", "argus_csrf"}) {
    auto cookie = set_cookie_for(login, name);
    EXPECT_NE(cookie.find("; Secure"), std::string::npos) << name << ": " << cookie;
    EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << name << ": " << cookie;
  }

  auto user = client.get(api("/vision/user"));
  EXPECT_EQ(user.status, 200) << user.body;
  EXPECT_EQ(user.header("strict-transport-security"), k_hsts);
  // Errors and non-API paths carry it too.
  auto missing = client.get(api("/no/such/call"));
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.header("strict-transport-security"), k_hsts);
  auto portal = client.get("/cameras");
  EXPECT_EQ(portal.header("strict-transport-security"), k_hsts) << portal.status;

  auto logout = client.get(api("/login/logout"));
  auto cleared = set_cookie_for(logout, "argus_session");
  EXPECT_NE(cleared.find("Max-Age=0"), std::string::npos) << cleared;
  EXPECT_NE(cleared.find("; Secure"), std::string::npos) << cleared;
}

TEST_F(Tls, PlainHttpAndGarbageOnTheTlsPortLeaveTheServerServing) {
  // A plain HTTP request gets a plain 400 naming HTTPS, then the connection closes.
  auto plain = send_and_read_until_closed(server().port(), "GET /n1/csrf/token HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  EXPECT_EQ(plain.rfind("HTTP/1.1 400", 0), 0u) << plain;
  EXPECT_NE(plain.find("HTTPS"), std::string::npos) << plain;
  // A broken TLS record and random bytes: the connection closes, nothing else happens.
  EXPECT_NE(send_and_read_until_closed(server().port(), std::string("\x16\x03\x01\x00\x05garbage-garbage", 20)),
            "<timeout>");
  EXPECT_NE(send_and_read_until_closed(server().port(), std::string(3000, '\xfe')), "<timeout>");

  // A connection that never speaks does not hold up others.
  int silent = connect_raw(server().port());
  ASSERT_GE(silent, 0);
  auto client = server().client();
  EXPECT_EQ(client.get(api("/csrf/token")).status, 200);
  // A client that gives up in the middle of a handshake does not either.
  int half = connect_raw(server().port());
  ::send(half, "\x16\x03\x01", 3, MSG_NOSIGNAL);
  ::close(half);
  auto again = server().client();
  EXPECT_EQ(again.get(api("/csrf/token")).status, 200);
  ::close(silent);
  EXPECT_TRUE(server_->running());
}

TEST_F(Tls, LiveWebSocketFeedWorksOverTls) {
  if (!media_available())
    GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
  auto admin = signed_in(server(), k_admin);
  auto deadline = std::chrono::steady_clock::now() + 10s;
  while (admin.get(api("/cameras/1001/live/main/index.m3u8")).status != 200 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(250ms);
  }
  Headers headers{{"Cookie", cookie_header(admin)}, {"Origin", "https://127.0.0.1:" + std::to_string(server().port())}};
  WebSocketClient ws("127.0.0.1", server().port(), api("/cameras/1001/live/main/ws"), headers,
                     files_.certificate.string());
  ASSERT_EQ(ws.handshake_status(), 101);
  auto init = ws.read(5s);
  ASSERT_TRUE(init && !init->binary);
  EXPECT_EQ(nlohmann::json::parse(init->data).at("type"), "init");
  auto segment = ws.read(5s);
  ASSERT_TRUE(segment && segment->binary);
  EXPECT_EQ(segment->data.substr(4, 4), "ftyp");
  ws.close();
}

// Start-up errors: exit code 2 and a message naming the flag and the file, before anything else starts.
class TlsFlags : public ::testing::Test {
protected:
  CliResult start_with(const std::vector<std::string>& flags) {
    std::vector<std::string> args = {"--data-dir", (dir_.path / "data").string(), "--listen", "127.0.0.1:0"};
    args.insert(args.end(), flags.begin(), flags.end());
    return run_argusd_cli(args);
  }
  TempDir dir_;
};

TEST_F(TlsFlags, CertificateAndKeyGoTogether) {
  auto files = write_self_signed_certificate(dir_.path, "one");
  for (const auto& flags : {std::vector<std::string>{"--tls-cert", files.certificate.string()},
                            std::vector<std::string>{"--tls-key", files.private_key.string()}}) {
    auto result = start_with(flags);
    EXPECT_EQ(result.exit_code, 2) << result.output;
    EXPECT_NE(result.output.find("--tls-cert and --tls-key go together"), std::string::npos) << result.output;
  }
}

TEST_F(TlsFlags, UnreadableOrInvalidFilesAreNamed) {
  auto files = write_self_signed_certificate(dir_.path, "one");
  auto missing = (dir_.path / "missing.pem").string();
  auto garbage = dir_.path / "garbage.pem";
  std::ofstream(garbage) << "not a certificate\n";

  auto no_cert = start_with({"--tls-cert", missing, "--tls-key", files.private_key.string()});
  EXPECT_EQ(no_cert.exit_code, 2) << no_cert.output;
  EXPECT_NE(no_cert.output.find("cannot read --tls-cert " + missing), std::string::npos) << no_cert.output;

  auto no_key = start_with({"--tls-cert", files.certificate.string(), "--tls-key", missing});
  EXPECT_EQ(no_key.exit_code, 2) << no_key.output;
  EXPECT_NE(no_key.output.find("cannot read --tls-key " + missing), std::string::npos) << no_key.output;

  auto bad_cert = start_with({"--tls-cert", garbage.string(), "--tls-key", files.private_key.string()});
  EXPECT_EQ(bad_cert.exit_code, 2) << bad_cert.output;
  EXPECT_NE(bad_cert.output.find("--tls-cert " + garbage.string() + " is not a PEM certificate"), std::string::npos)
      << bad_cert.output;

  auto bad_key = start_with({"--tls-cert", files.certificate.string(), "--tls-key", garbage.string()});
  EXPECT_EQ(bad_key.exit_code, 2) << bad_key.output;
  EXPECT_NE(bad_key.output.find("--tls-key " + garbage.string() + " is not a PEM private key"), std::string::npos)
      << bad_key.output;
}

TEST_F(TlsFlags, AKeyOfAnotherCertificateIsRefused) {
  auto one = write_self_signed_certificate(dir_.path, "one");
  auto two = write_self_signed_certificate(dir_.path, "two");
  auto result = start_with({"--tls-cert", one.certificate.string(), "--tls-key", two.private_key.string()});
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("--tls-key " + two.private_key.string() + " does not match"), std::string::npos)
      << result.output;
}

TEST_F(TlsFlags, BadTrustedProxyIsRefused) {
  for (const char* value : {"nonsense", "10.0.0.0/33", "::1/129", "10.0.0.1/8x"}) {
    auto result = start_with({"--trusted-proxy", value});
    EXPECT_EQ(result.exit_code, 2) << value << ": " << result.output;
    EXPECT_NE(result.output.find(std::string("invalid --trusted-proxy '") + value + "'"), std::string::npos)
        << result.output;
  }
}

} // namespace
} // namespace argus::testing
