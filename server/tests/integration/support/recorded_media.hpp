#pragma once
// Plays back what argusd recorded, as a player would: the main stream's history playlist for a range, then every
// segment (byte range of a chunk file) after its init segment, decoded with libavcodec (support/media_decode.hpp).
//
//   auto decoded = decode_history(admin, camera_id, start_ms, end_ms, scratch_dir / "history.mp4");
//   EXPECT_GT(decoded.frames, 0);  EXPECT_EQ(decoded.errors, 0);
#include <cstdint>
#include <filesystem>

#include "support/http_client.hpp"
#include "support/media_decode.hpp"

namespace argus::testing {

//! Decodes the recording of [start_ms, end_ms]: frames, packets and errors summed over its init segments (one decode
//! per init segment, through scratch_file). `error` says what failed when the playlist or a file did not answer.
DecodeResult decode_history(HttpClient& client, std::int64_t camera_id, std::int64_t start_ms, std::int64_t end_ms,
                            const std::filesystem::path& scratch_file);

} // namespace argus::testing
