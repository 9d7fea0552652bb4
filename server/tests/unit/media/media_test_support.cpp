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

std::filesystem::path clip(const std::string& codec, const std::string& extension, int seconds, int b_frames,
                           int width) {
  static std::mutex mutex;
  static TempDir cache;
  std::lock_guard lock(mutex);
  const std::filesystem::path source = "/usr/share/doc/opencv-doc/examples/data/vtest.avi";
  if (!std::filesystem::exists(source))
    return {};
  auto size = std::to_string(width) + ":" + std::to_string(width * 9 / 16);
  auto path = cache.path / (codec + "-" + std::to_string(seconds) + "s-bf" + std::to_string(b_frames) + "-w" +
                            std::to_string(width) + "." + extension);
  if (std::filesystem::exists(path))
    return path;
  std::string encoder = codec == "h265"
                            ? "libx265 -x265-params log-level=none:bframes=" + std::to_string(b_frames) + " -tag:v hvc1"
                            : "libx264 -bf " + std::to_string(b_frames);
  std::string command = "ffmpeg -nostdin -v error -y -i " + source.string() + " -t " + std::to_string(seconds) +
                        " -vf scale=" + size + ",fps=25 -an -c:v " + encoder +
                        " -preset ultrafast -g 50 -keyint_min 50 -sc_threshold 0 -pix_fmt yuv420p " + path.string();
  if (std::system(command.c_str()) != 0)
    return {};
  return path;
}

std::filesystem::path clip_with_audio(int seconds) {
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  auto video = clip("h264", "mp4", seconds);
  if (video.empty())
    return {};
  auto path = video.parent_path() / ("h264-aac-" + std::to_string(seconds) + "s.mp4");
  if (std::filesystem::exists(path))
    return path;
  std::string command = "ffmpeg -nostdin -v error -y -i " + video.string() +
                        " -f lavfi -i sine=frequency=440:sample_rate=16000 -map 0:v -map 1:a -c:v copy -c:a aac "
                        "-profile:a aac_low -ac 1 -ar 16000 -b:a 32k -t " +
                        std::to_string(seconds) + " " + path.string();
  if (std::system(command.c_str()) != 0)
    return {};
  return path;
}

std::unique_ptr<store::SqliteDatabase> database_with_camera(const std::filesystem::path& dir, std::int64_t camera_id) {
  auto database = std::make_unique<store::SqliteDatabase>(dir / "argus.db");
  database->insert_organization({1, "org-1", "Org", 1, "", "", "", std::nullopt});
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

void write_bytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace argus::media::testing
