#pragma once
// The picture of a clock camera (docs/design/camsim.md, "Clock cameras"): a textured background that scrolls and a
// box that moves (so that the encoder has real work on every frame), and the clock code band (clock_code.hpp) with
// the capture time on top. Frames are I420 (planar Y, U, V; chroma at half width and height, no row padding).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace argus::camsim {

class ClockPicture {
public:
  //! Width and height must be even and at least k_min_width x k_min_height (std::invalid_argument otherwise).
  ClockPicture(int width, int height, int fps);

  static constexpr int k_min_width = 128;
  static constexpr int k_min_height = 72;

  int width() const { return width_; }
  int height() const { return height_; }
  std::size_t frame_size_bytes() const { return static_cast<std::size_t>(width_) * height_ * 3 / 2; }

  //! Paints frame number frame_index into an I420 buffer of frame_size_bytes(), with capture_ms and
  //! frame_index mod 256 in the clock code band.
  void paint(std::uint8_t* i420, std::uint64_t frame_index, std::uint64_t capture_ms) const;

private:
  void paint_background(std::uint8_t* i420, std::uint64_t frame_index) const;
  void paint_box(std::uint8_t* i420, std::uint64_t frame_index) const;

  int width_;
  int height_;
  int fps_;
  std::vector<std::uint8_t> texture_y_; // width x height, scrolled with wrap-around
  std::vector<std::uint8_t> texture_u_; // width/2 x height/2
  std::vector<std::uint8_t> texture_v_;
};

} // namespace argus::camsim
