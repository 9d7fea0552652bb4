#include "services/outbox.hpp"

#include <spdlog/spdlog.h>

namespace argus::services {

Outbox::Outbox(MessageSender& sender, std::size_t capacity)
    : sender_(sender), capacity_(capacity), worker_([this] { run(); }) {}

Outbox::~Outbox() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  worker_.join();
}

bool Outbox::post(OutgoingMessage message) {
  {
    std::lock_guard lock(mutex_);
    if (queue_.size() >= capacity_) {
      spdlog::warn("outbox full: a message to {} was dropped", message.to);
      return false;
    }
    queue_.push_back(std::move(message));
  }
  changed_.notify_all();
  return true;
}

void Outbox::drain() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return queue_.empty() && !sending_; });
}

void Outbox::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty())
      return; // stopping, nothing left
    auto message = std::move(queue_.front());
    queue_.pop_front();
    sending_ = true;
    lock.unlock();
    try {
      sender_.send(message);
    } catch (const std::exception& error) {
      spdlog::warn("a message to {} was not sent: {}", message.to, error.what());
    }
    lock.lock();
    sending_ = false;
    changed_.notify_all();
  }
}

} // namespace argus::services
