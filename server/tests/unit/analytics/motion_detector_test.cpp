// The background model on synthetic luma planes: settling, a moving block, global light changes, scene changes.
#include <random>

#include <gtest/gtest.h>

#include "analytics/motion_detector.hpp"
#include "analytics/sensitivity.hpp"

namespace argus::analytics {
namespace {

// A textured static scene (gradient plus a little noise), with an optional bright block of cells.
class Scene {
public:
  explicit Scene(const MotionDetector& detector) : width_(detector.width()), height_(detector.height()) {}

  std::vector<std::uint8_t> frame(int brightness_offset = 0, int block_col = -1, int block_row = -1,
                                  int block_cells = 2) {
    std::vector<std::uint8_t> plane(static_cast<std::size_t>(width_ * height_));
    std::uniform_int_distribution<int> noise(-2, 2);
    for (int y = 0; y < height_; ++y) {
      for (int x = 0; x < width_; ++x) {
        int value = 60 + (x + y) % 80 + noise(random_) + brightness_offset;
        bool in_block = block_col >= 0 && x >= block_col * 8 && x < (block_col + block_cells) * 8 &&
                        y >= block_row * 8 && y < (block_row + block_cells) * 8;
        if (in_block)
          value = 240;
        plane[static_cast<std::size_t>(y * width_ + x)] = static_cast<std::uint8_t>(std::clamp(value, 0, 255));
      }
    }
    return plane;
  }

private:
  int width_;
  int height_;
  std::mt19937 random_{42};
};

TEST(MotionDetector, SettlesThenSeesNothingInAStillScene) {
  MotionDetector detector(k_default_grid);
  EXPECT_EQ(detector.width(), 480);
  EXPECT_EQ(detector.height(), 272);
  Scene scene(detector);
  int settling = 0;
  for (int i = 0; i < 30; ++i) {
    auto plane = scene.frame();
    auto levels = detector.process(plane.data(), detector.width());
    if (!levels) {
      ++settling;
      continue;
    }
    EXPECT_EQ(levels->moved(), 0) << "frame " << i;
  }
  EXPECT_EQ(settling, DetectorOptions{}.settle_frames);
}

TEST(MotionDetector, AMovingBlockLightsItsCellsOnly) {
  MotionDetector detector(k_default_grid);
  Scene scene(detector);
  for (int i = 0; i < 12; ++i) {
    auto plane = scene.frame();
    detector.process(plane.data(), detector.width());
  }
  for (int step = 0; step < 10; ++step) {
    int col = 10 + step * 3;
    auto plane = scene.frame(0, col, 20);
    auto levels = detector.process(plane.data(), detector.width());
    ASSERT_TRUE(levels);
    EXPECT_EQ(levels->moved(), 4) << "step " << step;
    for (int row = 20; row < 22; ++row) {
      for (int c = col; c < col + 2; ++c)
        EXPECT_EQ(levels->levels[static_cast<std::size_t>(row * 60 + c)], 255);
    }
  }
}

TEST(MotionDetector, SlowAndGlobalLightChangesAreNotMotion) {
  MotionDetector detector(k_default_grid);
  Scene scene(detector);
  for (int i = 0; i < 12; ++i) {
    auto plane = scene.frame();
    detector.process(plane.data(), detector.width());
  }
  // Auto-exposure steps of 30 gray levels (above the pixel threshold) and a slow drift.
  for (int offset : {30, 30, 0, -25, -25, 5, 10, 15, 20, 25, 30}) {
    auto plane = scene.frame(offset);
    auto levels = detector.process(plane.data(), detector.width());
    ASSERT_TRUE(levels);
    EXPECT_EQ(levels->moved(), 0) << "offset " << offset;
  }
}

TEST(MotionDetector, AnObjectThatStopsFadesIntoTheBackground) {
  MotionDetector detector(k_default_grid);
  Scene scene(detector);
  for (int i = 0; i < 12; ++i) {
    auto plane = scene.frame();
    detector.process(plane.data(), detector.width());
  }
  int last_moved = 0;
  for (int i = 0; i < 300; ++i) { // 60 s at 5 fps with the block parked
    auto plane = scene.frame(0, 30, 10);
    last_moved = detector.process(plane.data(), detector.width())->moved();
  }
  EXPECT_EQ(last_moved, 0);
}

TEST(MotionDetector, ASceneChangeResetsTheModel) {
  MotionDetector detector(k_default_grid);
  Scene scene(detector);
  for (int i = 0; i < 12; ++i) {
    auto plane = scene.frame();
    detector.process(plane.data(), detector.width());
  }
  // Another picture altogether (uniform noise): most pixels change, so the model starts over.
  std::vector<std::uint8_t> noise(static_cast<std::size_t>(detector.width() * detector.height()));
  std::mt19937 random(7);
  std::uniform_int_distribution<int> any(0, 255);
  for (auto& pixel : noise)
    pixel = static_cast<std::uint8_t>(any(random));
  EXPECT_FALSE(detector.process(noise.data(), detector.width()));
  EXPECT_FALSE(detector.process(noise.data(), detector.width())); // settling again
}

} // namespace
} // namespace argus::analytics
