#pragma once
// How long messages took from entering the server to being written to a WebSocket (the frames transport's "ingest
// hand-over → send"): a fixed histogram of 0.1 ms steps (up to 100 ms; longer ones count in the last step) and the
// exact maximum, so a connection of any length costs the same few KB. Logged by the connection when it closes.
#include <array>
#include <chrono>
#include <cstdint>
#include <string>

namespace argus::http {

class SendDelayStats {
public:
  void record(std::chrono::steady_clock::duration delay);
  std::uint64_t count() const { return count_; }
  //! The delay at percentile p (0..100) in ms, to the 0.1 ms step (the upper bound of its step); 0 without samples.
  double percentile_ms(double p) const;
  double max_ms() const;
  //! "N messages, p50 X ms, p99 Y ms, max Z ms".
  std::string summary() const;

private:
  static constexpr std::int64_t k_step_us = 100;
  std::array<std::uint32_t, 1000> steps_{};
  std::uint64_t count_ = 0;
  std::int64_t max_us_ = 0;
};

} // namespace argus::http
