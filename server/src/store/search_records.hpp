#pragma once
// Rows of the global search indexes (migration 0020, docs/design/search.md).
#include <cstdint>
#include <string>

namespace argus::store {

//! How a search matches, best first: the name starts with the text, a word of any field starts with it, or it is
//! anywhere in a field (3 characters or more).
enum class SearchTier { name_prefix, word_prefix, substring };

struct SearchCandidate {
  std::int64_t item_id = 0; // camera, wall or export job id
  std::string name;
  std::int64_t network_id = 0;
};

} // namespace argus::store
