#pragma once
// Timing helpers shared by the C++ benchmarks (header-only): elapsed milliseconds and percentiles of samples.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

namespace argus::bench {

//! Milliseconds since start, on the steady clock.
inline double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

//! The sample at fraction (0..1) of the sorted values, e.g. 0.99 for p99; 0 without samples.
inline double percentile(std::vector<double> values, double fraction) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, static_cast<std::size_t>(fraction * static_cast<double>(values.size())))];
}

} // namespace argus::bench
