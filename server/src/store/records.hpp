#pragma once
// Plain rows of the store, free of SQL and driver types. Services and api handlers work with these only.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace argus::store {

struct OrganizationRecord {
  std::int64_t id = 0;
  std::string eid;
  std::string name;
  std::int64_t shard_id = 1;
  std::string manage_url;
  std::string google_maps_api_key;
  std::string google_maps_client_id;
  std::optional<std::int64_t> password_expiry_days; // passwords older than this must be changed (nullopt: never)
  bool require_two_factor = false; // members prove a second factor at every sign-in (migration 0018)
};

struct UserRecord {
  std::int64_t id = 0;
  std::string name;
  std::string email;
  std::string password_hash; // argon2id string, never leaves the server
  std::int64_t min_idle_timeout_minutes = 30;
  bool password_expired = false;        // set by an administrator: the next sign-in must change it
  std::int64_t password_changed_ms = 0; // when the password was last set (0 on insert: now)
};

struct MembershipRecord {
  std::int64_t user_id = 0;
  std::int64_t organization_id = 0;
  bool is_admin = false;
  bool is_org_write_admin = false;
  bool disabled = false; // by an administrator of the organization (migration 0015): no session there
};

//! A member of an organization as its administrators see them (user administration).
struct MemberRecord {
  std::int64_t user_id = 0;
  std::string name;
  std::string email;
  std::int64_t min_idle_timeout_minutes = 30;
  MembershipRecord membership;
  bool two_factor_enabled = false;         // a confirmed authenticator
  std::optional<std::string> sign_in_code; // "email" or "sms" when sign-in codes are on
};

struct RightsRecord {
  bool write = false;
  bool export_video = false;
  bool historical = false;
  bool live = false;
};

struct PrivilegeRecord {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::int64_t organization_id = 0;
  std::string scope; // organization | network | network_tag | camera | camera_tag
  std::optional<std::int64_t> network_id;
  std::optional<std::int64_t> camera_id;
  std::optional<std::string> tag;
  RightsRecord rights;
};

struct NetworkRecord {
  std::int64_t id = 0;
  std::string eid;
  std::int64_t organization_id = 0;
  std::string name;
  std::string timezone;
  std::vector<std::string> tags;
  std::string locale_id = "en";
  std::string local_lanname;
  std::int64_t shard_id = 1; // the argusd (--shard-id) that ingests, records and serves it (migration 0024)
};

struct PlacementRecord {
  std::int64_t floor_plan_id = 0;
  double lat = 0; // floor-plan y
  double lng = 0; // floor-plan x
};

//! What a camera stream was last recorded as (the newest init segment of that stream, recording_records.hpp).
struct StreamFormatRecord {
  std::string codec; // RFC 6381, e.g. avc1.4d401f, hvc1.1.6.L93.B0
  bool browser_playable = true;
};

//! Which streams of a multi-imager camera's imager k >= 1 have a URL (the URLs are never loaded with the camera).
struct ImagerStreamsRecord {
  std::int64_t imager_id = 1;
  bool has_main_source = false;
  bool has_sub_source = false;
};

struct CameraRecord {
  std::int64_t id = 0;
  std::int64_t network_id = 0;
  std::int64_t organization_id = 0; // derived from the network
  std::string mac;
  std::string serial;
  std::string model;
  std::string name;
  std::string notes;
  std::vector<std::string> tags;
  std::string status = "offline";
  std::string type = "standard";
  std::optional<std::string> ip;
  std::optional<std::string> local_lan_address;
  bool has_cloud_archive = false;
  bool is_demo = false;
  std::string product_short_description;
  std::int64_t channel_id = 0;
  std::string channel_json = "{}"; // channel fields other than id
  std::string config_json = "{}";  // CameraConfig of the contract
  std::optional<PlacementRecord> placement;
  bool has_main_source = false; // a main RTSP URL is set (the URL itself is never loaded here)
  bool has_sub_source = false;
  std::int64_t imager_count = 1;                   // imagers (sensors): 4 on a multi-imager camera
  std::int64_t shard_id = 1;                       // its network's shard (networks.shard_id)
  std::vector<ImagerStreamsRecord> imager_streams; // which streams imagers 1 ... imager_count-1 have URLs for
  std::optional<std::string> offline_reason;       // while offline: why (API names, media/stream_status.hpp)
  std::optional<std::int64_t> offline_since_ms;
  std::optional<std::string> recording_problem;  // storage_full | write_failed while recording fails
  std::optional<StreamFormatRecord> main_format; // of the newest main init segment; nullopt before any video arrived
  std::optional<StreamFormatRecord> sub_format;
};

struct FloorPlanRecord {
  std::int64_t id = 0;
  std::int64_t network_id = 0; // node group
  std::string name;
  std::string image_file_name; // inside DATA_DIR/floorplans/
  std::string image_extension;
  std::string image_md5;
  std::string locale_id = "en";
  bool is_geoaligned = false;
  double ne_lat = 0;
  double ne_lng = 0;
  double sw_lat = 0;
  double sw_lng = 0;
  double rotation_angle = 0;
};

struct FeatureFlagRecord {
  std::int64_t id = 0;
  std::int64_t organization_id = 0;
  std::string feature;
  bool enabled = false;
  bool org_wide = false;
  std::vector<std::int64_t> network_ids;
};

struct ShardFeatureRecord {
  std::int64_t shard_id = 1;
  std::string feature;
  bool enabled = true;
};

struct IntegrationRecord {
  std::int64_t id = 0;
  std::int64_t organization_id = 0;
  std::string partner;
  std::string name;
  bool enabled = false;
  std::vector<std::int64_t> network_ids;
  // How argusd reaches the partner (docs/design/access-control.md): its command API, the HMAC key of its webhook and
  // the bearer token argusd presents. Empty base_url: no door sync and no commands.
  std::string base_url;
  std::string webhook_secret;
  std::string command_token;
  bool can_issue_commands = false;
};

struct SessionRecord {
  std::string token_hash; // hex digest of the cookie token; the token itself is never stored
  std::int64_t user_id = 0;
  std::int64_t organization_id = 0;
  bool remember = false;
  std::int64_t idle_timeout_ms = 0;
  std::int64_t created_ms = 0;
  std::int64_t last_seen_ms = 0;
  std::int64_t expires_ms = 0; // absolute end of life
};

struct Migration {
  std::int64_t version = 0;
  std::string name;
  std::string sql;
};

} // namespace argus::store
