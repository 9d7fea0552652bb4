#pragma once
// State shared by the listener and every session of one Server. Internal to http/.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>

#include "http/client_address.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "http/session_registry.hpp"

namespace boost::asio {
class thread_pool;
}

namespace argus::http {

struct ServerContext {
  std::function<Response(Request&)> handle; // runs on the worker pool
  boost::asio::thread_pool& workers;
  boost::asio::thread_pool& slow_workers;        // requests of the slow lane
  std::function<bool(const Request&)> slow_lane; // unset: none
  std::size_t body_limit_bytes;
  std::chrono::milliseconds read_timeout_ms;
  std::chrono::milliseconds idle_timeout_ms;
  std::atomic<bool> stopping{false};
  SessionRegistry sessions;
  ClientAddressResolver client_addresses; // X-Forwarded-For from trusted proxies
};

} // namespace argus::http
