#pragma once
// The Bayeux (CometD) clients of the player's object-detections channel (docs/design/detection.md "Player detections
// channel"). A client is bound to the session that shook hands, holds its channel subscriptions and the messages
// waiting for its next response, and expires after idle_timeout_ms without a request. A /meta/connect may wait for
// messages (long polling) on a request thread: waits are bounded per session and in all, a newer connect of the same
// client ends the older one, and shutdown() ends every wait. Memory is bounded: clients per session and in all,
// subscriptions per client, messages queued per client.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "services/clock.hpp"

namespace argus::services {

struct CometdLimits {
  std::size_t max_clients = 2'000;
  std::size_t max_clients_per_session = 8;
  std::size_t max_subscriptions_per_client = 16;
  std::size_t max_queued_messages = 16;
  std::size_t max_held_connects = 4; // connects waiting at once in all: each occupies a request thread
  std::size_t max_held_connects_per_session = 2;
  std::int64_t idle_timeout_ms = 60'000;         // a client without a request for this long is forgotten
  std::chrono::milliseconds connect_hold{5'000}; // longest wait of a /meta/connect (the advice's timeout)
};

class CometdClients {
public:
  //! ok; unknown_client: no such client or another session's; too_many: a limit refused it; busy: no connect slot.
  enum class Status { ok, unknown_client, too_many, busy };

  struct ConnectResult {
    Status status = Status::ok;
    std::vector<nlohmann::json> messages; // delivered: removed from the client's queue
  };

  explicit CometdClients(Clock now_ms, CometdLimits limits = {});

  const CometdLimits& limits() const { return limits_; }

  //! A new client id of the session, or nullopt when the session or the server has as many clients as allowed.
  std::optional<std::string> create(const std::string& session_key);
  //! True when the client exists and belongs to the session; refreshes its idle time.
  bool touch(const std::string& client_id, const std::string& session_key);
  //! Adds a subscription (ok when already there); too_many beyond max_subscriptions_per_client.
  Status subscribe(const std::string& client_id, const std::string& session_key, const std::string& channel);
  //! Removes a subscription (ok when it was not there).
  Status unsubscribe(const std::string& client_id, const std::string& session_key, const std::string& channel);
  //! The client's subscriptions, sorted (empty for an unknown client).
  std::vector<std::string> subscriptions(const std::string& client_id, const std::string& session_key) const;
  //! Queues all the messages or none (too_many when the queue would exceed max_queued_messages); wakes its connect.
  Status deliver(const std::string& client_id, const std::string& session_key, std::vector<nlohmann::json> messages);
  //! The client's queued messages, removed from its queue (empty for an unknown client).
  std::vector<nlohmann::json> take(const std::string& client_id, const std::string& session_key);
  //! Forgets the client; a connect it holds returns. False when it was unknown.
  bool remove(const std::string& client_id, const std::string& session_key);

  //! /meta/connect: the queued messages at once when there are any or hold is 0; otherwise waits up to hold (at most
  //! limits().connect_hold) for some. busy, without waiting, when the session or the server already holds as many
  //! connects as allowed. A wait also ends (ok, no messages) when a newer connect of the client arrives, the client is
  //! removed, or shutdown() runs.
  ConnectResult connect(const std::string& client_id, const std::string& session_key, std::chrono::milliseconds hold);

  //! Ends every wait and makes later connects answer at once (process shutdown).
  void shutdown();
  //! Clients held (tests of the bounds and of expiry).
  std::size_t client_count() const;
  //! Connects waiting now (tests).
  std::size_t held_connects() const;

private:
  struct Client {
    std::string session_key;
    std::int64_t last_seen_ms = 0;
    std::set<std::string> subscriptions;
    std::vector<nlohmann::json> queue;
    std::uint64_t connect_id = 0; // the connect that may wait (0: none); a newer one replaces it
    int waiting = 0;              // connects of this client waiting now (a waiting client never expires)
  };

  //! The client when it exists and belongs to the session (idle ones are dropped first), else null.
  Client* find_locked(const std::string& client_id, const std::string& session_key);
  const Client* find_locked(const std::string& client_id, const std::string& session_key) const;
  void expire_idle_locked(std::int64_t now_ms);
  std::size_t session_clients_locked(const std::string& session_key) const;

  Clock now_ms_;
  CometdLimits limits_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::unordered_map<std::string, Client> clients_;
  std::unordered_map<std::string, std::size_t> held_per_session_;
  std::size_t held_ = 0;
  std::uint64_t next_connect_id_ = 1;
  std::int64_t last_sweep_ms_ = 0;
  bool shutdown_ = false;
};

} // namespace argus::services
