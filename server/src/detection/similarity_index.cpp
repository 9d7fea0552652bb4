#include "detection/similarity_index.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <tuple>

#include "detection/appearance.hpp"

namespace argus::detection {
namespace {

constexpr std::size_t k_dims = k_embedding_dims;
constexpr std::size_t k_block = 256; // entries per dot_products() call

std::int32_t dot_product(const std::int8_t* a, const std::int8_t* b) {
  std::int32_t sum = 0;
  for (std::size_t i = 0; i < k_dims; ++i)
    sum += static_cast<std::int32_t>(a[i]) * static_cast<std::int32_t>(b[i]);
  return sum;
}

// The search's inner loop: the query (widened to int16 once) with `count` embeddings back to back. int16 x int8
// summed in int32 over a fixed length is the pattern GCC turns into pmaddwd at -O2; int8 x int8 is not (it multiplies
// in int16 and widens every product: 3x slower). On x86-64 GCC also compiles it for AVX2 and the loader picks that
// when the CPU has it (function multiversioning): 32-byte vectors instead of SSE2's 16, twice as fast at 1,000,000
// entries (bench/similarity_index.cpp).
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__clang__)
[[gnu::target_clones("avx2", "default")]]
#endif
void dot_products(const std::int16_t* query, const std::int8_t* embeddings, std::size_t count, std::int32_t* out) {
  for (std::size_t entry = 0; entry < count; ++entry) {
    const std::int8_t* embedding = embeddings + entry * k_dims;
    std::int32_t sum = 0;
    for (std::size_t i = 0; i < k_dims; ++i)
      sum += static_cast<std::int32_t>(query[i]) * static_cast<std::int32_t>(embedding[i]);
    out[entry] = sum;
  }
}

float inverse_norm(const std::int8_t* embedding) {
  const std::int32_t squared = dot_product(embedding, embedding);
  return squared > 0 ? static_cast<float>(1.0 / std::sqrt(static_cast<double>(squared))) : 0.0F;
}

// Higher similarity first; equal ones in a fixed order so results do not depend on the scan.
bool better(const SimilarityMatch& a, const SimilarityMatch& b) {
  if (a.similarity != b.similarity)
    return a.similarity > b.similarity;
  return std::tie(a.camera_id, a.ts_ms, a.track_id) < std::tie(b.camera_id, b.ts_ms, b.track_id);
}

// The best `limit` matches seen so far, as a heap with the worst on top.
class TopMatches {
public:
  explicit TopMatches(std::size_t limit) : limit_(limit) { heap_.reserve(std::min<std::size_t>(limit, 1024)); }

  //! Whether a match of this similarity could still get in (before building it).
  bool admits(float similarity) const {
    return limit_ > 0 && (heap_.size() < limit_ || similarity >= heap_.front().similarity);
  }
  void offer(const SimilarityMatch& match) {
    if (heap_.size() < limit_) {
      heap_.push_back(match);
      std::push_heap(heap_.begin(), heap_.end(), better);
    } else if (better(match, heap_.front())) {
      std::pop_heap(heap_.begin(), heap_.end(), better);
      heap_.back() = match;
      std::push_heap(heap_.begin(), heap_.end(), better);
    }
  }
  std::vector<SimilarityMatch> best_first() && {
    std::sort_heap(heap_.begin(), heap_.end(), better);
    return std::move(heap_);
  }

private:
  std::size_t limit_;
  std::vector<SimilarityMatch> heap_;
};

} // namespace

bool SimilarityIndex::add(const IndexedTrack& track) {
  if (track.embedding.size() != k_dims)
    return false;
  std::unique_lock lock(mutex_);
  CameraEntries& entries = cameras_[track.camera_id];
  // Usually at the end: tracks finish about in time order and the store lists them by track id.
  const auto at = std::upper_bound(entries.ts_ms.begin(), entries.ts_ms.end(), track.ts_ms);
  const auto index = at - entries.ts_ms.begin();
  entries.ts_ms.insert(at, track.ts_ms);
  entries.track_ids.insert(entries.track_ids.begin() + index, track.track_id);
  entries.object_classes.insert(entries.object_classes.begin() + index, track.object_class);
  entries.inverse_norms.insert(entries.inverse_norms.begin() + index, inverse_norm(track.embedding.data()));
  entries.embeddings.insert(entries.embeddings.begin() + index * static_cast<std::ptrdiff_t>(k_dims),
                            track.embedding.begin(), track.embedding.end());
  ++size_;
  return true;
}

