#include "clock_picture.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "clock_code.hpp"

namespace argus::camsim {
namespace {

constexpr std::uint8_t k_neutral_chroma = 128;

// Deterministic pseudo-random numbers (xorshift32): the same picture on every run.
class Noise {
public:
  std::uint32_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return state_;
  }
  int in_range(int low, int high) {
    return low + static_cast<int>(next() % static_cast<std::uint32_t>(high - low + 1));
  }

private:
  std::uint32_t state_ = 0x9e3779b9u;
};

// Smooth blobs (value noise: random values on a grid of `cell` pixels, bilinear in between) in [low, high], plus a
// little grain, so the texture has detail at every scale the encoder cares about.
std::vector<std::uint8_t> make_texture(int width, int height, int cell, int low, int high, int grain, Noise& noise) {
  int grid_w = width / cell + 2;
  int grid_h = height / cell + 2;
  std::vector<int> grid(static_cast<std::size_t>(grid_w) * grid_h);
  for (auto& value : grid)
    value = noise.in_range(low, high);
  std::vector<std::uint8_t> texture(static_cast<std::size_t>(width) * height);
  for (int y = 0; y < height; ++y) {
    int gy = y / cell;
    int fy = y % cell;
    for (int x = 0; x < width; ++x) {
      int gx = x / cell;
      int fx = x % cell;
      auto at = [&](int ix, int iy) { return grid[static_cast<std::size_t>(iy) * grid_w + ix]; };
      int top = at(gx, gy) * (cell - fx) + at(gx + 1, gy) * fx;
      int bottom = at(gx, gy + 1) * (cell - fx) + at(gx + 1, gy + 1) * fx;
      int value = (top * (cell - fy) + bottom * fy) / (cell * cell);
      if (grain > 0)
        value += noise.in_range(-grain, grain);
      texture[static_cast<std::size_t>(y) * width + x] = static_cast<std::uint8_t>(std::clamp(value, 16, 235));
    }
  }
  return texture;
}

// Copies a row of a periodic texture starting at column `shift` (wrapping around) into dst.
void copy_scrolled_row(std::uint8_t* dst, const std::uint8_t* texture_row, int width, int shift) {
  std::memcpy(dst, texture_row + shift, static_cast<std::size_t>(width - shift));
  std::memcpy(dst + (width - shift), texture_row, static_cast<std::size_t>(shift));
}

} // namespace

ClockPicture::ClockPicture(int width, int height, int fps) : width_(width), height_(height), fps_(std::max(1, fps)) {
  if (width < k_min_width || height < k_min_height || width % 2 != 0 || height % 2 != 0)
    throw std::invalid_argument("a clock camera picture needs an even size of at least " + std::to_string(k_min_width) +
                                "x" + std::to_string(k_min_height));
  Noise noise;
  int cell = std::max(8, width / 40);
  texture_y_ = make_texture(width, height, cell, 40, 200, 6, noise);
  texture_u_ = make_texture(width / 2, height / 2, cell, 96, 160, 0, noise);
  texture_v_ = make_texture(width / 2, height / 2, cell, 96, 160, 0, noise);
}

void ClockPicture::paint(std::uint8_t* i420, std::uint64_t frame_index, std::uint64_t capture_ms) const {
  paint_background(i420, frame_index);
  paint_box(i420, frame_index);
  // The band: neutral chroma (so that a reader may take any colour channel as luma), then the code.
  int band_chroma_rows = (clock_code_band_height(height_) + 1) / 2;
  std::uint8_t* u = i420 + static_cast<std::size_t>(width_) * height_;
  std::uint8_t* v = u + static_cast<std::size_t>(width_ / 2) * (height_ / 2);
  std::memset(u, k_neutral_chroma, static_cast<std::size_t>(width_ / 2) * band_chroma_rows);
  std::memset(v, k_neutral_chroma, static_cast<std::size_t>(width_ / 2) * band_chroma_rows);
  draw_clock_code(i420, width_, width_, height_, capture_ms, static_cast<std::uint8_t>(frame_index));
}

void ClockPicture::paint_background(std::uint8_t* i420, std::uint64_t frame_index) const {
  // Scrolls 3 px right and 2 px down per frame (luma; chroma half that, every other frame).
  int shift_x = static_cast<int>((frame_index * 3) % static_cast<std::uint64_t>(width_));
  int shift_y = static_cast<int>((frame_index * 2) % static_cast<std::uint64_t>(height_));
  for (int y = 0; y < height_; ++y) {
    int source_row = (y + shift_y) % height_;
    copy_scrolled_row(i420 + static_cast<std::size_t>(y) * width_,
                      texture_y_.data() + static_cast<std::size_t>(source_row) * width_, width_, shift_x);
  }
  int chroma_w = width_ / 2;
  int chroma_h = height_ / 2;
  std::uint8_t* planes[2] = {i420 + static_cast<std::size_t>(width_) * height_,
                             i420 + static_cast<std::size_t>(width_) * height_ +
                                 static_cast<std::size_t>(chroma_w) * chroma_h};
  const std::vector<std::uint8_t>* textures[2] = {&texture_u_, &texture_v_};
  for (int plane = 0; plane < 2; ++plane) {
    for (int y = 0; y < chroma_h; ++y) {
      int source_row = (y + shift_y / 2) % chroma_h;
      copy_scrolled_row(planes[plane] + static_cast<std::size_t>(y) * chroma_w,
                        textures[plane]->data() + static_cast<std::size_t>(source_row) * chroma_w, chroma_w,
                        shift_x / 2);
    }
  }
}

void ClockPicture::paint_box(std::uint8_t* i420, std::uint64_t frame_index) const {
  // A white box with a dark border on a Lissajous path below the band, about 7 s per horizontal round trip.
  double t = static_cast<double>(frame_index) / fps_;
  int size = (height_ / 5) & ~1;
  int border = std::max(2, size / 12) & ~1;
  int top_limit = (clock_code_band_height(height_) + 2) & ~1;
  int x = static_cast<int>((width_ - size) * (0.5 + 0.5 * std::sin(t * 0.9))) & ~1;
  int y = top_limit + (static_cast<int>((height_ - top_limit - size) * (0.5 + 0.5 * std::sin(t * 1.3 + 1.0))) & ~1);
  for (int row = y; row < y + size; ++row) {
    std::uint8_t* line = i420 + static_cast<std::size_t>(row) * width_;
    bool edge_row = row < y + border || row >= y + size - border;
    for (int column = x; column < x + size; ++column) {
      bool edge = edge_row || column < x + border || column >= x + size - border;
      line[column] = edge ? 30 : 220;
    }
  }
  std::uint8_t* u = i420 + static_cast<std::size_t>(width_) * height_;
  std::uint8_t* v = u + static_cast<std::size_t>(width_ / 2) * (height_ / 2);
  for (int row = y / 2; row < (y + size) / 2; ++row) {
    std::memset(u + static_cast<std::size_t>(row) * (width_ / 2) + x / 2, 90, static_cast<std::size_t>(size / 2));
    std::memset(v + static_cast<std::size_t>(row) * (width_ / 2) + x / 2, 190, static_cast<std::size_t>(size / 2));
  }
}

} // namespace argus::camsim
