#include "http/session_registry.hpp"

#include <utility>
#include <vector>

namespace argus::http {

std::uint64_t SessionRegistry::add(std::function<void()> shutdown) {
  std::lock_guard lock(mutex_);
  auto id = next_id_++;
  shutdowns_.emplace(id, std::move(shutdown));
  return id;
}

void SessionRegistry::remove(std::uint64_t id) {
  std::function<void()> on_empty;
  {
    std::lock_guard lock(mutex_);
    shutdowns_.erase(id);
    if (shutdowns_.empty())
      on_empty = std::exchange(on_empty_, nullptr);
  }
  if (on_empty)
    on_empty();
}

void SessionRegistry::shutdown_all(std::function<void()> on_empty) {
  std::vector<std::function<void()>> shutdowns;
  bool already_empty = false;
  {
    std::lock_guard lock(mutex_);
    already_empty = shutdowns_.empty();
    if (!already_empty) {
      on_empty_ = std::move(on_empty);
      for (const auto& [id, shutdown] : shutdowns_)
        shutdowns.push_back(shutdown);
    }
  }
  if (already_empty && on_empty)
    on_empty();
  for (const auto& shutdown : shutdowns)
    shutdown();
}

std::size_t SessionRegistry::size() const {
  std::lock_guard lock(mutex_);
  return shutdowns_.size();
}

} // namespace argus::http
