#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "common/error.hpp"
#include "media/ingest_source.hpp"
#include "media/url_redaction.hpp"
#include "media_test_support.hpp"

namespace argus::media {
namespace {

using Clock = std::chrono::steady_clock;

int free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(fd);
  return ntohs(address.sin_port);
}

TEST(UrlRedaction, HidesCredentials) {
  EXPECT_EQ(redact_url("rtsp://admin:s3cret@10.0.0.5:554/cam1/main"), "rtsp://***@10.0.0.5:554/cam1/main");
  EXPECT_EQ(redact_url("rtsp://127.0.0.1:8554/cam1/main"), "rtsp://127.0.0.1:8554/cam1/main");
  EXPECT_EQ(redact_url("rtsp://user@host/x?a=b"), "rtsp://***@host/x?a=b");
}

TEST(IngestSource, ReadsAFileStartingOnAKeyframeWithAvcC) {
  auto path = testing::clip("h264", "mp4");
  if (path.empty())
    GTEST_SKIP();
  StreamInfo info;
  auto packets = testing::read_all_packets(path, &info);
  EXPECT_EQ(info.codec, VideoCodec::h264);
  EXPECT_EQ(info.width, 640);
  EXPECT_EQ(info.height, 360);
  ASSERT_FALSE(info.extradata.empty());
  EXPECT_EQ(info.extradata[0], 1); // avcC
  ASSERT_EQ(packets.size(), 150u);
  EXPECT_TRUE(packets.front().keyframe);
  for (std::size_t i = 1; i < packets.size(); ++i)
    ASSERT_GT(packets[i].dts_90k, packets[i - 1].dts_90k);
  EXPECT_EQ(packets.back().dts_90k - packets.front().dts_90k, 149 * 3600);
  IngestSource source(path.string());
  source.open();
  EXPECT_TRUE(source.probed()); // not RTSP: no SDP to start from
}

TEST(IngestSource, AnnexBStreamGetsAvcCAndLengthPrefixedSamples) {
  auto path = testing::clip("h264", "h264");
  if (path.empty())
    GTEST_SKIP();
  StreamInfo info;
  auto packets = testing::read_all_packets(path, &info);
  ASSERT_FALSE(info.extradata.empty());
  EXPECT_EQ(info.extradata[0], 1);
  EXPECT_EQ(info.codec_string().substr(0, 5), "avc1.");
  ASSERT_FALSE(packets.empty());
  auto& first = packets.front().data;
  std::size_t nal_size = (std::size_t{first[0]} << 24) | (first[1] << 16) | (first[2] << 8) | first[3];
  EXPECT_LE(nal_size + 4, first.size());
  EXPECT_TRUE(packets.front().keyframe);
}

TEST(IngestSource, ConnectionRefusedIsACleanError) {
  IngestSource source("rtsp://127.0.0.1:" + std::to_string(free_port()) + "/cam1/main",
                      IngestOptions{std::chrono::milliseconds(3000), std::chrono::milliseconds(3000)});
  auto started = Clock::now();
  try {
    source.open();
    FAIL() << "open succeeded";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::unavailable);
  }
  EXPECT_LT(Clock::now() - started, std::chrono::seconds(4));
}

TEST(IngestSource, CredentialsNeverAppearInErrors) {
  IngestSource source("rtsp://admin:hunter2@127.0.0.1:" + std::to_string(free_port()) + "/x",
                      IngestOptions{std::chrono::milliseconds(2000), std::chrono::milliseconds(2000)});
  try {
    source.open();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).find("hunter2"), std::string::npos) << e.what();
  }
}

