#include "services/telemetry/motion_telemetry_summary.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace argus::services {
namespace {

constexpr std::int64_t k_day_ms = 24LL * 3600 * 1000;

//! Nearest-rank percentile of sorted values.
double percentile(const std::vector<double>& sorted, double share) {
  auto rank = static_cast<std::size_t>(std::ceil(share * static_cast<double>(sorted.size())));
  return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

//! Adds up the samples of one period.
class FiguresBuilder {
public:
  void add(const store::MotionTelemetrySample& sample) {
    ++searches_;
    users_.insert(sample.user_id);
    if (sample.result_count) {
      result_sum_ += static_cast<double>(*sample.result_count);
      ++counted_;
      if (*sample.result_count == 0)
        ++zero_results_;
    }
    if (sample.search_duration && std::isfinite(*sample.search_duration) && *sample.search_duration >= 0)
      durations_.push_back(*sample.search_duration);
  }

  MotionTelemetryFigures build() {
    MotionTelemetryFigures figures;
    figures.searches = searches_;
    figures.users = static_cast<std::int64_t>(users_.size());
    if (counted_ > 0)
      figures.mean_result_count = result_sum_ / static_cast<double>(counted_);
    figures.zero_result_searches = zero_results_;
    if (!durations_.empty()) {
      std::sort(durations_.begin(), durations_.end());
      figures.median_duration_ms = percentile(durations_, 0.5);
      figures.p95_duration_ms = percentile(durations_, 0.95);
    }
    return figures;
  }

private:
  std::int64_t searches_ = 0;
  std::set<std::int64_t> users_;
  double result_sum_ = 0;
  std::int64_t counted_ = 0;
  std::int64_t zero_results_ = 0;
  std::vector<double> durations_;
};

} // namespace

std::int64_t utc_day_start_ms(std::int64_t ms) {
  auto day = ms / k_day_ms;
  if (ms % k_day_ms < 0)
    --day;
  return day * k_day_ms;
}

MotionTelemetrySummary summarize_motion_telemetry(const std::vector<store::MotionTelemetrySample>& samples, int days,
                                                  std::int64_t now_ms) {
  days = std::max(days, 1);
  auto first_day_ms = utc_day_start_ms(now_ms) - static_cast<std::int64_t>(days - 1) * k_day_ms;
  std::vector<FiguresBuilder> per_day(static_cast<std::size_t>(days));
  FiguresBuilder totals;
  std::map<std::string, std::int64_t> by_feature;
  for (const auto& sample : samples) {
    auto index = (sample.received_ms - first_day_ms) / k_day_ms;
    if (sample.received_ms < first_day_ms || index >= days)
      continue;
    per_day[static_cast<std::size_t>(index)].add(sample);
    totals.add(sample);
    ++by_feature[sample.feature && !sample.feature->empty() ? *sample.feature : "unknown"];
  }
  MotionTelemetrySummary summary;
  for (int day = 0; day < days; ++day)
    summary.days.push_back({first_day_ms + day * k_day_ms, per_day[static_cast<std::size_t>(day)].build()});
  summary.totals = totals.build();
  summary.searches_by_feature.assign(by_feature.begin(), by_feature.end());
  std::stable_sort(summary.searches_by_feature.begin(), summary.searches_by_feature.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return summary;
}

} // namespace argus::services
