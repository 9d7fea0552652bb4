#pragma once
// A small full-range YUV 4:2:0 picture owned in plain vectors (no FFmpeg type): what the analyzer keeps of the frame
// with the most motion until it is encoded as a recap JPEG.
#include <cstdint>
#include <vector>

namespace argus::analytics {

struct Picture {
  int width = 0;               // even
  int height = 0;              // even
  std::vector<std::uint8_t> y; // width * height
  std::vector<std::uint8_t> u; // width/2 * height/2
  std::vector<std::uint8_t> v;

  bool empty() const { return width == 0 || height == 0; }
};

} // namespace argus::analytics
