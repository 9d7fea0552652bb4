#pragma once
// Adding, editing and removing cameras (API and CLI share it): validation and normalisation of the input, generated
// MAC and serial, uniqueness (409 naming the field) and the writes, each in one transaction so that nothing changes
// on any error. No I/O but the Database: callers delete recording files, tell the recorder and drop caches.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "services/clock.hpp"
#include "services/text_validation.hpp"
#include "store/recording_records.hpp"
#include "store/records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

//! One imager's URLs (imagers 1 … imager_count-1 of a multi-imager camera; imager 0's are the camera's own). Both
//! absent removes the imager's source: it is then offline with no_source.
struct ImagerSourceInput {
  std::int64_t imager_id = 1;
  std::optional<std::string> main_rtsp_url;
  std::optional<std::string> sub_rtsp_url;
};

//! Fields of a camera to set; absent fields keep their value (PUT) or take their default (POST).
struct CameraInput {
  std::optional<std::string> name;
  std::optional<std::string> model;
  std::optional<std::string> mac;
  std::optional<std::string> serial;
  std::optional<std::string> notes;
  std::optional<std::vector<std::string>> tags;
  std::optional<std::string> product_short_description;
  std::optional<std::string> main_rtsp_url;
  std::optional<std::optional<std::string>> sub_rtsp_url; // engaged nullopt (or "") clears it
  std::optional<std::int64_t> retention_days;
  std::optional<std::int64_t> imager_count;              // 1..16, set when the camera is added (a PUT may repeat it)
  std::optional<std::vector<ImagerSourceInput>> imagers; // these imagers' URLs; imagers not listed keep theirs
};

//! Where a camera must be: inside this organization and network (the API), or anywhere (the CLI: nullopt).
struct CameraScope {
  std::int64_t organization_id = 0;
  std::int64_t network_id = 0;
};

//! A camera after a write, with its source and whether the recorder must (re)start it.
struct CameraChange {
  store::CameraRecord camera;
  store::CameraSourceRecord source;
  bool source_changed = false;
};

// Validators: each returns the normalised value or throws Error(invalid_input) with a message naming the field
// (validate_text: services/text_validation.hpp).
//! rtsp:// or rtsps:// with a host, optional user:password@ and port; no spaces, control or non-ASCII characters.
std::string validate_rtsp_url(std::string_view field, std::string_view url);
//! aa:bb:cc:dd:ee:ff (any case) → lower case.
std::string normalise_mac(std::string_view mac);
//! Letters, digits and '-', 1..40.
std::string validate_serial(std::string_view serial);
//! Each trimmed, non-empty, at most 60 characters, no comma or control character; duplicates dropped; at most 50.
std::vector<std::string> normalise_tags(const std::vector<std::string>& tags);
//! 1..3650.
std::int64_t validate_retention_days(std::int64_t days);
//! 1..16 (media/stream_name.hpp: k_max_imagers).
std::int64_t validate_imager_count(std::int64_t count);
//! Imager ids 1..15, each once; URLs as validate_rtsp_url, "" meaning none.
std::vector<ImagerSourceInput> validated_imagers(const std::vector<ImagerSourceInput>& imagers);
//! Validates every present field of an input (the write methods call it too).
CameraInput validated(const CameraInput& input);

class CameraAdmin {
public:
  using Random = std::function<std::uint64_t()>;

  //! random: source of generated MACs and serials (default: std::random_device).
  CameraAdmin(store::Database& database, Clock now_ms, Random random = nullptr);

  //! Adds a camera to a network (name and main_rtsp_url required). Error: invalid_input, not_found (network or
  //! scope), conflict (mac, serial).
  CameraChange create(std::int64_t network_id, const CameraInput& input,
                      const std::optional<CameraScope>& scope = std::nullopt);
  //! Updates the given fields of a camera.
  CameraChange update(std::int64_t camera_id, const CameraInput& input,
                      const std::optional<CameraScope>& scope = std::nullopt);
  //! Removes a camera and its recording index; returns the recording files (relative to the data dir) to delete.
  std::vector<std::string> remove(std::int64_t camera_id, const std::optional<CameraScope>& scope = std::nullopt);
  //! The camera, or Error(not_found) when it does not exist or lies outside the scope.
  store::CameraRecord find(std::int64_t camera_id, const std::optional<CameraScope>& scope = std::nullopt);
  //! The camera's source (credentials included: for write administrators only).
  store::CameraSourceRecord source(std::int64_t camera_id, const std::optional<CameraScope>& scope = std::nullopt);

private:
  std::string generate_mac();
  std::string generate_serial();
  void check_unique(const store::CameraRecord& camera);
  std::int64_t organization_of_network(std::int64_t network_id);

  store::Database& database_;
  Clock now_ms_;
  Random random_;
};

} // namespace argus::services
