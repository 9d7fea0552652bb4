#include "media/jpeg_cache.hpp"

namespace argus::media {

std::shared_ptr<const std::string> JpegCache::find(const Key& key) {
  std::lock_guard lock(mutex_);
  auto found = index_.find(key);
  if (found == index_.end())
    return nullptr;
  recent_.splice(recent_.begin(), recent_, found->second);
  return found->second->image;
}

void JpegCache::insert(const Key& key, std::shared_ptr<const std::string> image) {
  if (!image)
    return;
  std::lock_guard lock(mutex_);
  if (auto found = index_.find(key); found != index_.end())
    erase(found->second);
  size_bytes_ += image->size();
  recent_.push_front({key, std::move(image)});
  index_[key] = recent_.begin();
  while (size_bytes_ > budget_bytes_ && !recent_.empty())
    erase(std::prev(recent_.end()));
}

std::size_t JpegCache::size_bytes() const {
  std::lock_guard lock(mutex_);
  return size_bytes_;
}

void JpegCache::erase(std::list<Entry>::iterator entry) {
  size_bytes_ -= entry->image->size();
  index_.erase(entry->key);
  recent_.erase(entry);
}

} // namespace argus::media
