// Historical playback: recorded-range availability, the VOD playlist of a time range, the recorded chunk files and
// init segments it references (HTTP Range honoured) and file records. Every route checks the caller's historical
// right on the camera (camera_media_access) and only ever serves files indexed for that camera.
#include <chrono>
#include <filesystem>
#include <memory>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/camera_media_access.hpp"
#include "api/camera_streams.hpp"
#include "api/history_queries.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "http/byte_range.hpp"
#include "media/damaged_recordings.hpp"
#include "media/history_playlist.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::int64_t k_day_ms = 24 * 3600 * 1000;
//! Fragments further apart than this split an availability range (about one GOP of tolerance).
constexpr std::int64_t k_availability_gap_ms = 2000;
//! A ts this recent on a recording camera is "not yet available" (the index lags about a second behind ingest).
constexpr std::int64_t k_recent_ms = 10'000;
//! How far around ts a file record looks for the bounds of the range containing it.
constexpr std::int64_t k_file_record_window_ms = 3600 * 1000;
const char* const k_main = "main";

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The path's stream of the camera: main or sub, or an imager's of a multi-imager camera (camera_streams.hpp).
std::string stream_param(const http::Request& request, const store::CameraRecord& camera) {
  const auto& stream = request.param("stream");
  if (!camera_stream(camera, stream))
    throw Error(Error::Kind::invalid_input, camera.imager_count > 1
                                                ? "stream must be main or sub, or main-imager{k} or sub-imager{k} for "
                                                  "imager k of 1 to " +
                                                      std::to_string(camera.imager_count - 1)
                                                : "stream must be main or sub");
  return stream;
}

//! Size of a file, or Error(not_found) when it is gone (e.g. deleted by retention after the lookup).
std::uint64_t size_of(const std::filesystem::path& path) {
  std::error_code ec;
  auto size = std::filesystem::file_size(path, ec);
  if (ec)
    throw Error(Error::Kind::not_found, "Recording not found");
  return size;
}

http::Response availability(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto network_id = path_id(request, "networkId");
  auto access = require_camera_media(caller, request, MediaRight::historical);
  if (access.network->id != network_id)
    throw Error(Error::Kind::not_found, k_camera_not_found);
  auto [t0, t1] = availability_window(request);
  auto camera = nlohmann::json::array();
  for (const auto& range : context.database.recorded_ranges(access.camera->id, k_main, t0, t1, k_availability_gap_ms)) {
    auto start = std::max(range.start_ms, t0);
    auto end = std::min(range.end_ms, t1);
    if (end > start)
      camera.push_back({start, end});
  }
  auto response = http::Response::json({{"camera", std::move(camera)}, {"cloud", nlohmann::json::array()}});
  response.add_header("Cache-Control", "no-cache");
  return response;
}

