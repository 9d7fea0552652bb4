// camsim's clock cameras (--clock-cameras, docs/design/camsim.md) end to end: read over RTSP/TCP with libavformat and
// decoded with libavcodec like a player would; every decoded frame carries its capture time in the clock code, a
// moment ago, in capture order.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
}

#include "clock_code.hpp"
#include "common/error.hpp"
#include "demo/camsim_launcher.hpp"
#include "support/http_client.hpp"

namespace {
using argus::demo::CamsimLauncher;
using argus::demo::CamsimOptions;
using namespace std::chrono_literals;

std::uint64_t now_ms() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
}

struct DecodedFrame {
  std::uint64_t decoded_ms = 0;
  bool read = false;
  std::uint64_t capture_ms = 0;
  int sequence = 0;
};

struct ClockStream {
  std::string error;
  int width = 0;
  int height = 0;
  std::vector<DecodedFrame> frames;
};

// Opens the URL over RTSP/TCP, decodes video for `duration` and reads the clock code of every frame.
ClockStream read_clock_stream(const std::string& url, std::chrono::milliseconds duration) {
  ClockStream stream;
  AVFormatContext* input = nullptr;
  AVDictionary* options = nullptr;
  av_dict_set(&options, "rtsp_transport", "tcp", 0);
  av_dict_set(&options, "timeout", "5000000", 0);
  int rc = avformat_open_input(&input, url.c_str(), nullptr, &options);
  av_dict_free(&options);
  if (rc < 0) {
    stream.error = "cannot open " + url;
    return stream;
  }
  const AVCodec* codec = nullptr;
  int index = avformat_find_stream_info(input, nullptr) < 0
                  ? -1
                  : av_find_best_stream(input, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  AVCodecContext* decoder = index < 0 ? nullptr : avcodec_alloc_context3(codec);
  if (!decoder || avcodec_parameters_to_context(decoder, input->streams[index]->codecpar) < 0 ||
      avcodec_open2(decoder, codec, nullptr) < 0) {
    stream.error = "no decodable video in " + url;
  } else {
    AVPacket* packet = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    auto deadline = std::chrono::steady_clock::now() + duration;
    while (std::chrono::steady_clock::now() < deadline && av_read_frame(input, packet) >= 0) {
      if (packet->stream_index == index && avcodec_send_packet(decoder, packet) >= 0) {
        while (avcodec_receive_frame(decoder, frame) >= 0) {
          DecodedFrame decoded;
          decoded.decoded_ms = now_ms();
          stream.width = frame->width;
          stream.height = frame->height;
          if (auto reading =
                  argus::camsim::read_clock_code(frame->data[0], frame->linesize[0], frame->width, frame->height)) {
            decoded.read = true;
            decoded.capture_ms = argus::camsim::unwrap_clock_code_time(reading->capture_ms_low40, decoded.decoded_ms);
            decoded.sequence = reading->sequence;
          }
          stream.frames.push_back(decoded);
        }
      }
      av_packet_unref(packet);
    }
    av_frame_free(&frame);
    av_packet_free(&packet);
  }
  avcodec_free_context(&decoder);
  avformat_close_input(&input);
  return stream;
}

void expect_clock_stream(const ClockStream& stream, int width, int height) {
  ASSERT_TRUE(stream.error.empty()) << stream.error;
  EXPECT_EQ(stream.width, width);
  EXPECT_EQ(stream.height, height);
  ASSERT_GE(stream.frames.size(), 40u) << "25 fps for 3 s";
  int consecutive = 0;
  std::vector<std::uint64_t> steps_ms;
  for (std::size_t i = 0; i < stream.frames.size(); ++i) {
    const auto& frame = stream.frames[i];
    ASSERT_TRUE(frame.read) << "frame " << i << " has no readable clock code";
    EXPECT_LE(frame.capture_ms, frame.decoded_ms) << "frame " << i << " was captured after it was decoded";
    EXPECT_LT(frame.decoded_ms - frame.capture_ms, 2'000u) << "frame " << i << " is old";
    if (i == 0)
      continue;
    const auto& previous = stream.frames[i - 1];
    // Equal times are allowed: a feeder whose timer ran late draws the frames due since in one go.
    EXPECT_GE(frame.capture_ms, previous.capture_ms) << "frame " << i;
    steps_ms.push_back(frame.capture_ms - previous.capture_ms);
    consecutive += frame.sequence == (previous.sequence + 1) % 256 ? 1 : 0;
  }
  EXPECT_GE(consecutive * 10, static_cast<int>(stream.frames.size() - 1) * 9) << "sequence numbers count frames";
  std::nth_element(steps_ms.begin(), steps_ms.begin() + steps_ms.size() / 2, steps_ms.end());
  EXPECT_NEAR(static_cast<double>(steps_ms[steps_ms.size() / 2]), 40.0, 10.0) << "median capture interval at 25 fps";
}

std::optional<std::filesystem::path> footage() {
  return CamsimLauncher::find_footage_dir(CamsimLauncher::executable_dir());
}

TEST(CamsimClockCamera, EveryFrameCarriesItsCaptureTime) {
  auto footage_dir = footage();
  if (!footage_dir)
    GTEST_SKIP() << "no prepared footage next to the build (the `footage` build target makes it)";
  CamsimOptions options;
  options.cameras = 2;
  options.footage_dir = *footage_dir;
  options.extra_args = {"--clock-cameras", "1", "--clock-size", "1280x720", "--clock-fps", "25"};
  CamsimLauncher camsim(options);
  ClockStream main, sub;
  std::thread reader([&] { sub = read_clock_stream(camsim.rtsp_url(1, "sub"), 3'000ms); });
  main = read_clock_stream(camsim.rtsp_url(1, "main"), 3'000ms);
  reader.join();
  expect_clock_stream(main, 1280, 720);
  expect_clock_stream(sub, 640, 360);

  auto url = camsim.control_url();
  argus::testing::HttpClient client("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1))));
  auto cameras = client.get("/n1/cameras");
  ASSERT_EQ(cameras.status, 200);
  auto list = cameras.json();
  EXPECT_EQ(list[1]["main"]["clip"], "clock");
  EXPECT_EQ(list[1]["main"]["width"], 1280);
  EXPECT_EQ(list[1]["main"]["fps"], 25.0);
  EXPECT_EQ(list[1]["sub"]["width"], 640);
  EXPECT_NE(list[0]["main"]["clip"], "clock"); // camera 0 still plays footage
}

// A hung clock camera (POST /cameras/{i}/hang) draws nothing: no frame the client decodes was captured while it hung,
// the connection stays open, and after restore frames with fresh capture times come again on the same connection.
TEST(CamsimClockCamera, HungClockCameraCapturesNothingUntilRestored) {
  auto footage_dir = footage();
  if (!footage_dir)
    GTEST_SKIP() << "no prepared footage next to the build (the `footage` build target makes it)";
  CamsimOptions options;
  options.cameras = 1;
  options.footage_dir = *footage_dir;
  options.extra_args = {"--clock-cameras", "0", "--clock-size", "640x360", "--clock-fps", "25"};
  CamsimLauncher camsim(options);
  auto url = camsim.control_url();
  argus::testing::HttpClient client("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1))));

  ClockStream stream;
  std::thread reader([&] { stream = read_clock_stream(camsim.rtsp_url(0, "main"), 7'000ms); });
  std::this_thread::sleep_for(2'500ms);
  auto hung = client.request("POST", "/n1/cameras/0/hang");
  std::uint64_t hung_ms = now_ms(); // the flag is set on camsim's main loop before it answers
  std::this_thread::sleep_for(2'000ms);
  std::uint64_t restore_ms = now_ms();
  auto restored = client.request("POST", "/n1/cameras/0/restore");
  reader.join();
  ASSERT_EQ(hung.status, 200);
  EXPECT_EQ(hung.json()["state"], "hung");
  ASSERT_EQ(restored.status, 200);

  ASSERT_TRUE(stream.error.empty()) << stream.error;
  std::size_t before = 0, during = 0, after = 0;
  for (const auto& frame : stream.frames) {
    ASSERT_TRUE(frame.read) << "every frame carries its clock code";
    if (frame.capture_ms <= hung_ms)
      ++before;
    else if (frame.capture_ms < restore_ms)
      ++during;
    else
      ++after;
  }
  EXPECT_GT(before, 0u) << "frames before the hang";
  EXPECT_EQ(during, 0u) << "frames captured while the camera hung";
  EXPECT_GT(after, 10u) << "frames after restore, on the same connection";
}

// A clock camera draws at one size: resize is refused with 409 and changes nothing.
TEST(CamsimClockCamera, ResizeIsRefused) {
  auto footage_dir = footage();
  if (!footage_dir)
    GTEST_SKIP() << "no prepared footage next to the build (the `footage` build target makes it)";
  CamsimOptions options;
  options.cameras = 1;
  options.footage_dir = *footage_dir;
  options.extra_args = {"--clock-cameras", "0", "--clock-size", "640x360", "--clock-fps", "25"};
  CamsimLauncher camsim(options);
  auto url = camsim.control_url();
  argus::testing::HttpClient client("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1))));
  auto resized = client.request("POST", "/n1/cameras/0/resize");
  EXPECT_EQ(resized.status, 409);
  EXPECT_NE(resized.body.find("clock camera"), std::string::npos) << resized.body;
  EXPECT_EQ(client.get("/n1/cameras").json()[0]["main"]["width"], 640);
}

TEST(CamsimClockCamera, RefusesClockOptionsItCannotServe) {
  auto footage_dir = footage();
  if (!footage_dir)
    GTEST_SKIP() << "no prepared footage next to the build (the `footage` build target makes it)";
  auto expect_exit_2 = [&](std::vector<std::string> args, const std::string& why) {
    CamsimOptions options;
    options.cameras = 2;
    options.footage_dir = *footage_dir;
    options.extra_args = std::move(args);
    try {
      CamsimLauncher camsim(options);
      ADD_FAILURE() << "camsim started: " << why;
    } catch (const argus::Error& error) {
      EXPECT_NE(std::string(error.what()).find("exit code 2"), std::string::npos) << why << ": " << error.what();
    }
  };
  expect_exit_2({"--clock-cameras", "2"}, "camera 2 of 2");
  expect_exit_2({"--clock-cameras", "0", "--h265-cameras", "0"}, "clock cameras are H.264");
  expect_exit_2({"--clock-cameras", "0", "--clock-size", "1279x720"}, "odd width");
  expect_exit_2({"--clock-cameras", "0", "--clock-size", "7680x4320"}, "beyond 3840x2160");
  expect_exit_2({"--clock-cameras", "0", "--clock-size", "1280"}, "no height");
  expect_exit_2({"--clock-cameras", "0", "--clock-fps", "0"}, "no frames");
}

} // namespace
