#pragma once
// Recap JPEGs on disk (DATA/motion/{camera_id}/{ts_ms}[-n].jpg) indexed in the store (motion_recaps). A file is
// written under a temporary name and renamed before its row is inserted, so a row always has a complete file; a
// crash between the two leaves an unindexed file that is never served (and goes with its camera directory).
#include <cstdint>
#include <filesystem>
#include <string>

namespace argus::store {
class Database;
struct MotionRecapRecord;
} // namespace argus::store

namespace argus::analytics {

class RecapStore {
public:
  RecapStore(store::Database& database, std::filesystem::path data_dir);

  //! Stores a recap and returns its id. Throws Error(unavailable) when the file cannot be written.
  std::int64_t save(std::int64_t camera_id, std::int64_t ts_ms, int score, const std::string& jpeg);
  //! Absolute path of a recap's file.
  std::filesystem::path path_of(const store::MotionRecapRecord& recap) const;
  //! DATA/motion: one directory per camera.
  static std::filesystem::path root(const std::filesystem::path& data_dir) { return data_dir / "motion"; }

private:
  store::Database& database_;
  std::filesystem::path data_dir_;
};

} // namespace argus::analytics
