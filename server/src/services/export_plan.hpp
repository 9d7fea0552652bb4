#pragma once
// What an export job's file is made of: the recorded GOP fragments of its range (the keyframe fragment at or before
// t0 up to the one holding t1), each with its chunk file and init segment on disk; a combined job's sources one after
// another.
#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

#include "media/mp4_export.hpp"
#include "store/export_records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

//! The fragments of a camera stream overlapping [t0_ms, t1_ms), in time order (empty: nothing recorded there).
media::ExportPart recorded_part(store::Database& database, const std::filesystem::path& data_dir,
                                std::int64_t camera_id, std::string_view stream, std::int64_t t0_ms,
                                std::int64_t t1_ms);

//! The parts of a job: its own range of its camera's main stream (of its imager), or each source of a combined job.
std::vector<media::ExportPart> export_parts(store::Database& database, const std::filesystem::path& data_dir,
                                            const store::ExportJobRecord& job);

} // namespace argus::services
