#pragma once
// A WebSocketSink for feed tests: records what a client would receive, in order, as strings (text as is, binary as
// "bin:" + header + bytes). While `stalled` messages wait in `pending` (counted by queued_bytes(), dropped by
// drop_queued()) until resume(); `queued` and `age` add a backlog the test sets directly.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "http/websocket.hpp"

namespace argus::testing {

class FakeWebSocketSink final : public http::WebSocketSink {
public:
  void send_text(std::string text) override { deliver(std::move(text)); }
  void send_binary(http::SharedPieces body) override {
    std::string message = "bin:";
    for (auto piece : body.pieces)
      message.append(piece.begin(), piece.end());
    deliver(std::move(message));
  }
  void send_binary(std::span<const std::uint8_t> header, std::shared_ptr<const std::vector<std::uint8_t>> bytes,
                   std::chrono::steady_clock::time_point /*handed_over*/) override {
    shared.push_back(bytes);
    deliver("bin:" + std::string(header.begin(), header.end()) + std::string(bytes->begin(), bytes->end()));
  }
  std::size_t queued_bytes() const override {
    auto total = queued;
    for (const auto& message : pending)
      total += message.size();
    return total;
  }
  std::chrono::steady_clock::duration oldest_queued_age() const override { return age; }
  void drop_queued() override {
    pending.clear();
    queued = 0;
    age = {};
    ++drops;
  }
  void close() override {}

  //! The client reads again: what waited is received.
  void resume() {
    stalled = false;
    for (auto& message : pending)
      messages.push_back(std::move(message));
    pending.clear();
  }

  std::vector<std::string> messages;                                    // received by the client
  std::vector<std::string> pending;                                     // queued while stalled
  std::vector<std::shared_ptr<const std::vector<std::uint8_t>>> shared; // the bytes of header + bytes messages
  bool stalled = false;
  std::size_t queued = 0;
  std::chrono::steady_clock::duration age{};
  int drops = 0;

private:
  void deliver(std::string message) { (stalled ? pending : messages).push_back(std::move(message)); }
};

} // namespace argus::testing
