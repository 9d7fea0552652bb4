#pragma once
// A bounded pool of PostgreSQL connections. lease() hands out an idle connection, opens a new one while fewer than
// `size` are open, or waits; a wait longer than the lease timeout throws Error(unavailable). A connection found lost
// when its lease ends is closed, and so are the idle ones (a lost connection usually means the server restarted), so
// the next lease connects afresh: requests fail cleanly while PostgreSQL is down and succeed again once it is back.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace argus::store {

class PgConnection;
class PgPool;

//! One leased connection, returned to the pool when destroyed.
class PgLease {
public:
  PgLease(PgPool& pool, std::unique_ptr<PgConnection> connection);
  PgLease(PgLease&& other) noexcept;
  PgLease(const PgLease&) = delete;
  PgLease& operator=(const PgLease&) = delete;
  PgLease& operator=(PgLease&&) = delete;
  ~PgLease();

  PgConnection& operator*() const { return *connection_; }
  PgConnection* operator->() const { return connection_.get(); }

private:
  PgPool* pool_;
  std::unique_ptr<PgConnection> connection_;
};

class PgPool {
public:
  //! A pool of at most size connections to conninfo; opens none until the first lease.
  PgPool(std::string conninfo, std::size_t size, std::chrono::milliseconds lease_timeout);
  ~PgPool();

  //! A connection for the caller's exclusive use; throws Error(unavailable) when none frees up in time or PostgreSQL
  //! cannot be reached.
  PgLease lease();
  //! Connections open now (idle and leased).
  std::size_t open_connections();

private:
  friend class PgLease;
  void give_back(std::unique_ptr<PgConnection> connection);

  const std::string conninfo_;
  const std::size_t size_;
  const std::chrono::milliseconds lease_timeout_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<std::unique_ptr<PgConnection>> idle_;
  std::size_t open_ = 0;
};

} // namespace argus::store
