#include "common/thread_info.hpp"

#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>

namespace argus::common {
namespace {

id_t current_thread_id() {
  return static_cast<id_t>(syscall(SYS_gettid));
}

} // namespace

std::int64_t thread_cpu_ns() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
}

bool run_in_background(int nice, const std::string& name) {
  pthread_setname_np(pthread_self(), name.substr(0, 15).c_str());
  return setpriority(PRIO_PROCESS, current_thread_id(), nice) == 0;
}

int current_thread_nice() {
  errno = 0;
  return getpriority(PRIO_PROCESS, current_thread_id());
}

} // namespace argus::common