void SimilarityIndex::remove_camera(std::int64_t camera_id) {
  std::unique_lock lock(mutex_);
  const auto found = cameras_.find(camera_id);
  if (found == cameras_.end())
    return;
  size_ -= found->second.ts_ms.size();
  cameras_.erase(found);
}

void SimilarityIndex::remove_before(std::int64_t camera_id, std::int64_t ts_ms) {
  std::unique_lock lock(mutex_);
  const auto found = cameras_.find(camera_id);
  if (found == cameras_.end())
    return;
  CameraEntries& entries = found->second;
  const auto count = std::lower_bound(entries.ts_ms.begin(), entries.ts_ms.end(), ts_ms) - entries.ts_ms.begin();
  entries.ts_ms.erase(entries.ts_ms.begin(), entries.ts_ms.begin() + count);
  entries.track_ids.erase(entries.track_ids.begin(), entries.track_ids.begin() + count);
  entries.object_classes.erase(entries.object_classes.begin(), entries.object_classes.begin() + count);
  entries.inverse_norms.erase(entries.inverse_norms.begin(), entries.inverse_norms.begin() + count);
  entries.embeddings.erase(entries.embeddings.begin(),
                           entries.embeddings.begin() + count * static_cast<std::ptrdiff_t>(k_dims));
  size_ -= static_cast<std::size_t>(count);
  if (entries.ts_ms.empty())
    cameras_.erase(found);
}

std::size_t SimilarityIndex::size() const {
  std::shared_lock lock(mutex_);
  return size_;
}

std::size_t SimilarityIndex::memory_bytes() const {
  std::shared_lock lock(mutex_);
  std::size_t bytes = 0;
  for (const auto& [camera_id, entries] : cameras_)
    bytes += sizeof(entries) + entries.ts_ms.capacity() * sizeof(std::int64_t) +
             entries.track_ids.capacity() * sizeof(std::int64_t) +
             entries.object_classes.capacity() * sizeof(std::int32_t) +
             entries.inverse_norms.capacity() * sizeof(float) + entries.embeddings.capacity();
  return bytes;
}

std::vector<SimilarityMatch> SimilarityIndex::search(std::span<const std::int8_t> query,
                                                     const SimilarityFilter& filter) const {
  if (query.size() != k_dims)
    return {};
  const float query_inverse_norm = inverse_norm(query.data());
  if (query_inverse_norm == 0)
    return {};
  TopMatches top(filter.limit);
  const std::vector<std::int16_t> query16(query.begin(), query.end());
  std::vector<std::int32_t> dots(k_block);
  std::shared_lock lock(mutex_);
  auto scan = [&](std::int64_t camera_id, const CameraEntries& entries) {
    const auto begin = std::lower_bound(entries.ts_ms.begin(), entries.ts_ms.end(), filter.t0_ms);
    const auto end = std::lower_bound(begin, entries.ts_ms.end(), filter.t1_ms);
    const bool excluding = filter.exclude && filter.exclude->first == camera_id;
    const auto first = static_cast<std::size_t>(begin - entries.ts_ms.begin());
    const auto last = static_cast<std::size_t>(end - entries.ts_ms.begin());
    for (std::size_t block = first; block < last; block += k_block) {
      const std::size_t count = std::min(k_block, last - block);
      dot_products(query16.data(), &entries.embeddings[block * k_dims], count, dots.data());
      for (std::size_t j = 0; j < count; ++j) {
        const std::size_t i = block + j;
        const float similarity = static_cast<float>(dots[j]) * entries.inverse_norms[i] * query_inverse_norm;
        if (similarity < filter.min_similarity || !top.admits(similarity))
          continue;
        if ((filter.object_class && entries.object_classes[i] != *filter.object_class) ||
            (excluding && entries.track_ids[i] == filter.exclude->second))
          continue;
        top.offer({camera_id, entries.track_ids[i], entries.ts_ms[i], std::min(similarity, 1.0F)});
      }
    }
  };
  if (filter.camera_ids.empty()) {
    for (const auto& [camera_id, entries] : cameras_)
      scan(camera_id, entries);
  } else {
    std::vector<std::int64_t> camera_ids = filter.camera_ids;
    std::sort(camera_ids.begin(), camera_ids.end());
    camera_ids.erase(std::unique(camera_ids.begin(), camera_ids.end()), camera_ids.end());
    for (std::int64_t camera_id : camera_ids)
      if (const auto found = cameras_.find(camera_id); found != cameras_.end())
        scan(camera_id, found->second);
  }
  return std::move(top).best_first();
}

} // namespace argus::detection
