#include "services/cometd_clients.hpp"

#include <algorithm>
#include <utility>

#include "services/token_codec.hpp"

namespace argus::services {
namespace {

constexpr std::size_t k_client_id_bytes = 18;
constexpr std::int64_t k_sweep_interval_ms = 1'000;

} // namespace

CometdClients::CometdClients(Clock now_ms, CometdLimits limits) : now_ms_(std::move(now_ms)), limits_(limits) {}

void CometdClients::expire_idle_locked(std::int64_t now_ms) {
  last_sweep_ms_ = now_ms;
  std::erase_if(clients_, [&](const auto& entry) {
    const auto& client = entry.second;
    return client.waiting == 0 && client.last_seen_ms + limits_.idle_timeout_ms <= now_ms;
  });
}

CometdClients::Client* CometdClients::find_locked(const std::string& client_id, const std::string& session_key) {
  auto now = now_ms_();
  if (now - last_sweep_ms_ >= k_sweep_interval_ms)
    expire_idle_locked(now);
  auto it = clients_.find(client_id);
  if (it == clients_.end() || it->second.session_key != session_key)
    return nullptr;
  it->second.last_seen_ms = now;
  return &it->second;
}

const CometdClients::Client* CometdClients::find_locked(const std::string& client_id,
                                                        const std::string& session_key) const {
  auto it = clients_.find(client_id);
  if (it == clients_.end() || it->second.session_key != session_key)
    return nullptr;
  return &it->second;
}

std::size_t CometdClients::session_clients_locked(const std::string& session_key) const {
  return static_cast<std::size_t>(std::count_if(
      clients_.begin(), clients_.end(), [&](const auto& entry) { return entry.second.session_key == session_key; }));
}

std::optional<std::string> CometdClients::create(const std::string& session_key) {
  auto now = now_ms_();
  std::lock_guard lock(mutex_);
  expire_idle_locked(now);
  if (clients_.size() >= limits_.max_clients || session_clients_locked(session_key) >= limits_.max_clients_per_session)
    return std::nullopt;
  auto id = random_token_base64url(k_client_id_bytes);
  Client client;
  client.session_key = session_key;
  client.last_seen_ms = now;
  clients_.emplace(id, std::move(client));
  return id;
}

bool CometdClients::touch(const std::string& client_id, const std::string& session_key) {
  std::lock_guard lock(mutex_);
  return find_locked(client_id, session_key) != nullptr;
}

CometdClients::Status CometdClients::subscribe(const std::string& client_id, const std::string& session_key,
                                               const std::string& channel) {
  std::lock_guard lock(mutex_);
  auto* client = find_locked(client_id, session_key);
  if (!client)
    return Status::unknown_client;
  if (!client->subscriptions.count(channel) && client->subscriptions.size() >= limits_.max_subscriptions_per_client)
    return Status::too_many;
  client->subscriptions.insert(channel);
  return Status::ok;
}

CometdClients::Status CometdClients::unsubscribe(const std::string& client_id, const std::string& session_key,
                                                 const std::string& channel) {
  std::lock_guard lock(mutex_);
  auto* client = find_locked(client_id, session_key);
  if (!client)
    return Status::unknown_client;
  client->subscriptions.erase(channel);
  return Status::ok;
}

std::vector<std::string> CometdClients::subscriptions(const std::string& client_id,
                                                      const std::string& session_key) const {
  std::lock_guard lock(mutex_);
  const auto* client = find_locked(client_id, session_key);
  if (!client)
    return {};
  return {client->subscriptions.begin(), client->subscriptions.end()};
}

CometdClients::Status CometdClients::deliver(const std::string& client_id, const std::string& session_key,
                                             std::vector<nlohmann::json> messages) {
  std::lock_guard lock(mutex_);
  auto* client = find_locked(client_id, session_key);
  if (!client)
    return Status::unknown_client;
  if (client->queue.size() + messages.size() > limits_.max_queued_messages)
    return Status::too_many;
  for (auto& message : messages)
    client->queue.push_back(std::move(message));
  changed_.notify_all();
  return Status::ok;
}

std::vector<nlohmann::json> CometdClients::take(const std::string& client_id, const std::string& session_key) {
  std::lock_guard lock(mutex_);
  auto* client = find_locked(client_id, session_key);
  if (!client)
    return {};
  return std::exchange(client->queue, {});
}

bool CometdClients::remove(const std::string& client_id, const std::string& session_key) {
  std::lock_guard lock(mutex_);
  if (!find_locked(client_id, session_key))
    return false;
  clients_.erase(client_id);
  changed_.notify_all();
  return true;
}

CometdClients::ConnectResult CometdClients::connect(const std::string& client_id, const std::string& session_key,
                                                    std::chrono::milliseconds hold) {
  std::unique_lock lock(mutex_);
  auto* client = find_locked(client_id, session_key);
  if (!client)
    return {Status::unknown_client, {}};
  // A newer connect replaces the one the client may still hold (a reload, a retry after a network error).
  auto connect_id = next_connect_id_++;
  client->connect_id = connect_id;
  changed_.notify_all();
  hold = std::min(hold, limits_.connect_hold);
  if (!client->queue.empty() || hold <= std::chrono::milliseconds::zero() || shutdown_)
    return {Status::ok, std::exchange(client->queue, {})};
  auto& session_held = held_per_session_[session_key];
  if (held_ >= limits_.max_held_connects || session_held >= limits_.max_held_connects_per_session) {
    if (session_held == 0)
      held_per_session_.erase(session_key);
    return {Status::busy, {}};
  }
  ++held_;
  ++session_held;
  ++client->waiting;
  auto current = [&]() -> Client* {
    auto it = clients_.find(client_id);
    return it != clients_.end() && it->second.connect_id == connect_id ? &it->second : nullptr;
  };
  auto deadline = std::chrono::steady_clock::now() + hold;
  changed_.wait_until(lock, deadline, [&] {
    const auto* waiting = current();
    return shutdown_ || !waiting || !waiting->queue.empty();
  });
  --held_;
  if (--held_per_session_[session_key] == 0)
    held_per_session_.erase(session_key);
  ConnectResult result;
  if (auto it = clients_.find(client_id); it != clients_.end()) {
    auto* still = &it->second;
    still->last_seen_ms = now_ms_();
    --still->waiting;
    if (still->connect_id == connect_id)
      result.messages = std::exchange(still->queue, {});
  }
  return result;
}

void CometdClients::shutdown() {
  std::lock_guard lock(mutex_);
  shutdown_ = true;
  changed_.notify_all();
}

std::size_t CometdClients::client_count() const {
  std::lock_guard lock(mutex_);
  return clients_.size();
}

std::size_t CometdClients::held_connects() const {
  std::lock_guard lock(mutex_);
  return held_;
}

} // namespace argus::services