http::Response history_playlist(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto access = require_camera_media(caller, request, MediaRight::historical);
  auto stream = stream_param(request, *access.camera);
  auto [start_ms, end_ms] = playlist_window(request);
  log_access(context, request, caller, "recorded_video", access.network, access.camera);

  auto camera_id = access.camera->id;
  // Per chunk: its init segment and a check of its bytes. Damaged fragments (truncated or overwritten file) are left
  // out, so the player skips them as a gap and plays the rest.
  struct ChunkEntry {
    std::int64_t init_segment_id;
    std::unique_ptr<media::ChunkFragmentCheck> check;
  };
  std::unordered_map<std::int64_t, ChunkEntry> chunks;
  auto add_chunk = [&](const store::ChunkRecord& chunk) {
    return chunks
        .emplace(chunk.id, ChunkEntry{chunk.init_segment_id,
                                      std::make_unique<media::ChunkFragmentCheck>(context.data_dir / chunk.file_path)})
        .first;
  };
  for (const auto& chunk : context.database.chunks_in_range(camera_id, stream, start_ms - 60'000, end_ms))
    add_chunk(chunk);
  std::vector<media::HistoryFragment> fragments;
  for (const auto& fragment : context.database.fragments_in_range(camera_id, stream, start_ms, end_ms)) {
    auto entry = chunks.find(fragment.chunk_id);
    if (entry == chunks.end()) {
      auto chunk = context.database.find_chunk(fragment.chunk_id);
      if (!chunk || chunk->camera_id != camera_id)
        continue;
      entry = add_chunk(*chunk);
    }
    if (!entry->second.check->intact(fragment.offset_bytes, fragment.size_bytes))
      continue;
    fragments.push_back({fragment.chunk_id, entry->second.init_segment_id, fragment.start_ms, fragment.duration_ms,
                         fragment.offset_bytes, fragment.size_bytes});
  }
  auto text = media::history_playlist(fragments);
  if (text.empty())
    throw Error(Error::Kind::not_found, "No video in this range");
  auto response = http::Response::text(std::move(text));
  response.content_type = "application/vnd.apple.mpegurl";
  response.add_header("Cache-Control", "no-cache"); // the range may end in the chunk being written
  return response;
}

http::Response chunk_file(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto access = require_camera_media(caller, request, MediaRight::historical);
  auto chunk_id = file_id(request.param("chunkFile"), ".m4s", "chunkFile");
  auto chunk = context.database.find_chunk(chunk_id);
  if (!chunk || chunk->camera_id != access.camera->id)
    throw Error(Error::Kind::not_found, "Recording not found");
  auto path = context.data_dir / chunk->file_path;
  auto file_size = size_of(path);
  // The newest chunk of its stream may still be growing: serve only its indexed bytes, and never let it be cached.
  auto last = context.database.last_fragment(chunk->camera_id, chunk->stream);
  bool open = last && last->chunk_id == chunk->id;
  auto size = open ? std::min<std::uint64_t>(file_size, static_cast<std::uint64_t>(chunk->size_bytes)) : file_size;
  // A truncated chunk: the bytes it lost are not available (the playlist no longer lists them); the rest is served.
  auto indexed_size = static_cast<std::uint64_t>(std::max<std::int64_t>(0, chunk->size_bytes));
  if (file_size < indexed_size) {
    auto wanted = http::parse_byte_range(request.header("range"), indexed_size);
    if (wanted.kind == http::ByteRange::Kind::partial && wanted.offset + wanted.length > file_size) {
      media::report_damaged_recording(path, "shorter than its index (truncated)");
      throw Error(Error::Kind::not_found, "Recording is damaged in this range");
    }
  }
  auto response = http::file_range_response(path, size, request.header("range"), "video/iso.segment", !open);
  response.add_header("Cache-Control", open ? "no-cache" : "private, max-age=3600");
  return response;
}

http::Response init_file(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto access = require_camera_media(caller, request, MediaRight::historical);
  auto init_id = file_id(request.param("initFile"), ".mp4", "initFile");
  auto init = context.database.find_init_segment(init_id);
  if (!init || init->camera_id != access.camera->id)
    throw Error(Error::Kind::not_found, "Recording not found");
  auto path = context.data_dir / init->file_path;
  auto response = http::file_range_response(path, size_of(path), request.header("range"), "video/mp4");
  response.add_header("Cache-Control", "private, max-age=3600");
  return response;
}

std::int64_t retention_days_of(ApiContext& context, std::int64_t camera_id) {
  for (const auto& source : context.database.camera_sources())
    if (source.camera_id == camera_id)
      return source.retention_days;
  return 30;
}

http::Response file_record(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto access = require_camera_media(caller, request, MediaRight::historical);
  auto ts = required_ms(request, "ts_ms");
  auto camera_id = access.camera->id;
  nlohmann::json out = {{"video_status", "ok"},     {"ts_ms", ts},      {"start_ms", nullptr}, {"end_ms", nullptr},
                        {"next_start_ms", nullptr}, {"reason", nullptr}};
  auto ranges = context.database.recorded_ranges(camera_id, k_main, ts - k_file_record_window_ms,
                                                 ts + k_file_record_window_ms, k_availability_gap_ms);
  for (const auto& range : ranges) {
    if (range.start_ms <= ts && ts < range.end_ms) {
      out["start_ms"] = range.start_ms;
      out["end_ms"] = range.end_ms;
      return http::Response::json(out);
    }
  }
  out["video_status"] = "no_video";
  if (auto next = context.database.first_fragment_from(camera_id, k_main, ts))
    out["next_start_ms"] = next->start_ms;
  auto now = now_ms();
  auto last = context.database.last_fragment(camera_id, k_main);
  bool recording =
      access.camera->status == "active" || (last && last->start_ms + last->duration_ms >= now - 2 * k_recent_ms);
  auto oldest = context.database.first_fragment_from(camera_id, k_main, 0);
  // Spec 02 §8: a gap is explained by its real reason. Before the oldest kept recording (quota retention deleted
  // older ones) or older than the retention days: beyond_retention; inside the retained span: the camera was not
  // delivering video (offline or disconnected), unless the time is too recent or still to come.
  if (ts > now || (ts >= now - k_recent_ms && recording)) {
    out["reason"] = "not_yet_available";
  } else if ((oldest && ts < oldest->start_ms) || ts < now - retention_days_of(context, camera_id) * k_day_ms) {
    out["reason"] = "beyond_retention";
  } else {
    out["reason"] = "camera_offline";
  }
  return http::Response::json(out);
}

} // namespace

void register_history_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  routes.add_session("GET", "/n/{networkId}/manage/vision/cameras/{cameraId}/availability", availability);
  routes.add_session("GET", "/cameras/{cameraId}/history/{stream}/index.m3u8", history_playlist);
  routes.add_session("GET", "/cameras/{cameraId}/recordings/{chunkFile}", chunk_file);
  routes.add_session("GET", "/cameras/{cameraId}/recordings/init/{initFile}", init_file);
  routes.add_session("GET", "/cameras/{cameraId}/file_record", file_record);
}

} // namespace argus::api
