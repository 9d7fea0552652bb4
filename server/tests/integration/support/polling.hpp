#pragma once
// Waiting for a real server to get somewhere: poll a condition until it holds or a timeout passes.
//
//   ASSERT_TRUE(poll_until(15s, [&] { return status_of(admin, id) == "active"; }));
#include <chrono>
#include <functional>
#include <thread>

namespace argus::testing {

//! Checks `done` every `interval` until it holds or `timeout` passes; returns whether it held.
inline bool poll_until(std::chrono::milliseconds timeout, const std::function<bool()>& done,
                       std::chrono::milliseconds interval = std::chrono::milliseconds(200)) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    if (done())
      return true;
    if (std::chrono::steady_clock::now() > deadline)
      return false;
    std::this_thread::sleep_for(interval);
  }
}

} // namespace argus::testing
