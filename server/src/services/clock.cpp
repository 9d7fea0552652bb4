#include "services/clock.hpp"

#include <chrono>

namespace argus::services {

std::int64_t system_now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

} // namespace argus::services
