#pragma once
// Tracks open connections so that a graceful stop can close the idle ones and notice when the last one is gone.
#include <cstdint>
#include <functional>
#include <mutex>
#include <unordered_map>

namespace argus::http {

class SessionRegistry {
public:
  //! Registers a connection; shutdown is called (from any thread) when the server stops. Returns its id.
  std::uint64_t add(std::function<void()> shutdown);
  //! Forgets a closed connection; calls the on-empty callback when it was the last one during a stop.
  void remove(std::uint64_t id);
  //! Calls every registered shutdown, then on_empty once no connection remains (at once when none is open).
  void shutdown_all(std::function<void()> on_empty);
  //! Number of open connections.
  std::size_t size() const;

private:
  mutable std::mutex mutex_;
  std::uint64_t next_id_ = 1;
  std::unordered_map<std::uint64_t, std::function<void()>> shutdowns_;
  std::function<void()> on_empty_;
};

} // namespace argus::http
