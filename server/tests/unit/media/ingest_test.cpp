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

#include "common/error.hpp"
#include "media/ingest_source.hpp"
#include "media/timestamp_rebaser.hpp"
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

TEST(TimestampRebaser, AnchorsAtWallClockAndNeverGoesBackwards) {
  std::int64_t now_ms = 1'700'000'000'000;
  TimestampRebaser rebaser([&] { return now_ms; });
  auto first = rebaser.rebase(5000, 5000);
  EXPECT_EQ(first.dts_90k, now_ms * 90);
  auto second = rebaser.rebase(8600, 12200); // B-frame style pts > dts
  EXPECT_EQ(second.dts_90k, now_ms * 90 + 3600);
  EXPECT_EQ(second.pts_90k - second.dts_90k, 3600);
  // Camera restart: the source clock jumps back to 0.
  now_ms += 40;
  auto restarted = rebaser.rebase(0, 0);
  EXPECT_TRUE(restarted.reanchored);
  EXPECT_GT(restarted.dts_90k, second.dts_90k);
  // A jump forward by an hour is re-anchored too.
  auto jumped = rebaser.rebase(90000ll * 3600, 90000ll * 3600);
  EXPECT_TRUE(jumped.reanchored);
  EXPECT_GT(jumped.dts_90k, restarted.dts_90k);
  EXPECT_LT(jumped.dts_90k - restarted.dts_90k, 90000);
  // Repeated dts still moves forward.
  auto same = rebaser.rebase(90000ll * 3600, 90000ll * 3600);
  EXPECT_GT(same.dts_90k, jumped.dts_90k);
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

//! camsim (tools/camsim, built beside this test) serving the test clip as camera 1; skipped when it is not built.
TEST(IngestSource, ReadsFromAnRtspServer) {
  auto path = testing::clip("h264", "mp4");
  auto camsim = std::filesystem::read_symlink("/proc/self/exe").parent_path() / "camsim";
  if (path.empty() || !std::filesystem::exists(camsim))
    GTEST_SKIP() << "needs camsim and ffmpeg";
  testing::TempDir footage;
  std::filesystem::create_symlink(path, footage.path / "01-vtest_main.mp4");
  std::filesystem::create_symlink(path, footage.path / "01-vtest_sub.mp4");
  int out[2];
  ASSERT_EQ(::pipe(out), 0);
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(out[1], 1);
    ::close(out[0]);
    ::execl(camsim.c_str(), "camsim", "--port", "0", "--control-port", "0", "--cameras", "1", "--footage-dir",
            footage.path.c_str(), "--log-level", "warn", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(out[1]);
  std::string line;
  char c;
  while (line.find('\n') == std::string::npos && ::read(out[0], &c, 1) == 1)
    line += c;
  auto stop_camsim = [&] {
    ::kill(pid, SIGTERM);
    ::waitpid(pid, nullptr, 0);
    ::close(out[0]);
  };
  auto at = line.find("rtsp=");
  if (at == std::string::npos) {
    stop_camsim();
    GTEST_SKIP() << "camsim did not start: " << line;
  }
  auto base = line.substr(at + 5, line.find(' ', at) - at - 5);
  IngestSource source(base + "/cam0/main", IngestOptions{std::chrono::milliseconds(5000), std::chrono::milliseconds(5000)});
  try {
    source.open();
  } catch (const Error& e) {
    stop_camsim();
    FAIL() << e.what();
  }
  EXPECT_EQ(source.info().width, 640);
  EXPECT_EQ(source.info().extradata[0], 1);
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
  stop_camsim();
}

} // namespace
} // namespace argus::media
