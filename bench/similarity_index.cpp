// Similarity search cost (issue 11: "similarity top-10 over 1,000,000 stored embeddings, target <= 50 ms p99";
// docs/design/detection.md "Appearance and similarity"): SimilarityIndex filled with synthetic appearance embeddings
// (people of a few thousand looks, each seen many times with noise, k_embedding_dims int8 values like the real ones)
// over 16 cameras and 30 days, then top-10 latency p50/p99 of queries without filters, with a camera filter, a time
// filter, a class filter and a high threshold (wall clock and the search thread's CPU time); the index's memory.
//
//   argus_bench_similarity [--entries 1000000] [--queries 300]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "detection/appearance.hpp"
#include "detection/similarity_index.hpp"
#include "timing/bench_timing.hpp"

namespace {

using argus::bench::percentile;

using namespace argus::detection;

constexpr int k_cameras = 16;
constexpr std::int64_t k_day_ms = 86'400'000;
constexpr std::int64_t k_days = 30;
constexpr int k_looks = 5000;

// A look: a random direction with non-negative colour bins (as real colour histograms are); a sighting: the look
// plus noise, through the same int8 quantisation as real embeddings.
std::vector<std::int8_t> sighting(const std::vector<float>& look, std::mt19937& random) {
  std::normal_distribution<float> noise(0.0F, 0.35F);
  std::vector<float> backbone(k_backbone_dims), colour(k_colour_dims);
  for (int i = 0; i < k_backbone_dims; ++i)
    backbone[i] = look[i] + noise(random) * 0.5F;
  for (int i = 0; i < k_colour_dims; ++i)
    colour[i] = std::max(0.0F, look[k_backbone_dims + i] + noise(random) * 0.5F);
  return combine_appearance(backbone, colour);
}

// This thread's CPU time: with other work on the machine, wall-clock latency includes waiting for a core.
double thread_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

std::size_t resident_bytes() {
  std::FILE* status = std::fopen("/proc/self/statm", "r");
  long pages = 0, resident = 0;
  if (status) {
    if (std::fscanf(status, "%ld %ld", &pages, &resident) != 2)
      resident = 0;
    std::fclose(status);
  }
  return static_cast<std::size_t>(resident) * 4096;
}

} // namespace

int main(int argc, char** argv) {
  std::size_t entries = 1'000'000;
  int queries = 300;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--entries") == 0)
      entries = std::strtoull(argv[i + 1], nullptr, 10);
    else if (std::strcmp(argv[i], "--queries") == 0)
      queries = std::atoi(argv[i + 1]);
  }
  std::mt19937 random(11);
  std::normal_distribution<float> unit(0.0F, 1.0F);
  std::vector<std::vector<float>> looks(k_looks, std::vector<float>(k_embedding_dims));
  for (auto& look : looks)
    for (int i = 0; i < k_embedding_dims; ++i)
      look[i] = i < k_backbone_dims ? unit(random) + 0.8F : std::abs(unit(random)) * (i % 3 == 0 ? 1.5F : 0.2F);

  const std::size_t resident_before = resident_bytes();
  SimilarityIndex index;
  std::uniform_int_distribution<int> pick_look(0, k_looks - 1);
  const auto fill_start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < entries; ++i) {
    const std::int64_t camera = static_cast<std::int64_t>(i % k_cameras) + 1;
    // Each camera's tracks arrive in time order over the 30 days, with a little jitter (tracks finish out of order).
    const std::int64_t ts_ms = static_cast<std::int64_t>(i / k_cameras) *
                                   (k_days * k_day_ms * k_cameras / static_cast<std::int64_t>(entries)) +
                               static_cast<std::int64_t>(random() % 5000);
    index.add(
        {camera, static_cast<std::int64_t>(i), ts_ms, i % 5 == 0 ? 1 : 0, sighting(looks[pick_look(random)], random)});
  }
  const double fill_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - fill_start).count();
  std::printf("similarity index: %zu embeddings of %d int8 over %d cameras and %lld days, filled in %.1f s; "
              "%.0f MB of entries (%.0f bytes each), %.0f MB resident growth\n",
              index.size(), k_embedding_dims, k_cameras, static_cast<long long>(k_days), fill_s,
              static_cast<double>(index.memory_bytes()) / 1e6,
              static_cast<double>(index.memory_bytes()) / static_cast<double>(index.size()),
              static_cast<double>(resident_bytes() - resident_before) / 1e6);

  struct Case {
    std::string name;
    SimilarityFilter filter;
  };
  std::vector<Case> cases;
  cases.push_back({"no filter", {}});
  cases.push_back({"4 of 16 cameras", {}});
  cases.back().filter.camera_ids = {1, 5, 9, 13};
  cases.push_back({"1 day of 30", {}});
  cases.back().filter.t0_ms = 14 * k_day_ms;
  cases.back().filter.t1_ms = 15 * k_day_ms;
  cases.push_back({"people only", {}});
  cases.back().filter.object_class = 0;
  cases.push_back({"threshold 0.9", {}});
  cases.back().filter.min_similarity = 0.9F;

  for (const Case& bench_case : cases) {
    std::vector<double> latencies_ms, cpu_ms;
    std::size_t found = 0;
    for (int q = 0; q < queries; ++q) {
      const auto query = sighting(looks[pick_look(random)], random);
      const auto start = std::chrono::steady_clock::now();
      const double cpu_start = thread_cpu_ms();
      const auto matches = index.search(query, bench_case.filter);
      cpu_ms.push_back(thread_cpu_ms() - cpu_start);
      latencies_ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      found += matches.size();
    }
    std::printf("similarity top-10 over %zu, %s: p50 %.1f ms, p99 %.1f ms, max %.1f ms; CPU p50 %.1f ms, p99 %.1f ms "
                "(%.1f matches/query)\n",
                index.size(), bench_case.name.c_str(), percentile(latencies_ms, 0.5), percentile(latencies_ms, 0.99),
                percentile(latencies_ms, 1.0), percentile(cpu_ms, 0.5), percentile(cpu_ms, 0.99),
                static_cast<double>(found) / queries);
  }
  return 0;
}
