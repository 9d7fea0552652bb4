// The camera simulator (tools/camsim) end to end: started through demo::CamsimLauncher on free ports with a 3 s clip
// (so that a few seconds of reading cross the loop point), read with libavformat over RTSP/TCP like the ingest does.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

extern "C" {
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
}

#include "common/error.hpp"
#include "demo/camsim_launcher.hpp"
#include "media/bitstream.hpp"
#include "media/sps_parser.hpp"
#include "support/http_client.hpp"

namespace {
namespace fs = std::filesystem;
using argus::demo::CamsimLauncher;
using argus::demo::CamsimOptions;
using namespace std::chrono_literals;

constexpr std::uint8_t k_sei_uuid[16] = {0xa7, 0xc3, 0xf0, 0xd2, 0x5e, 0x1b, 0x4c, 0x8a,
                                         0x9f, 0x6e, 0x2b, 0x4d, 0x8c, 0x1e, 0x7a, 0x90};

struct Packet {
  std::int64_t pts_us = 0;
  bool keyframe = false;
  bool has_timestamp_sei = false;
  int sps_width = 0; // from an in-band H.264 SPS in the packet, 0 without one
  int sps_height = 0;
};

// The picture size of the first H.264 SPS among the Annex-B packet's NAL units.
void read_sps_size(const std::uint8_t* data, int size, Packet& packet) {
  std::span<const std::uint8_t> bytes(data, static_cast<std::size_t>(size));
  if (!argus::media::is_annex_b(bytes))
    return;
  for (auto nal : argus::media::split_annex_b(bytes)) {
    if (auto sps = argus::media::parse_sps(argus::media::VideoCodec::h264, nal)) {
      packet.sps_width = sps->width;
      packet.sps_height = sps->height;
      return;
    }
  }
}

// One RTSP client: opens the URL like the ingest does (TCP interleaved) and reads packets of the video stream.
class RtspReader {
public:
  //! Returns 0 or an AVERROR.
  int open(const std::string& url) {
    context_ = avformat_alloc_context();
    context_->interrupt_callback = {&RtspReader::interrupted, this};
    AVDictionary* options = nullptr;
    av_dict_set(&options, "rtsp_transport", "tcp", 0);
    av_dict_set(&options, "timeout", "5000000", 0); // socket I/O, microseconds
    int rc = avformat_open_input(&context_, url.c_str(), nullptr, &options);
    av_dict_free(&options);
    if (rc < 0)
      return rc;
    context_->max_analyze_duration = 1'000'000;
    if (rc = avformat_find_stream_info(context_, nullptr); rc < 0)
      return rc;
    stream_ = av_find_best_stream(context_, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    return stream_ < 0 ? stream_ : 0;
  }
  ~RtspReader() {
    if (context_)
      avformat_close_input(&context_);
  }
  const AVCodecParameters& codec() const { return *context_->streams[stream_]->codecpar; }

  //! Reads for `duration` or until an error; returns the last av_read_frame result (0 when time ran out, also while
  //! waiting for a packet that does not come).
  int read_for(std::chrono::milliseconds duration, std::vector<Packet>& packets) {
    auto deadline = std::chrono::steady_clock::now() + duration;
    deadline_ = deadline;
    AVPacket* packet = av_packet_alloc();
    int rc = 0;
    while (std::chrono::steady_clock::now() < deadline) {
      if (rc = av_read_frame(context_, packet); rc < 0) {
        if (rc == AVERROR_EXIT && std::chrono::steady_clock::now() >= deadline)
          rc = 0;
        break;
      }
      if (packet->stream_index == stream_ && packet->pts != AV_NOPTS_VALUE) {
        Packet out;
        out.pts_us = av_rescale_q(packet->pts, context_->streams[stream_]->time_base, AVRational{1, 1'000'000});
        out.keyframe = (packet->flags & AV_PKT_FLAG_KEY) != 0;
        out.has_timestamp_sei = std::search(packet->data, packet->data + packet->size, std::begin(k_sei_uuid),
                                            std::end(k_sei_uuid)) != packet->data + packet->size;
        read_sps_size(packet->data, packet->size, out);
        packets.push_back(out);
      }
      av_packet_unref(packet);
    }
    av_packet_free(&packet);
    return rc;
  }

private:
  static int interrupted(void* self) {
    return std::chrono::steady_clock::now() > static_cast<RtspReader*>(self)->deadline_ ? 1 : 0;
  }

  AVFormatContext* context_ = nullptr;
  int stream_ = -1;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max(); // of read_for
};

struct StreamCheck {
  int width = 0;
  int height = 0;
  AVCodecID codec = AV_CODEC_ID_NONE;
  std::vector<Packet> packets;
  int open_rc = 0;
};

StreamCheck read_stream(const std::string& url, std::chrono::milliseconds duration) {
  StreamCheck check;
  RtspReader reader;
  if (check.open_rc = reader.open(url); check.open_rc < 0)
    return check;
  check.width = reader.codec().width;
  check.height = reader.codec().height;
  check.codec = reader.codec().codec_id;
  reader.read_for(duration, check.packets);
  return check;
}

void expect_camera_stream(const StreamCheck& check, int width, int height, AVCodecID codec = AV_CODEC_ID_H264) {
  ASSERT_EQ(check.open_rc, 0);
  EXPECT_EQ(check.codec, codec);
  EXPECT_EQ(check.width, width);
  EXPECT_EQ(check.height, height);
  ASSERT_GE(check.packets.size(), 30u); // 10 fps clip, ~4 s read
  std::int64_t last_key_us = -1;
  int keyframes = 0;
  int keyframes_with_sei = 0;
  for (std::size_t i = 0; i < check.packets.size(); ++i) {
    const auto& packet = check.packets[i];
    if (i > 0) {
      auto step_us = packet.pts_us - check.packets[i - 1].pts_us;
      EXPECT_GT(step_us, 0) << "PTS not strictly increasing at packet " << i;
      EXPECT_LT(step_us, 250'000) << "PTS jumps at packet " << i; // 100 ms frames; the loop point must not show
    }
    if (packet.keyframe) {
      if (last_key_us >= 0) {
        EXPECT_LE(packet.pts_us - last_key_us, 2'500'000);
      }
      last_key_us = packet.pts_us;
      ++keyframes;
      keyframes_with_sei += packet.has_timestamp_sei ? 1 : 0;
    }
  }
  EXPECT_GE(keyframes, 2); // a 3 s clip with 2 s GOPs: ~4 s of reading crosses the loop point
  EXPECT_EQ(keyframes_with_sei, keyframes);
  EXPECT_LE(check.packets.back().pts_us - last_key_us, 2'500'000);
}

class CamsimTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    std::string pattern = (fs::temp_directory_path() / "argus-camsim-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    temp_dir_ = pattern;
    const std::string data = "/usr/share/doc/opencv-doc/examples/data/";
    std::string command = "FOOTAGE_SECONDS=3 FOOTAGE_SOURCES='" + data + "vtest.avi " + data + "tree.avi' '" +
                          ARGUS_SOURCE_DIR + "/scripts/prepare-footage.sh' '" + temp_dir_.string() + "' >/dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    CamsimOptions options;
    options.cameras = 2;
    options.footage_dir = temp_dir_;
    options.user = "camera";
    options.password = "s3cret:/@";
    camsim_ = std::make_unique<CamsimLauncher>(options);
  }
  static void TearDownTestSuite() {
    camsim_.reset();
    std::error_code ec;
    fs::remove_all(temp_dir_, ec);
  }

  static argus::testing::HttpClient control() {
    // control_url() is "http://127.0.0.1:PORT/n1"
    const auto& url = camsim_->control_url();
    auto port_start = url.rfind(':') + 1;
    return argus::testing::HttpClient("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(port_start))));
  }
  static std::string control_path(const std::string& suffix) { return "/n1" + suffix; }

  static inline fs::path temp_dir_;
  static inline std::unique_ptr<CamsimLauncher> camsim_;
};

TEST_F(CamsimTest, ServesMainAndSubWithContinuousTimestampsToSeveralClients) {
  ASSERT_TRUE(camsim_);
  StreamCheck main_a, main_b, sub;
  std::thread a([&] { main_a = read_stream(camsim_->rtsp_url(0, "main"), 4'000ms); });
  std::thread b([&] { main_b = read_stream(camsim_->rtsp_url(0, "main"), 4'000ms); });
  std::thread c([&] { sub = read_stream(camsim_->rtsp_url(0, "sub"), 4'000ms); });
  std::this_thread::sleep_for(2'500ms);
  auto cameras = control().get(control_path("/cameras"));
  a.join();
  b.join();
  c.join();

  expect_camera_stream(main_a, 1280, 720);
  expect_camera_stream(main_b, 1280, 720);
  expect_camera_stream(sub, 640, 360);
  ASSERT_EQ(cameras.status, 200);
  auto list = cameras.json();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0]["state"], "up");
  EXPECT_EQ(list[0]["main"]["clients"], 2);
  EXPECT_EQ(list[0]["sub"]["clients"], 1);
  EXPECT_EQ(list[0]["main"]["keyframe_interval_ms"], 2000);
  EXPECT_NE(list[0]["main"]["clip"], list[1]["main"]["clip"]); // cameras play different clips
}

TEST_F(CamsimTest, RefusesWrongOrMissingCredentials) {
  ASSERT_TRUE(camsim_);
  auto path = camsim_->rtsp_base_url().substr(std::string("rtsp://").size()) + "/cam0/main";
  RtspReader wrong;
  EXPECT_LT(wrong.open("rtsp://camera:wrong@" + path), 0);
  RtspReader anonymous;
  EXPECT_LT(anonymous.open("rtsp://" + path), 0);
}

TEST_F(CamsimTest, DroppedCameraDisconnectsAndRefusesUntilRestored) {
  ASSERT_TRUE(camsim_);
  auto client = control();
  RtspReader before;
  ASSERT_EQ(before.open(camsim_->rtsp_url(1, "sub")), 0);
  std::vector<Packet> packets;
  ASSERT_EQ(before.read_for(500ms, packets), 0);

  auto dropped = client.request("POST", control_path("/cameras/1/drop"));
  ASSERT_EQ(dropped.status, 200);
  EXPECT_EQ(dropped.json()["state"], "dropped");
  auto read_started = std::chrono::steady_clock::now();
  EXPECT_LT(before.read_for(10'000ms, packets), 0) << "the reader must see EOF or an error";
  EXPECT_LT(std::chrono::steady_clock::now() - read_started, 5s);
  RtspReader refused;
  EXPECT_LT(refused.open(camsim_->rtsp_url(1, "main")), 0);
  EXPECT_EQ(client.get(control_path("/cameras")).json()[1]["state"], "dropped");
  EXPECT_EQ(client.get(control_path("/cameras")).json()[0]["state"], "up"); // other cameras are unaffected

  ASSERT_EQ(client.request("POST", control_path("/cameras/1/restore")).status, 200);
  RtspReader after;
  ASSERT_EQ(after.open(camsim_->rtsp_url(1, "main")), 0);
  packets.clear();
  EXPECT_EQ(after.read_for(1'000ms, packets), 0);
  EXPECT_FALSE(packets.empty());
}

TEST_F(CamsimTest, HungCameraKeepsItsConnectionsButSendsNothingUntilRestored) {
  ASSERT_TRUE(camsim_);
  auto client = control();
  RtspReader reader;
  ASSERT_EQ(reader.open(camsim_->rtsp_url(0, "sub")), 0);
  std::vector<Packet> packets;
  ASSERT_EQ(reader.read_for(500ms, packets), 0);
  ASSERT_FALSE(packets.empty());

  auto hung = client.request("POST", control_path("/cameras/0/hang"));
  ASSERT_EQ(hung.status, 200);
  EXPECT_EQ(hung.json()["state"], "hung");
  EXPECT_EQ(client.request("POST", control_path("/cameras/0/hang")).json()["state"], "hung"); // idempotent
  packets.clear();
  EXPECT_EQ(reader.read_for(300ms, packets), 0); // what was in flight
  packets.clear();
  EXPECT_EQ(reader.read_for(2'000ms, packets), 0) << "the connection must stay open (no EOF, no error)";
  EXPECT_TRUE(packets.empty()) << packets.size() << " packets from a hung camera";
  auto cameras = client.get(control_path("/cameras")).json();
  EXPECT_EQ(cameras[0]["state"], "hung");
  EXPECT_EQ(cameras[0]["sub"]["clients"], 1) << "the hung camera keeps its client";
  EXPECT_EQ(cameras[1]["state"], "up");
  // A new client still gets through RTSP set-up (the camera's network stack answers) and waits for frames.
  RtspReader newcomer;
  int newcomer_rc = -1;
  std::thread opener([&] { newcomer_rc = newcomer.open(camsim_->rtsp_url(0, "main")); });
  std::this_thread::sleep_for(1'000ms);

  auto restored = client.request("POST", control_path("/cameras/0/restore"));
  ASSERT_EQ(restored.status, 200);
  EXPECT_EQ(restored.json()["state"], "up");
  opener.join();
  EXPECT_EQ(newcomer_rc, 0);
  packets.clear();
  EXPECT_EQ(reader.read_for(3'000ms, packets), 0);
  ASSERT_FALSE(packets.empty()) << "the same connection plays again after restore";
  for (std::size_t i = 1; i < packets.size(); ++i)
    EXPECT_GT(packets[i].pts_us, packets[i - 1].pts_us) << "PTS strictly increasing at packet " << i;
}

TEST_F(CamsimTest, ResizeChangesTheMainStreamsSizeAtAKeyframeOnTheSameConnectionAndBack) {
  ASSERT_TRUE(camsim_);
  auto client = control();
  // One uninterrupted read on one connection (an interrupted libavformat read may lose its place in the stream).
  StreamCheck stream;
  std::thread reader([&] { stream = read_stream(camsim_->rtsp_url(1, "main"), 7'500ms); });
  std::this_thread::sleep_for(3'500ms); // a keyframe of the main size comes first (2 s GOPs)
  auto resized = client.request("POST", control_path("/cameras/1/resize"));
  auto resized_at_us = std::chrono::duration_cast<std::chrono::microseconds>(
                           std::chrono::system_clock::now().time_since_epoch()).count();
  reader.join();
  auto back = client.request("POST", control_path("/cameras/1/resize"));

  ASSERT_EQ(resized.status, 200);
  EXPECT_EQ(resized.json()["main"]["width"], 640);
  EXPECT_EQ(resized.json()["main"]["height"], 360);
  EXPECT_EQ(resized.json()["sub"]["width"], 640); // the sub stream keeps its size
  EXPECT_EQ(back.json()["main"]["width"], 1280);  // a second resize goes back
  ASSERT_EQ(stream.open_rc, 0);
  EXPECT_EQ(stream.width, 1280);
  const auto& all = stream.packets;
  ASSERT_GE(all.size(), 40u) << "the connection went on through the change";
  for (std::size_t i = 1; i < all.size(); ++i) {
    auto step_us = all[i].pts_us - all[i - 1].pts_us;
    EXPECT_GT(step_us, 0) << "PTS strictly increasing at packet " << i;
    EXPECT_LT(step_us, 250'000) << "no jump at packet " << i;
  }
  auto first_small = std::find_if(all.begin(), all.end(), [](const Packet& p) { return p.sps_width == 640; });
  ASSERT_NE(first_small, all.end()) << "an in-band SPS of 640 wide after the resize (requested at " << resized_at_us
                                    << " us)";
  EXPECT_TRUE(std::any_of(all.begin(), first_small, [](const Packet& p) { return p.sps_width == 1280; }))
      << "in-band SPS of the main size before";
  EXPECT_TRUE(first_small->keyframe) << "the new size starts at a keyframe";
  EXPECT_EQ(first_small->sps_height, 360);
  EXPECT_TRUE(std::none_of(first_small, all.end(), [](const Packet& p) { return p.sps_width == 1280; }));
}

TEST_F(CamsimTest, ControlApiRejectsUnknownCameras) {
  ASSERT_TRUE(camsim_);
  auto client = control();
  EXPECT_EQ(client.request("POST", control_path("/cameras/2/drop")).status, 404);
  EXPECT_EQ(client.request("POST", control_path("/cameras/x/drop")).status, 404);
  EXPECT_EQ(client.request("POST", control_path("/cameras/2/hang")).status, 404);
  EXPECT_EQ(client.request("POST", control_path("/cameras/2/resize")).status, 404);
  EXPECT_EQ(client.get(control_path("/cameras/0/drop")).status, 405);
}

TEST_F(CamsimTest, ServesH265CamerasBesideH264Ones) {
  ASSERT_TRUE(camsim_);
  if (!fs::exists(temp_dir_ / "h265" / "01-vtest_main.mp4"))
    GTEST_SKIP() << "ffmpeg has no libx265: prepare-footage.sh made no H.265 clips";
  CamsimOptions options;
  options.cameras = 2;
  options.footage_dir = temp_dir_;
  options.extra_args = {"--h265-cameras", "1"};
  CamsimLauncher camsim(options);
  StreamCheck main, sub, h264;
  std::thread a([&] { main = read_stream(camsim.rtsp_url(1, "main"), 4'000ms); });
  std::thread b([&] { sub = read_stream(camsim.rtsp_url(1, "sub"), 4'000ms); });
  h264 = read_stream(camsim.rtsp_url(0, "main"), 4'000ms);
  a.join();
  b.join();
  expect_camera_stream(main, 1280, 720, AV_CODEC_ID_HEVC);
  expect_camera_stream(sub, 640, 360, AV_CODEC_ID_HEVC);
  expect_camera_stream(h264, 1280, 720);

  auto url = camsim.control_url();
  argus::testing::HttpClient client("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1))));
  auto cameras = client.get(control_path("/cameras"));
  ASSERT_EQ(cameras.status, 200);
  EXPECT_EQ(cameras.json()[0]["main"]["codec"], "h264");
  EXPECT_EQ(cameras.json()[1]["main"]["codec"], "h265");
  EXPECT_EQ(cameras.json()[1]["sub"]["codec"], "h265");
}

// What an RTSP URL carries, read for a while like the ingest does (TCP): its audio stream and packet counts.
struct AudioVideoCheck {
  int open_rc = 0;
  int streams = 0;
  AVCodecID audio_codec = AV_CODEC_ID_NONE;
  int sample_rate = 0;
  int channels = 0;
  int audio_config_bytes = 0;
  int video_packets = 0;
  int audio_packets = 0;
  double video_first_s = -1; // pts of the first packet of each, on libavformat's common RTSP clock
  double audio_first_s = -1;
};

AudioVideoCheck read_audio_and_video(const std::string& url, std::chrono::milliseconds duration) {
  AudioVideoCheck check;
  AVFormatContext* context = avformat_alloc_context();
  AVDictionary* options = nullptr;
  av_dict_set(&options, "rtsp_transport", "tcp", 0);
  av_dict_set(&options, "timeout", "5000000", 0);
  check.open_rc = avformat_open_input(&context, url.c_str(), nullptr, &options);
  av_dict_free(&options);
  if (check.open_rc < 0)
    return check;
  check.streams = static_cast<int>(context->nb_streams);
  int audio = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nullptr, 0);
  int video = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  if (audio >= 0) {
    const auto* par = context->streams[audio]->codecpar;
    check.audio_codec = par->codec_id;
    check.sample_rate = par->sample_rate;
    check.channels = par->ch_layout.nb_channels;
    check.audio_config_bytes = par->extradata_size;
  }
  AVPacket* packet = av_packet_alloc();
  auto deadline = std::chrono::steady_clock::now() + duration;
  while (std::chrono::steady_clock::now() < deadline && av_read_frame(context, packet) >= 0) {
    bool is_audio = packet->stream_index == audio;
    if (is_audio || packet->stream_index == video) {
      auto& first = is_audio ? check.audio_first_s : check.video_first_s;
      if (first < 0 && packet->pts != AV_NOPTS_VALUE)
        first = static_cast<double>(packet->pts) * av_q2d(context->streams[packet->stream_index]->time_base);
      ++(is_audio ? check.audio_packets : check.video_packets);
    }
    av_packet_unref(packet);
  }
  av_packet_free(&packet);
  avformat_close_input(&context);
  return check;
}

TEST_F(CamsimTest, AudioCamerasSendAnAacTrackBesideTheirVideo) {
  ASSERT_TRUE(camsim_);
  CamsimOptions options;
  options.cameras = 2;
  options.footage_dir = temp_dir_;
  options.audio_cameras = 1;
  CamsimLauncher camsim(options);
  for (const std::string stream : {"main", "sub"}) {
    auto check = read_audio_and_video(camsim.rtsp_url(0, stream), 3'000ms);
    ASSERT_EQ(check.open_rc, 0) << stream;
    EXPECT_EQ(check.streams, 2) << stream;
    EXPECT_EQ(check.audio_codec, AV_CODEC_ID_AAC) << stream;
    EXPECT_EQ(check.sample_rate, 16000) << stream;
    EXPECT_EQ(check.channels, 1) << stream;
    EXPECT_GE(check.audio_config_bytes, 2) << stream; // the AudioSpecificConfig from the SDP's config=
    EXPECT_GE(check.audio_packets, 25) << stream;     // ~15.6 AAC frames a second
    EXPECT_GE(check.video_packets, 15) << stream;
  }
  auto silent = read_audio_and_video(camsim.rtsp_url(1, "main"), 1'000ms);
  ASSERT_EQ(silent.open_rc, 0);
  EXPECT_EQ(silent.streams, 1);
  EXPECT_EQ(silent.audio_packets, 0);

  auto url = camsim.control_url();
  argus::testing::HttpClient client("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1))));
  auto cameras = client.get(control_path("/cameras"));
  ASSERT_EQ(cameras.status, 200);
  EXPECT_EQ(cameras.json()[0]["main"]["audio"], "aac");
  EXPECT_EQ(cameras.json()[0]["sub"]["audio"], "aac");
  EXPECT_TRUE(cameras.json()[1]["main"]["audio"].is_null());
}

TEST_F(CamsimTest, RefusesMoreAudioCamerasThanCameras) {
  ASSERT_TRUE(camsim_);
  for (const std::string value : {"3", "-1", "x"}) {
    CamsimOptions options;
    options.cameras = 2;
    options.footage_dir = temp_dir_;
    options.extra_args = {"--audio-cameras", value};
    try {
      CamsimLauncher camsim(options);
      ADD_FAILURE() << "camsim started with --audio-cameras " << value;
    } catch (const argus::Error& error) {
      EXPECT_NE(std::string(error.what()).find("exit code 2"), std::string::npos) << value << ": " << error.what();
    }
  }
}

TEST_F(CamsimTest, RefusesH265CamerasItCannotServe) {
  ASSERT_TRUE(camsim_);
  auto expect_exit_2 = [](const CamsimOptions& options, const std::string& why) {
    try {
      CamsimLauncher camsim(options);
      ADD_FAILURE() << "camsim started: " << why;
    } catch (const argus::Error& error) {
      EXPECT_NE(std::string(error.what()).find("exit code 2"), std::string::npos) << why << ": " << error.what();
    }
  };
  CamsimOptions beyond;
  beyond.cameras = 2;
  beyond.footage_dir = temp_dir_;
  beyond.extra_args = {"--h265-cameras", "2"};
  expect_exit_2(beyond, "camera 2 of 2");
  beyond.extra_args = {"--h265-cameras", "x"};
  expect_exit_2(beyond, "not a number");

  // H.264 clips only: no h265/ directory.
  auto h264_only = temp_dir_ / "h264-only";
  fs::create_directories(h264_only);
  for (const char* name : {"01-vtest_main.mp4", "01-vtest_sub.mp4"}) {
    if (!fs::exists(h264_only / name))
      fs::create_symlink(temp_dir_ / name, h264_only / name);
  }
  CamsimOptions missing;
  missing.cameras = 1;
  missing.footage_dir = h264_only;
  missing.extra_args = {"--h265-cameras", "0"};
  expect_exit_2(missing, "no H.265 footage");
}

TEST(Camsim, BadFootageDirectoryFailsWithExitCode2) {
  CamsimOptions options;
  options.footage_dir = "/nonexistent/footage";
  try {
    CamsimLauncher camsim(options);
    FAIL() << "camsim started without footage";
  } catch (const argus::Error& error) {
    EXPECT_EQ(error.kind(), argus::Error::Kind::unavailable);
    EXPECT_NE(std::string(error.what()).find("exit code 2"), std::string::npos) << error.what();
  }
}

TEST(Camsim, StopsCleanlyOnSigterm) {
  auto footage = CamsimLauncher::find_footage_dir(CamsimLauncher::executable_dir());
  if (!footage)
    GTEST_SKIP() << "no prepared footage next to the build (the `footage` build target makes it)";
  CamsimOptions options;
  options.cameras = 1;
  options.footage_dir = *footage;
  CamsimLauncher camsim(options);
  EXPECT_EQ(camsim.stop(), 0);
}

} // namespace
