#pragma once
// Facts about the calling thread, for the worker pools (motion, object detection): the CPU time it has used, and a
// background priority for work that may wait whenever live video, recording or the HTTP server need the cores.

#include <cstdint>
#include <string>

namespace argus::common {

// CPU time the calling thread has used, in nanoseconds (CLOCK_THREAD_CPUTIME_ID).
std::int64_t thread_cpu_ns();

// Runs the calling thread at `nice` (Linux keeps a nice value per thread; raising it needs no privilege) and names it
// `name` (at most 15 characters, as `top -H` and /proc/self/task/*/comm show it). Returns false and leaves the
// priority as it was when the system refuses.
bool run_in_background(int nice, const std::string& name);

// The calling thread's nice value.
int current_thread_nice();

} // namespace argus::common
