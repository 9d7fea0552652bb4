#include "analytics/motion_retention.hpp"

#include <set>

#include <spdlog/spdlog.h>

#include "analytics/recap_store.hpp"
#include "store/database.hpp"

namespace argus::analytics {
namespace {

constexpr std::int64_t k_day_s = 24 * 3600;

} // namespace

MotionRetention::MotionRetention(store::Database& database, std::filesystem::path data_dir,
                                 std::function<std::int64_t()> now_ms)
    : database_(database), data_dir_(std::move(data_dir)), now_ms_(std::move(now_ms)) {}

MotionRetentionReport MotionRetention::run_once() {
  namespace fs = std::filesystem;
  MotionRetentionReport report;
  auto now_s = now_ms_() / 1000;
  std::set<std::string> cameras;
  for (const auto& source : database_.camera_sources()) {
    cameras.insert(std::to_string(source.camera_id));
    ++report.cameras;
    for (const auto& file : database_.delete_motion_before(source.camera_id, now_s - source.retention_days * k_day_s)) {
      std::error_code error;
      if (fs::remove(data_dir_ / file, error))
        ++report.recap_files_deleted;
    }
  }
  std::error_code error;
  auto root = RecapStore::root(data_dir_);
  if (!fs::is_directory(root, error))
    return report;
  std::vector<fs::path> orphans;
  for (const auto& entry : fs::directory_iterator(root, error)) {
    auto name = entry.path().filename().string();
    if (entry.is_directory() && !cameras.count(name))
      orphans.push_back(entry.path());
  }
  // A camera created since camera_sources() was read is not an orphan.
  std::erase_if(orphans, [this](const fs::path& dir) {
    auto name = dir.filename().string();
    if (name.empty() || name.size() > 18 || name.find_first_not_of("0123456789") != std::string::npos)
      return false;
    return database_.find_camera(std::stoll(name)).has_value();
  });
  for (const auto& orphan : orphans) {
    fs::remove_all(orphan, error);
    if (error)
      spdlog::warn("motion retention: cannot remove {}: {}", orphan.string(), error.message());
    else
      ++report.camera_dirs_deleted;
  }
  return report;
}

} // namespace argus::analytics
