// argusd binds its HTTP port before anything else starts: a port in use is refused before the demo is seeded or its
// camsim started, and the camsim started afterwards can never be handed the port a caller chose as free (the E2E
// harness once saw camsim's RTSP listener take argusd's port, and argusd then exit with "Address already in use").
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "support/argusd_process.hpp"

namespace {

namespace fs = std::filesystem;
using argus::testing::run_argusd_cli;

// A loopback port held by this test (bound and listening) for its lifetime.
class HeldPort {
public:
  HeldPort() : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&address), length) != 0 || ::listen(fd_, 1) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0)
      throw std::runtime_error("cannot hold a loopback port");
    port_ = ntohs(address.sin_port);
  }
  ~HeldPort() { ::close(fd_); }
  HeldPort(const HeldPort&) = delete;
  HeldPort& operator=(const HeldPort&) = delete;
  int port() const { return port_; }

private:
  int fd_;
  int port_ = 0;
};

TEST(ListenOrder, APortInUseIsRefusedBeforeTheDemoStarts) {
  HeldPort held;
  std::string pattern = (fs::temp_directory_path() / "argus-listen-XXXXXX").string();
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  fs::path data_dir = pattern;

  auto result = run_argusd_cli(
      {"--data-dir", data_dir.string(), "--listen", "127.0.0.1:" + std::to_string(held.port()), "--demo"});
  EXPECT_NE(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("cannot listen on 127.0.0.1:" + std::to_string(held.port())), std::string::npos)
      << result.output;
  EXPECT_EQ(result.output.find("demo: camsim serves"), std::string::npos) << "camsim started before the port was bound";
  EXPECT_EQ(result.output.find("demo fleet seeded"), std::string::npos) << "the demo was seeded before the port was bound";
  std::error_code ignored;
  fs::remove_all(data_dir, ignored);
}

} // namespace
