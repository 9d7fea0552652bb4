#include "services/export_plan.hpp"

#include <map>

#include "media/stream_name.hpp"
#include "store/database.hpp"

namespace argus::services {

media::ExportPart recorded_part(store::Database& database, const std::filesystem::path& data_dir,
                                std::int64_t camera_id, std::string_view stream, std::int64_t t0_ms,
                                std::int64_t t1_ms) {
  std::map<std::int64_t, std::optional<store::ChunkRecord>> chunks;
  std::map<std::int64_t, std::optional<store::InitSegmentRecord>> inits;
  media::ExportPart part;
  for (const auto& fragment : database.fragments_in_range(camera_id, stream, t0_ms, t1_ms)) {
    if (fragment.size_bytes <= 0 || fragment.duration_ms < 0)
      continue;
    auto chunk = chunks.find(fragment.chunk_id);
    if (chunk == chunks.end())
      chunk = chunks.emplace(fragment.chunk_id, database.find_chunk(fragment.chunk_id)).first;
    if (!chunk->second)
      continue; // deleted meanwhile: the file is gone too
    auto init_id = chunk->second->init_segment_id;
    auto init = inits.find(init_id);
    if (init == inits.end())
      init = inits.emplace(init_id, database.find_init_segment(init_id)).first;
    if (!init->second)
      continue;
    part.push_back({init_id, data_dir / init->second->file_path, data_dir / chunk->second->file_path,
                    static_cast<std::uint64_t>(fragment.offset_bytes), static_cast<std::uint64_t>(fragment.size_bytes),
                    fragment.start_ms, fragment.duration_ms});
  }
  return part;
}

std::vector<media::ExportPart> export_parts(store::Database& database, const std::filesystem::path& data_dir,
                                            const store::ExportJobRecord& job) {
  std::vector<media::ExportPart> parts;
  if (!job.combined) {
    if (job.camera_id) {
      auto stream = media::stream_name({false, static_cast<int>(job.imager_id)});
      parts.push_back(recorded_part(database, data_dir, *job.camera_id, stream, job.t0_ms, job.t1_ms));
    }
    return parts;
  }
  for (const auto& source : job.sources)
    if (source.camera_id)
      parts.push_back(recorded_part(database, data_dir, *source.camera_id, "main", source.t0_ms, source.t1_ms));
  return parts;
}

} // namespace argus::services
