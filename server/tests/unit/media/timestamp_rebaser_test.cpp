// TimestampRebaser: source timestamps onto the server's clock, with a simulated camera (its clock) and a simulated
// server clock (arrival times).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>

#include "media/timestamp_rebaser.hpp"

namespace argus::media {
namespace {

constexpr std::int64_t k_epoch_ms = 1'700'000'000'000;
constexpr std::int64_t k_frame_90k = 3600; // 25 fps
constexpr std::int64_t k_frame_ms = 40;

//! A camera sending 25 fps in real time to a server whose clock the test moves.
struct Simulation {
  std::int64_t now_ms = k_epoch_ms;
  std::int64_t source_90k = 5000;
  TimestampRebaser rebaser{[this] { return now_ms; }};
  std::int64_t last_dts_90k = 0;
  int reanchors = 0;
  std::int64_t max_lead_90k = -1'000'000'000; // of the output over arrival
  std::int64_t max_lag_90k = -1'000'000'000;
  std::int64_t min_output_step_90k = 1'000'000'000;
  std::int64_t max_output_step_90k = 0;

  //! One frame: the camera's clock advances source_step_90k, the server's arrival_step_ms; checks monotony.
  TimestampRebaser::Result frame(std::int64_t source_step_90k = k_frame_90k, std::int64_t arrival_step_ms = k_frame_ms) {
    source_90k += source_step_90k;
    now_ms += arrival_step_ms;
    auto result = rebaser.rebase(source_90k, source_90k);
    if (last_dts_90k != 0) {
      EXPECT_GT(result.dts_90k, last_dts_90k) << "went backwards";
      min_output_step_90k = std::min(min_output_step_90k, result.dts_90k - last_dts_90k);
      max_output_step_90k = std::max(max_output_step_90k, result.dts_90k - last_dts_90k);
    }
    last_dts_90k = result.dts_90k;
    reanchors += result.reanchored;
    max_lead_90k = std::max(max_lead_90k, result.dts_90k - now_ms * 90);
    max_lag_90k = std::max(max_lag_90k, now_ms * 90 - result.dts_90k);
    return result;
  }
  std::int64_t lead_90k() const { return last_dts_90k - now_ms * 90; }
  void reset_extremes() {
    max_lead_90k = max_lag_90k = -1'000'000'000;
    min_output_step_90k = 1'000'000'000;
    max_output_step_90k = 0;
  }
};

TEST(TimestampRebaser, AnchorsAtArrivalAndKeepsTheSourceSpacing) {
  Simulation camera;
  auto first = camera.rebaser.rebase(camera.source_90k, camera.source_90k);
  EXPECT_EQ(first.dts_90k, k_epoch_ms * 90);
  EXPECT_FALSE(first.reanchored);
  camera.last_dts_90k = first.dts_90k;
  camera.source_90k += k_frame_90k;
  camera.now_ms += k_frame_ms;
  auto second = camera.rebaser.rebase(camera.source_90k, camera.source_90k + k_frame_90k); // B-frame style pts > dts
  EXPECT_EQ(second.dts_90k, camera.now_ms * 90);
  EXPECT_EQ(second.pts_90k - second.dts_90k, k_frame_90k);
  camera.last_dts_90k = second.dts_90k;
  // Arrival jitter of a few ms either way changes nothing: the camera's spacing is kept.
  for (int i = 0; i < 100; ++i) {
    camera.source_90k += k_frame_90k;
    camera.now_ms += k_frame_ms + (i % 2 ? 5 : -5);
    auto result = camera.rebaser.rebase(camera.source_90k, camera.source_90k);
    EXPECT_EQ(result.dts_90k - camera.last_dts_90k, k_frame_90k) << i;
    camera.last_dts_90k = result.dts_90k;
  }
}

TEST(TimestampRebaser, ABurstAtConnectIsSlewedBackToArrivalWithoutGoingBackwards) {
  Simulation camera;
  // Five buffered frames arrive at once, then the stream runs in real time.
  for (int i = 0; i < 5; ++i)
    camera.frame(k_frame_90k, 0);
  EXPECT_GT(camera.lead_90k(), 100 * 90); // the burst put the timeline ~160 ms ahead
  camera.reset_extremes();
  for (int i = 0; i < 200; ++i)
    camera.frame();
  EXPECT_EQ(camera.reanchors, 0);
  EXPECT_GE(camera.min_output_step_90k, k_frame_90k * 7 / 8); // steps shrink by at most 1/8
  EXPECT_LE(camera.max_output_step_90k, k_frame_90k);
  EXPECT_LE(camera.lead_90k(), 10 * 90); // caught up: at most the 10 ms tolerance ahead
}

// Issue 17 item 13: a camera whose clock jumped back and forth pushed recordings 654 s ahead of now.
TEST(TimestampRebaser, ClockJumpsBothWaysReanchorAtArrivalAndNeverRunAhead) {
  Simulation camera;
  for (int i = 0; i < 25; ++i)
    camera.frame();
  for (int cycle = 0; cycle < 20; ++cycle) {
    for (std::int64_t jump_ms : {5'000, -5'000, 9'000, -9'000, 3'600'000, -3'600'000}) {
      auto jumped = camera.frame(k_frame_90k + jump_ms * 90);
      EXPECT_TRUE(jumped.reanchored) << jump_ms;
      EXPECT_LE(std::llabs(jumped.dts_90k - camera.now_ms * 90), k_frame_90k) << jump_ms; // at arrival
      for (int i = 0; i < 10; ++i)
        EXPECT_FALSE(camera.frame().reanchored);
    }
  }
  EXPECT_EQ(camera.reanchors, 20 * 6);
  EXPECT_LE(camera.max_lead_90k, k_frame_90k);
  EXPECT_LE(camera.max_lag_90k, k_frame_90k);
}

TEST(TimestampRebaser, AStepBackWithinTheToleranceIsBridgedAndCaughtUpWithoutANewRun) {
  Simulation camera;
  for (int i = 0; i < 25; ++i)
    camera.frame();
  camera.reset_extremes();
  camera.frame(k_frame_90k - 500 * 90); // the camera's clock steps back 0.5 s
  for (int i = 0; i < 25 * 60; ++i)
    camera.frame();
  EXPECT_EQ(camera.reanchors, 0);
  EXPECT_LE(camera.max_output_step_90k, k_frame_90k * 9 / 8); // caught up by lengthening steps by at most 1/8
  EXPECT_GE(camera.lead_90k(), -150 * 90); // back within the latency tolerance of arrival
  EXPECT_LE(camera.max_lead_90k, 10 * 90);
}

TEST(TimestampRebaser, ANetworkStallIsNoJump) {
  Simulation camera;
  for (int i = 0; i < 25; ++i)
    camera.frame();
  auto before = camera.last_dts_90k;
  camera.frame(k_frame_90k, 3'000); // frames stop arriving for 3 s ...
  EXPECT_EQ(camera.last_dts_90k - before, k_frame_90k); // ... the camera's time is right: kept
  for (int i = 0; i < 74; ++i)
    camera.frame(k_frame_90k, 0); // ... then the 3 s of frames come in a burst
  for (int i = 0; i < 100; ++i)
    camera.frame();
  EXPECT_EQ(camera.reanchors, 0);
  EXPECT_LE(camera.max_lead_90k, 10 * 90);
  EXPECT_LE(std::llabs(camera.lead_90k()), 2 * k_frame_90k);
}

TEST(TimestampRebaser, ADriftingCameraClockIsSlewedNeverStepped) {
  for (std::int64_t drift_per_frame_90k : {36, -36, 180, -180}) { // 1 % and 5 % fast or slow
    Simulation camera;
    for (int i = 0; i < 25; ++i)
      camera.frame();
    camera.reset_extremes();
    for (int i = 0; i < 25 * 600; ++i) // ten minutes
      camera.frame(k_frame_90k + drift_per_frame_90k);
    EXPECT_EQ(camera.reanchors, 0) << drift_per_frame_90k;
    EXPECT_LE(camera.max_lead_90k, 10 * 90 + k_frame_90k / 8) << drift_per_frame_90k;
    // Behind by at most what a slow clock loses in two 10 s windows (the lag is measured over one, caught up in the
    // next) plus the latency tolerance.
    EXPECT_LE(camera.max_lag_90k, 2 * 10 * 25 * std::llabs(drift_per_frame_90k) + 100 * 90) << drift_per_frame_90k;
    EXPECT_GE(camera.min_output_step_90k, (k_frame_90k + drift_per_frame_90k) * 7 / 8) << drift_per_frame_90k;
    EXPECT_LE(camera.max_output_step_90k, (k_frame_90k + drift_per_frame_90k) * 9 / 8 + 1) << drift_per_frame_90k;
  }
}

TEST(TimestampRebaser, AClockTooFastOrTooSlowToSlewStaysWithinTheToleranceOfArrival) {
  Simulation fast;
  for (int i = 0; i < 25 * 60; ++i)
    fast.frame(2 * k_frame_90k); // runs at double speed
  EXPECT_LE(fast.max_lead_90k, 2 * 90000);
  Simulation slow;
  for (int i = 0; i < 25 * 60; ++i)
    slow.frame(k_frame_90k / 2); // half speed: re-anchored once behind by more than 2 s for a window
  EXPECT_GT(slow.reanchors, 0);
  EXPECT_LE(slow.max_lag_90k, 2 * 10 * 90000 / 2 + k_frame_90k); // what it loses in two 10 s windows
}

TEST(TimestampRebaser, AFileKeepsItsOwnSpacingAndBridgesItsJumps) {
  std::int64_t now_ms = k_epoch_ms;
  TimestampRebaser rebaser([&] { return now_ms; }, /*live=*/false);
  auto first = rebaser.rebase(0, 0);
  auto second = rebaser.rebase(k_frame_90k, k_frame_90k); // read at full speed: the clock does not move
  EXPECT_EQ(second.dts_90k - first.dts_90k, k_frame_90k);
  auto back = rebaser.rebase(0, 0); // a concatenated file starting over
  EXPECT_TRUE(back.reanchored);
  EXPECT_EQ(back.dts_90k - second.dts_90k, k_frame_90k);
  auto ahead = rebaser.rebase(90000ll * 3600, 90000ll * 3600);
  EXPECT_TRUE(ahead.reanchored);
  EXPECT_EQ(ahead.dts_90k - back.dts_90k, k_frame_90k);
}

} // namespace
} // namespace argus::media
