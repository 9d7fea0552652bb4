#include "common/thread_info.hpp"

#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

namespace argus::common {
namespace {

std::string comm_of_current_thread() {
  std::ifstream file("/proc/thread-self/comm");
  std::string name;
  std::getline(file, name);
  return name;
}

TEST(ThreadInfo, RunInBackgroundLowersOnlyTheCallingThread) {
  const int before = current_thread_nice();
  int worker_nice = 0;
  std::string worker_name;
  bool lowered = false;
  std::thread worker([&] {
    lowered = run_in_background(before + 10, "argus-test-worker-long-name");
    worker_nice = current_thread_nice();
    worker_name = comm_of_current_thread();
  });
  worker.join();
  ASSERT_TRUE(lowered);
  EXPECT_EQ(worker_nice, std::min(before + 10, 19));
  EXPECT_EQ(worker_name, "argus-test-work"); // cut to 15 characters
  EXPECT_EQ(current_thread_nice(), before) << "the calling thread keeps its priority";
}

TEST(ThreadInfo, ThreadCpuCountsOnlyTheCallingThreadsWork) {
  const auto start = thread_cpu_ns();
  volatile std::uint64_t sum = 0;
  for (std::uint64_t i = 0; i < 20'000'000; ++i)
    sum = sum + i;
  const auto busy = thread_cpu_ns() - start;
  EXPECT_GT(busy, 1'000'000); // at least 1 ms of work
  const auto idle_start = thread_cpu_ns();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_LT(thread_cpu_ns() - idle_start, 10'000'000) << "sleeping costs no CPU";
}

} // namespace
} // namespace argus::common
