#include "media_test_support.hpp"

#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <random>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include "media/ingest_source.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::media::testing {

TempDir::TempDir() {
  std::random_device random;
  path = std::filesystem::temp_directory_path() / ("argus-media-test-" + std::to_string(random()));
  std::filesystem::create_directories(path);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

std::filesystem::path clip(const std::string& codec, const std::string& extension, int seconds, int b_frames) {
  static std::mutex mutex;
  static TempDir cache;
  std::lock_guard lock(mutex);
  const std::filesystem::path source = "/usr/share/doc/opencv-doc/examples/data/vtest.avi";
  if (!std::filesystem::exists(source))
    return {};
  auto path = cache.path / (codec + "-" + std::to_string(seconds) + "s-bf" + std::to_string(b_frames) + "." + extension);
  if (std::filesystem::exists(path))
    return path;
  std::string encoder = codec == "h265" ? "libx265 -x265-params log-level=none:bframes=" + std::to_string(b_frames) +
                                              " -tag:v hvc1"
                                        : "libx264 -bf " + std::to_string(b_frames);
  std::string command = "ffmpeg -nostdin -v error -y -i " + source.string() + " -t " + std::to_string(seconds) +
                        " -vf scale=640:360,fps=25 -an -c:v " + encoder +
                        " -preset ultrafast -g 50 -keyint_min 50 -sc_threshold 0 -pix_fmt yuv420p " + path.string();
  if (std::system(command.c_str()) != 0)
    return {};
  return path;
}

std::unique_ptr<store::SqliteDatabase> database_with_camera(const std::filesystem::path& dir, std::int64_t camera_id) {
  auto database = std::make_unique<store::SqliteDatabase>(dir / "argus.db");
  database->insert_organization({1, "org-1", "Org", 1, "", "", ""});
  store::NetworkRecord network;
  network.id = 1;
  network.eid = "net-1";
  network.organization_id = 1;
  network.name = "Net";
  network.timezone = "UTC";
  database->insert_network(network);
  store::CameraRecord camera;
  camera.id = camera_id;
  camera.network_id = 1;
  camera.mac = "mac-" + std::to_string(camera_id);
  camera.serial = "serial-" + std::to_string(camera_id);
  camera.model = "MV";
  camera.name = "Camera";
  camera.channel_id = camera_id;
  database->insert_camera(camera);
  return database;
}

std::vector<EncodedPacket> read_all_packets(const std::filesystem::path& path, StreamInfo* info) {
  IngestSource source(path.string());
  source.open();
  if (info)
    *info = source.info();
  std::vector<EncodedPacket> packets;
  while (auto packet = source.read())
    packets.push_back(std::move(*packet));
  return packets;
}

DecodeResult decode_file(const std::filesystem::path& path) {
  DecodeResult result;
  AVFormatContext* format = nullptr;
  int rc = avformat_open_input(&format, path.c_str(), nullptr, nullptr);
  if (rc < 0) {
    result.error = "cannot open";
    return result;
  }
  if (avformat_find_stream_info(format, nullptr) < 0) {
    result.error = "no stream info";
    avformat_close_input(&format);
    return result;
  }
  int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  if (index < 0) {
    result.error = "no video stream";
    avformat_close_input(&format);
    return result;
  }
  auto* stream = format->streams[index];
  const AVCodec* codec = avcodec_find_decoder(stream->codecpar->codec_id);
  AVCodecContext* context = avcodec_alloc_context3(codec);
  avcodec_parameters_to_context(context, stream->codecpar);
  context->err_recognition = AV_EF_EXPLODE | AV_EF_CRCCHECK | AV_EF_BITSTREAM;
  avcodec_open2(context, codec, nullptr);
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  std::int64_t first_dts = AV_NOPTS_VALUE, end_dts = 0;
  auto drain = [&] {
    while (true) {
      int r = avcodec_receive_frame(context, frame);
      if (r == AVERROR(EAGAIN) || r == AVERROR_EOF)
        break;
      if (r < 0) {
        ++result.errors;
        break;
      }
      if (frame->decode_error_flags)
        ++result.errors;
      ++result.frames;
    }
  };
  while (av_read_frame(format, packet) >= 0) {
    if (packet->stream_index == index) {
      ++result.packets;
      if (first_dts == AV_NOPTS_VALUE)
        first_dts = packet->dts;
      end_dts = packet->dts + packet->duration;
      if (avcodec_send_packet(context, packet) < 0)
        ++result.errors;
      drain();
    }
    av_packet_unref(packet);
  }
  avcodec_send_packet(context, nullptr);
  drain();
  result.duration_s = static_cast<double>(end_dts - first_dts) * av_q2d(stream->time_base);
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&context);
  avformat_close_input(&format);
  return result;
}

void write_bytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace argus::media::testing
