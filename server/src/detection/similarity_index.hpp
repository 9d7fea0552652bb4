#pragma once
// An in-memory index of tracks' appearance embeddings (appearance.hpp, k_embedding_dims int8 values) answering top-k
// by cosine similarity with the spec's filters (cameras, time range, object class, a minimum similarity). Each
// camera's entries are kept in time order, so a time range is found by binary search, and scanned brute force with
// an int8 dot product the compiler vectorises. FAISS was not taken: docs/design/detection.md "Appearance and
// similarity" has the figures (top-10 over 1,000,000 embeddings within the 50 ms target on one core).
//
// Thread-safe: searches share a lock, add and remove take it alone (a search over 1,000,000 entries holds it for
// tens of milliseconds).
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <shared_mutex>
#include <span>
#include <utility>
#include <vector>

namespace argus::detection {

struct IndexedTrack {
  std::int64_t camera_id = 0;
  std::int64_t track_id = 0;
  std::int64_t ts_ms = 0; // when the embedding was taken (the track's best point); what time filters compare
  int object_class = 0;
  std::vector<std::int8_t> embedding; // k_embedding_dims values
};

struct SimilarityFilter {
  std::vector<std::int64_t> camera_ids;                          // empty: every camera
  std::int64_t t0_ms = std::numeric_limits<std::int64_t>::min(); // inclusive
  std::int64_t t1_ms = std::numeric_limits<std::int64_t>::max(); // exclusive
  std::optional<int> object_class;
  float min_similarity = 0; // cosine: matches below it are left out
  std::size_t limit = 10;
  std::optional<std::pair<std::int64_t, std::int64_t>> exclude; // camera_id, track_id (the query's own track)
};

struct SimilarityMatch {
  std::int64_t camera_id = 0;
  std::int64_t track_id = 0;
  std::int64_t ts_ms = 0;
  float similarity = 0; // cosine, -1..1
};

class SimilarityIndex {
public:
  //! Adds a track (another add of the same track adds a second entry). Returns false, indexing nothing, when the
  //! embedding is not k_embedding_dims long. Cheapest in time order per camera (an older entry is inserted in place).
  bool add(const IndexedTrack& track);
  //! Forgets a camera's entries.
  void remove_camera(std::int64_t camera_id);
  //! Forgets a camera's entries taken before ts_ms (retention).
  void remove_before(std::int64_t camera_id, std::int64_t ts_ms);
  //! Entries in all.
  std::size_t size() const;
  //! Bytes held by the entries (capacity, not just size).
  std::size_t memory_bytes() const;

  //! The `filter.limit` entries most similar to `query`, best first, with t0_ms <= ts_ms < t1_ms.
  //! Empty when the query is not k_embedding_dims long or is all zero.
  std::vector<SimilarityMatch> search(std::span<const std::int8_t> query, const SimilarityFilter& filter) const;

private:
  // One camera's entries in ts_ms order, as parallel arrays; embeddings back to back.
  struct CameraEntries {
    std::vector<std::int64_t> ts_ms;
    std::vector<std::int64_t> track_ids;
    std::vector<std::int32_t> object_classes;
    std::vector<float> inverse_norms; // 1 / |embedding|
    std::vector<std::int8_t> embeddings;
  };

  mutable std::shared_mutex mutex_;
  std::map<std::int64_t, CameraEntries> cameras_;
  std::size_t size_ = 0;
};

} // namespace argus::detection
