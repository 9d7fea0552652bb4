// FFmpeg's messages through spdlog (issue 17 item 18): camera label, mapped levels, repeats rate-limited.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

extern "C" {
#include <libavutil/log.h>
}

#include "common/error.hpp"
#include "media/ffmpeg_log.hpp"
#include "media/ingest_source.hpp"
#include "media_test_support.hpp"

namespace argus::media {
namespace {

//! Swaps the default logger for one writing into a string while it lives.
class CapturedLog {
public:
  CapturedLog() : previous_(spdlog::default_logger()) {
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(stream_);
    sink->set_pattern("%l %v");
    auto logger = std::make_shared<spdlog::logger>("captured", sink);
    logger->set_level(spdlog::level::trace);
    spdlog::set_default_logger(logger);
  }
  ~CapturedLog() { spdlog::set_default_logger(previous_); }

  std::vector<std::string> lines() const {
    std::vector<std::string> result;
    std::istringstream in(stream_.str());
    for (std::string line; std::getline(in, line);)
      result.push_back(line);
    return result;
  }

private:
  std::shared_ptr<spdlog::logger> previous_;
  std::ostringstream stream_;
};

TEST(FfmpegLog, LevelsAreMappedOneStepDown) {
  EXPECT_EQ(spdlog_level_for_ffmpeg(AV_LOG_FATAL), spdlog::level::warn);
  EXPECT_EQ(spdlog_level_for_ffmpeg(AV_LOG_ERROR), spdlog::level::warn);
  EXPECT_EQ(spdlog_level_for_ffmpeg(AV_LOG_WARNING), spdlog::level::info);
  EXPECT_EQ(spdlog_level_for_ffmpeg(AV_LOG_INFO), spdlog::level::debug);
  EXPECT_EQ(spdlog_level_for_ffmpeg(AV_LOG_VERBOSE), spdlog::level::trace);
  EXPECT_EQ(spdlog_level_for_ffmpeg(AV_LOG_DEBUG), spdlog::level::off);
}

TEST(FfmpegLog, RepeatsWithinTheWindowBecomeOneCountedLine) {
  std::int64_t now_ms = 1'000'000;
  std::vector<std::string> emitted;
  RepeatLimiter limiter(
      10'000, [&](spdlog::level::level_enum, const std::string& line) { emitted.push_back(line); },
      [&] { return now_ms; });
  for (int i = 0; i < 1000; ++i) {
    limiter.log("cam1\x1f" "concealing %d errors", spdlog::level::warn, "cam1: concealing " + std::to_string(i));
    now_ms += 5; // 1000 messages in 5 s: one line, then the count once the 10 s window is over
  }
  limiter.log("cam2\x1f" "concealing %d errors", spdlog::level::warn, "cam2: concealing 1"); // another camera
  ASSERT_EQ(emitted.size(), 2u);
  EXPECT_EQ(emitted[0], "cam1: concealing 0");
  EXPECT_EQ(emitted[1], "cam2: concealing 1");

  now_ms += 10'000; // the window is over: the count comes out with the next line
  limiter.log("cam1\x1f" "concealing %d errors", spdlog::level::warn, "cam1: concealing 1000");
  ASSERT_EQ(emitted.size(), 4u);
  EXPECT_EQ(emitted[2], "cam1: concealing 999 (repeated 999 times in the last 10 s)");
  EXPECT_EQ(emitted[3], "cam1: concealing 1000");
}

TEST(FfmpegLog, TheCountOfAQuietMessageComesOutWithOtherTraffic) {
  std::int64_t now_ms = 0;
  std::vector<std::string> emitted;
  RepeatLimiter limiter(
      10'000, [&](spdlog::level::level_enum, const std::string& line) { emitted.push_back(line); },
      [&] { return now_ms; });
  limiter.log("a", spdlog::level::warn, "a");
  limiter.log("a", spdlog::level::warn, "a");
  now_ms = 20'000;
  limiter.log("b", spdlog::level::warn, "b");
  EXPECT_EQ(emitted, (std::vector<std::string>{"a", "a (repeated 1 times in the last 10 s)", "b"}));
}

TEST(FfmpegLog, AvLogGoesThroughSpdlogWithTheCameraAndRepeatsAreLimited) {
  route_ffmpeg_logs();
  CapturedLog captured;
  {
    FfmpegLogLabel label("camera 7 main");
    for (int i = 0; i < 500; ++i)
      av_log(nullptr, AV_LOG_ERROR, "error while decoding MB %d %d\n", i, i + 1);
    av_log(nullptr, AV_LOG_WARNING, "a warning\n");
    av_log(nullptr, AV_LOG_DEBUG, "debug chatter\n");
  }
  av_log(nullptr, AV_LOG_ERROR, "outside any camera\n");
  EXPECT_EQ(captured.lines(), (std::vector<std::string>{"warning camera 7 main: ffmpeg error while decoding MB 0 1",
                                                        "info camera 7 main: ffmpeg a warning",
                                                        "warning ffmpeg: ffmpeg outside any camera"}));
}

//! A real stream that makes FFmpeg's H.264 decoder complain: every slice of an Annex-B clip damaged after its header.
std::filesystem::path corrupt_h264_clip(const std::filesystem::path& dir) {
  auto source = testing::clip("h264", "h264", 4);
  if (source.empty())
    return {};
  auto bytes = testing::read_bytes(source);
  for (std::size_t i = 3; i + 40 < bytes.size(); ++i) {
    bool start_code = bytes[i - 3] == 0 && bytes[i - 2] == 0 && bytes[i - 1] == 1;
    int nal_type = bytes[i] & 0x1f;
    if (start_code && (nal_type == 1 || nal_type == 5)) {
      for (std::size_t k = i + 8; k < i + 40; ++k)
        bytes[k] ^= 0x5a;
    }
  }
  auto path = dir / "corrupt.h264";
  testing::write_bytes(path, bytes);
  return path;
}

TEST(FfmpegLog, ACorruptStreamLogsUnderItsCameraWithoutRepeatingItself) {
  testing::TempDir dir;
  auto path = corrupt_h264_clip(dir.path);
  if (path.empty())
    GTEST_SKIP() << "ffmpeg or footage missing";
  route_ffmpeg_logs();
  CapturedLog captured;
  {
    FfmpegLogLabel label("camera 9 sub");
    IngestSource source(path.string());
    try {
      source.open();
      while (source.read()) {
      }
    } catch (const Error&) {
      // a corrupt stream may also fail to open: what matters here is what it logged
    }
  }
  auto lines = captured.lines();
  ASSERT_FALSE(lines.empty()) << "FFmpeg said nothing about a corrupt stream";
  std::map<std::string, int> seen;
  for (const auto& line : lines) {
    EXPECT_NE(line.find("camera 9 sub: ffmpeg "), std::string::npos) << line;
    EXPECT_EQ(++seen[line], 1) << "repeated within the window: " << line;
  }
}

} // namespace
} // namespace argus::media
