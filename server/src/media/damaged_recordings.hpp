#pragma once
// Damaged recordings (a chunk file truncated or overwritten with garbage, issue 17 item 17): the parts still intact
// are served, the damaged range answers a clean "not available" error, and each damaged file is logged once per
// process rather than once per request.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string_view>

namespace argus::media {

//! Logs a warning naming the file the first time it is reported; later reports of the same file are silent.
void report_damaged_recording(const std::filesystem::path& file, std::string_view what);

//! Checks the indexed fragments of one chunk file against its bytes: each must lie inside the file and start with
//! its moof box. Opens the file once; a missing file has no intact fragment.
class ChunkFragmentCheck {
public:
  explicit ChunkFragmentCheck(std::filesystem::path file);
  //! Whether the fragment at offset_bytes (size_bytes long) is intact; reports the file when it is not.
  bool intact(std::int64_t offset_bytes, std::int64_t size_bytes);

private:
  std::filesystem::path file_;
  std::ifstream in_;
  std::int64_t file_size_ = -1;
};

} // namespace argus::media
