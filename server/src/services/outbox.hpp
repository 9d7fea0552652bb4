#pragma once
// Sends messages in the background, one at a time, so that a request that mails someone answers at once and in the
// same time whether or not it sent anything (forgot-password must not tell who has an account). Bounded: when the
// queue is full a message is dropped and logged. Failures are logged; nothing is retried.
//   Outbox outbox(mailer);
//   outbox.post({"v@example.com", "Reset your Argus password", "..."});
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <thread>

#include "services/message_sender.hpp"

namespace argus::services {

class Outbox {
public:
  explicit Outbox(MessageSender& sender, std::size_t capacity = 100);
  ~Outbox(); // sends what is queued, then stops
  Outbox(const Outbox&) = delete;
  Outbox& operator=(const Outbox&) = delete;

  //! Queues a message; false (and logged) when the queue is full.
  bool post(OutgoingMessage message);
  //! Blocks until every queued message was handed to the sender (tests).
  void drain();

private:
  void run();

  MessageSender& sender_;
  std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<OutgoingMessage> queue_;
  bool sending_ = false;
  bool stopping_ = false;
  std::thread worker_;
};

} // namespace argus::services
