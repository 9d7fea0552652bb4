#pragma once
// The global search benchmark's organization (bench/global_search.cpp): 50 networks, 10,000 cameras with varied names,
// tags, models, serials and MACs, 1,000 video walls and 100,000 export jobs, made from a seeded random generator and
// stored in one transaction; an administrator and a viewer of the first 5 networks.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "store/export_records.hpp"
#include "store/records.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "store/wall_records.hpp"

namespace argus::bench {

inline constexpr std::int64_t k_organization = 1;
inline constexpr int k_networks = 50;
inline constexpr int k_cameras = 10'000;
inline constexpr int k_walls = 1'000;
inline constexpr int k_export_jobs = 100'000;
inline constexpr int k_viewer_networks = 5; // the viewer's networks: 1..5
inline constexpr std::int64_t k_admin = 1;
inline constexpr std::int64_t k_viewer = 2;
inline constexpr int k_limit =
    5; // the portal's RESULTS_PER_CATEGORY (web/src/features/global-search/globalSearchModel.ts)

template <typename T> const T& pick(std::mt19937_64& random, const std::vector<T>& items) {
  return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(random)];
}

inline int uniform(std::mt19937_64& random, int low, int high) {
  return std::uniform_int_distribution<int>(low, high)(random);
}

//! The words of a name (letters and digits), as the index splits it.
std::vector<std::string> words_of(const std::string& text);

struct Fleet {
  std::vector<store::NetworkRecord> networks;
  std::vector<store::CameraRecord> cameras;
  std::vector<store::WallRecord> walls;
  std::vector<store::ExportJobRecord> exports;
};

//! The organization's networks, cameras, walls and export jobs.
Fleet make_fleet(std::mt19937_64& random);
//! Stores the organization, its two users, the viewer's privileges and the fleet in one transaction.
void seed(store::SqliteDatabase& database, const Fleet& fleet);

} // namespace argus::bench
