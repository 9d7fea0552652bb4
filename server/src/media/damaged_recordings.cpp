#include "media/damaged_recordings.hpp"

#include <array>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

#include <spdlog/spdlog.h>

namespace argus::media {

void report_damaged_recording(const std::filesystem::path& file, std::string_view what) {
  static std::mutex mutex;
  static std::set<std::string> reported;
  {
    std::lock_guard lock(mutex);
    if (!reported.insert(file.string()).second)
      return;
  }
  spdlog::warn("damaged recording {}: {} (its damaged part is not served; logged once)", file.string(), what);
}

ChunkFragmentCheck::ChunkFragmentCheck(std::filesystem::path file) : file_(std::move(file)) {
  std::error_code error;
  auto size = std::filesystem::file_size(file_, error);
  if (!error) {
    file_size_ = static_cast<std::int64_t>(size);
    in_.open(file_, std::ios::binary);
  }
}

bool ChunkFragmentCheck::intact(std::int64_t offset_bytes, std::int64_t size_bytes) {
  if (file_size_ < 0 || !in_)
    return false; // a missing file (retention) is not damage
  if (offset_bytes < 0 || size_bytes < 8 || offset_bytes + size_bytes > file_size_) {
    report_damaged_recording(file_, "shorter than its index (truncated)");
    return false;
  }
  std::array<char, 8> header{};
  in_.clear();
  if (!in_.seekg(offset_bytes) || !in_.read(header.data(), header.size()) ||
      std::memcmp(header.data() + 4, "moof", 4) != 0) {
    report_damaged_recording(file_, "a fragment does not start with its moof box (overwritten)");
    return false;
  }
  return true;
}

} // namespace argus::media
