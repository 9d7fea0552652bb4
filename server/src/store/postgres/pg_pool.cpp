#include "store/postgres/pg_pool.hpp"

#include "common/error.hpp"
#include "store/postgres/pg_connection.hpp"

namespace argus::store {

PgLease::PgLease(PgPool& pool, std::unique_ptr<PgConnection> connection)
    : pool_(&pool), connection_(std::move(connection)) {}

PgLease::PgLease(PgLease&& other) noexcept : pool_(other.pool_), connection_(std::move(other.connection_)) {}

PgLease::~PgLease() {
  if (connection_)
    pool_->give_back(std::move(connection_));
}

PgPool::PgPool(std::string conninfo, std::size_t size, std::chrono::milliseconds lease_timeout)
    : conninfo_(std::move(conninfo)), size_(size == 0 ? 1 : size), lease_timeout_(lease_timeout) {}

PgPool::~PgPool() = default;

PgLease PgPool::lease() {
  std::unique_lock lock(mutex_);
  bool free = freed_.wait_for(lock, lease_timeout_, [&] { return !idle_.empty() || open_ < size_; });
  if (!free) {
    throw Error(Error::Kind::unavailable,
                "no PostgreSQL connection became free within " + std::to_string(lease_timeout_.count()) + " ms");
  }
  if (!idle_.empty()) {
    auto connection = std::move(idle_.back());
    idle_.pop_back();
    return PgLease(*this, std::move(connection));
  }
  ++open_;
  lock.unlock();
  try {
    return PgLease(*this, std::make_unique<PgConnection>(conninfo_));
  } catch (...) {
    lock.lock();
    --open_;
    freed_.notify_one();
    throw;
  }
}

std::size_t PgPool::open_connections() {
  std::lock_guard lock(mutex_);
  return open_;
}

void PgPool::give_back(std::unique_ptr<PgConnection> connection) {
  std::vector<std::unique_ptr<PgConnection>> closing;
  {
    std::lock_guard lock(mutex_);
    if (connection->reusable()) {
      idle_.push_back(std::move(connection));
    } else {
      closing.push_back(std::move(connection));
      closing.insert(closing.end(), std::make_move_iterator(idle_.begin()), std::make_move_iterator(idle_.end()));
      idle_.clear();
      open_ -= closing.size();
    }
  }
  freed_.notify_all();
  // closing's connections are closed here, outside the lock.
}

} // namespace argus::store
