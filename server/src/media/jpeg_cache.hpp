#pragma once
// A bounded in-memory cache of encoded images, least recently used first out: historical snapshots (event thumbnails)
// are decoded once and then served from memory while they are being looked at. Thread-safe.
#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

namespace argus::media {

class JpegCache {
public:
  //! camera, time (ms), width (px; 0 = native)
  using Key = std::tuple<std::int64_t, std::int64_t, int>;

  explicit JpegCache(std::size_t budget_bytes) : budget_bytes_(budget_bytes) {}

  //! The cached image, now the most recently used; null when absent.
  std::shared_ptr<const std::string> find(const Key& key);
  //! Adds (or replaces) an image, dropping the least recently used ones beyond the budget.
  void insert(const Key& key, std::shared_ptr<const std::string> image);
  //! Bytes held.
  std::size_t size_bytes() const;

private:
  struct Entry {
    Key key;
    std::shared_ptr<const std::string> image;
  };
  void erase(std::list<Entry>::iterator entry);

  std::size_t budget_bytes_;
  mutable std::mutex mutex_;
  std::list<Entry> recent_; // most recently used first
  std::map<Key, std::list<Entry>::iterator> index_;
  std::size_t size_bytes_ = 0;
};

} // namespace argus::media
