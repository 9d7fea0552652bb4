#include "objects/object_frame_codec.hpp"

#include <algorithm>
#include <cmath>

namespace argus::objects {
namespace {

constexpr std::uint8_t k_version = 1;
constexpr std::size_t k_object_bytes = 15;

std::uint8_t byte_of(int value) {
  return static_cast<std::uint8_t>(std::clamp(value, 0, 255));
}

} // namespace

int to_scale_255(double pixel, int size) {
  if (size <= 0)
    return 0;
  return std::clamp(static_cast<int>(std::lround(pixel * 255.0 / size)), 0, 255);
}

std::vector<std::uint8_t> encode_frame_objects(std::span<const FrameObject> objects) {
  std::vector<std::uint8_t> out;
  out.reserve(1 + objects.size() * k_object_bytes);
  out.push_back(k_version);
  for (const auto& object : objects) {
    auto id = static_cast<std::uint64_t>(object.track_id);
    for (int shift = 0; shift < 64; shift += 8)
      out.push_back(static_cast<std::uint8_t>(id >> shift));
    out.push_back(byte_of(object.object_class));
    out.push_back(byte_of(static_cast<int>(std::lround(object.confidence * 255.0))));
    for (int coordinate : {object.x0, object.y0, object.x1, object.y1})
      out.push_back(byte_of(coordinate));
    out.push_back(byte_of(object.vehicle_type));
  }
  return out;
}

std::optional<std::vector<FrameObject>> decode_frame_objects(std::span<const std::uint8_t> bytes) {
  if (bytes.empty() || bytes[0] != k_version || (bytes.size() - 1) % k_object_bytes != 0)
    return std::nullopt;
  std::vector<FrameObject> objects;
  for (std::size_t at = 1; at < bytes.size(); at += k_object_bytes) {
    const auto* p = bytes.data() + at;
    std::uint64_t id = 0;
    for (int i = 0; i < 8; ++i)
      id |= std::uint64_t{p[i]} << (8 * i);
    FrameObject object;
    object.track_id = static_cast<std::int64_t>(id);
    object.object_class = p[8];
    object.confidence = p[9] / 255.0;
    object.x0 = p[10];
    object.y0 = p[11];
    object.x1 = p[12];
    object.y1 = p[13];
    object.vehicle_type = p[14];
    objects.push_back(object);
  }
  return objects;
}

} // namespace argus::objects
