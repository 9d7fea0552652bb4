#include "analytics/recap_store.hpp"

#include <fstream>

#include "common/error.hpp"
#include "store/database.hpp"

namespace argus::analytics {

RecapStore::RecapStore(store::Database& database, std::filesystem::path data_dir)
    : database_(database), data_dir_(std::move(data_dir)) {}

std::int64_t RecapStore::save(std::int64_t camera_id, std::int64_t ts_ms, int score, const std::string& jpeg) {
  namespace fs = std::filesystem;
  auto relative_dir = fs::path("motion") / std::to_string(camera_id);
  std::error_code error;
  fs::create_directories(data_dir_ / relative_dir, error);
  if (error)
    throw Error(Error::Kind::unavailable, "motion: cannot create " + (data_dir_ / relative_dir).string());
  auto relative = relative_dir / (std::to_string(ts_ms) + ".jpg");
  for (int n = 1; fs::exists(data_dir_ / relative); ++n)
    relative = relative_dir / (std::to_string(ts_ms) + "-" + std::to_string(n) + ".jpg");
  auto path = data_dir_ / relative;
  auto temporary = path;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(jpeg.data(), static_cast<std::streamsize>(jpeg.size()));
    if (!out.flush())
      throw Error(Error::Kind::unavailable, "motion: cannot write " + temporary.string());
  }
  fs::rename(temporary, path, error);
  if (error)
    throw Error(Error::Kind::unavailable, "motion: cannot rename " + temporary.string());
  return database_.insert_motion_recap({0, camera_id, ts_ms, score, relative.generic_string()});
}

std::filesystem::path RecapStore::path_of(const store::MotionRecapRecord& recap) const {
  return data_dir_ / recap.file_path;
}

} // namespace argus::analytics