TEST(IngestSource, GarbageServerFailsWithinTheTimeout) {
  int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  socklen_t length = sizeof address;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
  ::listen(listener, 4);
  std::atomic<bool> done{false};
  std::thread server([&] {
    timeval timeout{0, 100'000};
    ::setsockopt(listener, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    while (!done) {
      int client = ::accept(listener, nullptr, nullptr);
      if (client < 0)
        continue;
      ::setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
      std::string junk = "\x13\x37garbage \xff\xfe not RTSP at all ";
      while (!done && ::send(client, junk.data(), junk.size(), MSG_NOSIGNAL) > 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      ::close(client);
    }
  });
  IngestSource source("rtsp://127.0.0.1:" + std::to_string(ntohs(address.sin_port)) + "/cam",
                      IngestOptions{std::chrono::milliseconds(2000), std::chrono::milliseconds(2000)});
  auto started = Clock::now();
  EXPECT_THROW(source.open(), Error);
  EXPECT_LT(Clock::now() - started, std::chrono::seconds(5));
  done = true;
  server.join();
  ::close(listener);
}

TEST(IngestSource, InterruptUnblocksAnOpen) {
  int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
  ::listen(listener, 4); // accepts (in the backlog) and never answers
  IngestSource source("rtsp://127.0.0.1:" + std::to_string(ntohs(address.sin_port)) + "/cam",
                      IngestOptions{std::chrono::milliseconds(30'000), std::chrono::milliseconds(30'000)});
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    source.interrupt();
  });
  auto started = Clock::now();
  EXPECT_THROW(source.open(), Error);
  EXPECT_LT(Clock::now() - started, std::chrono::seconds(3));
  stopper.join();
  ::close(listener);
}

//! camsim (tools/camsim, built beside this test) as a child process serving one camera from a footage directory of
//! symlinks to a test clip; base_url is empty when camsim or the clip is missing or it did not start.
class CamsimChild {
public:
  CamsimChild(const std::filesystem::path& clip, bool h265) {
    auto camsim = std::filesystem::read_symlink("/proc/self/exe").parent_path() / "camsim";
    if (clip.empty() || !std::filesystem::exists(camsim))
      return;
    // camsim needs H.264 clips in the directory even when its camera plays the H.265 ones from h265/.
    auto h264 = testing::clip("h264", "mp4");
    std::filesystem::create_symlink(h264, footage_.path / "01-vtest_main.mp4");
    std::filesystem::create_symlink(h264, footage_.path / "01-vtest_sub.mp4");
    if (h265) {
      std::filesystem::create_directories(footage_.path / "h265");
      std::filesystem::create_symlink(clip, footage_.path / "h265" / "01-vtest_main.mp4");
      std::filesystem::create_symlink(clip, footage_.path / "h265" / "01-vtest_sub.mp4");
    }
    int out[2];
    if (::pipe(out) != 0)
      return;
    std::vector<const char*> args = {"camsim", "--port", "0", "--control-port", "0", "--cameras", "1",
                                     "--footage-dir", footage_.path.c_str(), "--log-level", "warn"};
    if (h265)
      args.insert(args.end(), {"--h265-cameras", "0"});
    args.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], 1);
      ::close(out[0]);
      ::execv(camsim.c_str(), const_cast<char* const*>(args.data()));
      ::_exit(127);
    }
    ::close(out[1]);
    stdout_fd_ = out[0];
    std::string line;
    char c;
    while (line.find('\n') == std::string::npos && ::read(stdout_fd_, &c, 1) == 1)
      line += c;
    auto at = line.find("rtsp=");
    if (at != std::string::npos)
      base_url = line.substr(at + 5, line.find(' ', at) - at - 5);
  }
  ~CamsimChild() {
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      ::waitpid(pid_, nullptr, 0);
    }
    if (stdout_fd_ >= 0)
      ::close(stdout_fd_);
  }

  std::string base_url;

private:
  testing::TempDir footage_;
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
};

// Reads 30 packets: the first a keyframe, decode timestamps strictly increasing, at least one keyframe.
void expect_live_packets(IngestSource& source) {
  int keyframes = 0;
  std::int64_t last_dts = 0;
  for (int i = 0; i < 30; ++i) {
    auto packet = source.read();
    ASSERT_TRUE(packet);
    if (i == 0) {
      EXPECT_TRUE(packet->keyframe);
    }
    keyframes += packet->keyframe;
    EXPECT_GT(packet->dts_90k, last_dts);
    last_dts = packet->dts_90k;
  }
  EXPECT_GE(keyframes, 1);
}

TEST(IngestSource, ReadsFromAnRtspServer) {
  CamsimChild camsim(testing::clip("h264", "mp4"), false);
  if (camsim.base_url.empty())
    GTEST_SKIP() << "needs camsim and ffmpeg";
  IngestSource source(camsim.base_url + "/cam0/main",
                      IngestOptions{std::chrono::milliseconds(5000), std::chrono::milliseconds(5000)});
  ASSERT_NO_THROW(source.open());
  // The SDP carries SPS/PPS and the SPS rules out reordering: no probing.
  EXPECT_FALSE(source.probed());
  EXPECT_EQ(source.info().codec, VideoCodec::h264);
  EXPECT_EQ(source.info().width, 640);
  EXPECT_EQ(source.info().height, 360);
  EXPECT_EQ(source.info().extradata[0], 1);
  expect_live_packets(source);
}

TEST(IngestSource, ReadsH265FromAnRtspServer) {
  CamsimChild camsim(testing::clip("h265", "mp4"), true);
  if (camsim.base_url.empty())
    GTEST_SKIP() << "needs camsim and ffmpeg with libx265";
  IngestSource source(camsim.base_url + "/cam0/main",
                      IngestOptions{std::chrono::milliseconds(5000), std::chrono::milliseconds(5000)});
  ASSERT_NO_THROW(source.open());
  EXPECT_FALSE(source.probed()); // sprop-vps/sps/pps in the SDP
  EXPECT_EQ(source.info().codec, VideoCodec::h265);
  EXPECT_FALSE(source.info().browser_playable());
  EXPECT_EQ(source.info().width, 640);
  EXPECT_EQ(source.info().height, 360);
  ASSERT_GE(source.info().extradata.size(), 23u);
  EXPECT_EQ(source.info().extradata[0], 1); // hvcC
  EXPECT_EQ(source.info().codec_string().rfind("hvc1.1.", 0), 0u) << source.info().codec_string();
  expect_live_packets(source);
}

} // namespace
} // namespace argus::media
