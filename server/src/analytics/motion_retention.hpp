#pragma once
// Motion data follows the camera's video retention (cameras.retention_days): seconds, summaries and recaps older
// than that are deleted (rows first, then recap files), and the recap directories of cameras that no longer exist
// are removed. MotionService runs it every minute, the recorder's retention schedule.
#include <cstdint>
#include <filesystem>
#include <functional>

namespace argus::store {
class Database;
}

namespace argus::analytics {

struct MotionRetentionReport {
  std::int64_t cameras = 0;
  std::int64_t recap_files_deleted = 0;
  std::int64_t camera_dirs_deleted = 0;
};

class MotionRetention {
public:
  MotionRetention(store::Database& database, std::filesystem::path data_dir, std::function<std::int64_t()> now_ms);

  //! One pass over every camera.
  MotionRetentionReport run_once();

private:
  store::Database& database_;
  std::filesystem::path data_dir_;
  std::function<std::int64_t()> now_ms_;
};

} // namespace argus::analytics
