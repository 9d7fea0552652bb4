#pragma once
// Database on one SQLite connection in WAL mode, serialised by a mutex (hot reads are cached above the store, so
// the connection is not a bottleneck). Applies pending migrations when opened.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>

#include "store/database.hpp"

namespace argus::store {

class SqliteConnection;

class SqliteDatabase : public Database {
public:
  //! Opens the file and applies the built-in migrations.
  explicit SqliteDatabase(const std::filesystem::path& path);
  //! Opens the file and applies the given migrations (tests use their own lists).
  SqliteDatabase(const std::filesystem::path& path, const std::vector<Migration>& migrations);
  ~SqliteDatabase() override;

  //! Tests only (argusd --test-max-db-pages): caps the database file at max_pages pages (PRAGMA max_page_count; never
  //! below its current size), so that a write needing a new page fails with SQLITE_FULL as on a full disk. Answers
  //! the cap in force.
  std::int64_t limit_pages_for_tests(std::int64_t max_pages);

  void in_transaction(const std::function<void()>& fn) override;
  std::vector<std::int64_t> applied_migrations() override;

  std::optional<UserRecord> find_user_by_email(std::string_view email) override;
  std::optional<UserRecord> find_user(std::int64_t user_id) override;
  std::int64_t insert_user(const UserRecord& user) override;
  bool set_user_idle_timeout(std::int64_t user_id, std::int64_t minutes) override;
  std::int64_t count_users() override;
  std::vector<MembershipRecord> memberships_of_user(std::int64_t user_id) override;
  void upsert_membership(const MembershipRecord& membership) override;
  std::vector<MemberRecord> members_of_organization(std::int64_t organization_id,
                                                    std::optional<std::int64_t> user_id = std::nullopt) override;
  std::vector<std::int64_t> monitor_only_networks(std::int64_t user_id) override;
  void add_monitor_only_network(std::int64_t user_id, std::int64_t network_id) override;

  void insert_session(const SessionRecord& session) override;
  std::vector<SessionRecord> all_sessions() override;
  std::optional<SessionRecord> find_session(std::string_view token_hash) override;
  void update_session(const SessionRecord& session) override;
  void delete_session(std::string_view token_hash) override;

  std::vector<OrganizationRecord> organizations() override;
  std::optional<OrganizationRecord> find_organization(std::int64_t organization_id) override;
  void insert_organization(const OrganizationRecord& organization) override;
  std::vector<NetworkRecord> networks_of_organization(std::int64_t organization_id) override;
  void insert_network(const NetworkRecord& network) override;
  std::optional<std::int64_t> network_shard(std::int64_t network_id) override;
  bool set_network_shard(std::int64_t network_id, std::int64_t shard_id) override;
  std::vector<CameraRecord> cameras_of_organization(std::int64_t organization_id) override;
  void insert_camera(const CameraRecord& camera) override;
  std::vector<FloorPlanRecord> floor_plans_of_organization(std::int64_t organization_id) override;
  void insert_floor_plan(const FloorPlanRecord& floor_plan) override;

  std::vector<PrivilegeRecord> privileges_of_user(std::int64_t user_id) override;
  void insert_privilege(const PrivilegeRecord& privilege) override;
  void delete_privileges_of_member(std::int64_t user_id, std::int64_t organization_id) override;
  std::vector<FeatureFlagRecord> feature_flags_of_organization(std::int64_t organization_id) override;
  void insert_feature_flag(const FeatureFlagRecord& flag) override;
  std::vector<ShardFeatureRecord> shard_features(std::int64_t shard_id) override;
  void insert_shard_feature(const ShardFeatureRecord& feature) override;
  std::vector<IntegrationRecord> integrations_of_organization(std::int64_t organization_id) override;
  void insert_integration(const IntegrationRecord& integration) override;
  bool set_integration_partner(std::int64_t integration_id, const std::string& base_url,
                               const std::string& webhook_secret, const std::string& command_token,
                               bool can_issue_commands) override;
  std::optional<IntegrationRecord> find_integration(std::int64_t integration_id) override;
  std::vector<IntegrationRecord> integrations_with_partner() override;

  std::optional<std::string> find_setting(std::string_view name) override;
  std::string insert_setting_if_absent(std::string_view name, std::string_view value) override;

  std::vector<CameraSourceRecord> camera_sources() override;
  bool set_camera_source(const CameraSourceRecord& source) override;
  bool set_camera_status(std::int64_t camera_id, std::string_view status,
                         const std::optional<std::string>& offline_reason = std::nullopt,
                         std::optional<std::int64_t> offline_since_ms = std::nullopt) override;
  bool set_recording_problem(std::int64_t camera_id, const std::optional<std::string>& problem) override;
  std::vector<StorageDirRecord> storage_dirs() override;
  void set_storage_quota(std::int64_t storage_dir_id, std::int64_t quota_bytes) override;

  std::optional<CameraRecord> find_camera(std::int64_t camera_id) override;
  std::optional<CameraSourceRecord> find_camera_source(std::int64_t camera_id) override;
  std::optional<std::int64_t> camera_id_with_mac(std::string_view mac) override;
  std::optional<std::int64_t> camera_id_with_serial(std::string_view serial) override;
  std::int64_t create_camera(const CameraRecord& camera) override;
  bool update_camera(const CameraRecord& camera) override;
  std::vector<std::string> delete_camera(std::int64_t camera_id) override;

  std::int64_t insert_init_segment(const InitSegmentRecord& segment) override;
  std::optional<InitSegmentRecord> find_init_segment(std::int64_t init_segment_id) override;
  std::optional<InitSegmentRecord> latest_init_segment(std::int64_t camera_id, std::string_view stream) override;
  std::int64_t insert_chunk(const ChunkRecord& chunk) override;
  std::vector<ChunkRecord> recent_chunks(std::int64_t per_stream) override;
  std::vector<ChunkRecord> chunks_in_range(std::int64_t camera_id, std::string_view stream, std::int64_t t0_ms,
                                           std::int64_t t1_ms) override;
  void append_recording_index(const std::vector<FragmentRecord>& fragments,
                              const std::vector<ChunkRecord>& chunk_updates) override;
  std::vector<FragmentRecord> fragments_of_chunk(std::int64_t chunk_id) override;
  std::vector<FragmentRecord> fragments_in_range(std::int64_t camera_id, std::string_view stream, std::int64_t t0_ms,
                                                 std::int64_t t1_ms) override;
  std::vector<ChunkRecord> chunks_ended_before(std::int64_t camera_id, std::int64_t end_before_ms) override;
  std::vector<ChunkRecord> oldest_chunks(std::int64_t storage_dir_id, std::int64_t limit) override;
  std::int64_t recorded_bytes(std::int64_t storage_dir_id) override;
  void delete_chunk(std::int64_t chunk_id) override;

  std::optional<ChunkRecord> find_chunk(std::int64_t chunk_id) override;
  std::vector<RecordedRange> recorded_ranges(std::int64_t camera_id, std::string_view stream, std::int64_t t0_ms,
                                             std::int64_t t1_ms, std::int64_t max_gap_ms) override;
  std::optional<FragmentRecord> first_fragment_from(std::int64_t camera_id, std::string_view stream,
                                                    std::int64_t from_ms) override;
  std::optional<FragmentRecord> last_fragment(std::int64_t camera_id, std::string_view stream) override;

  std::vector<WallRecord> walls_of_organization(std::int64_t organization_id) override;
  std::int64_t insert_wall(const WallRecord& wall) override;
  bool update_wall(const WallRecord& wall) override;
  bool delete_wall(std::int64_t organization_id, std::int64_t wall_id) override;
  std::int64_t insert_event(const EventLogRecord& event) override;
  std::vector<EventLogRecord> recent_events(std::int64_t organization_id, std::int64_t limit) override;

  std::vector<WallRotationRecord> wall_rotations_of_network(std::int64_t organization_id,
                                                            std::int64_t network_id) override;
  std::optional<WallRotationRecord> find_wall_rotation(std::int64_t organization_id, std::int64_t rotation_id) override;
  std::int64_t insert_wall_rotation(const WallRotationRecord& rotation) override;
  bool update_wall_rotation(const WallRotationRecord& rotation) override;
  bool delete_wall_rotation(std::int64_t organization_id, std::int64_t rotation_id) override;

  void append_motion(const std::vector<MotionSecondRecord>& seconds,
                     const std::vector<MotionSummaryRecord>& summaries) override;
  std::optional<MotionSummaryRecord> find_motion_summary(std::int64_t camera_id, std::int64_t span_s,
                                                         std::int64_t start_s) override;
  std::vector<MotionSummaryRecord> motion_summaries(std::int64_t camera_id, std::int64_t span_s, std::int64_t t0_s,
                                                    std::int64_t t1_s) override;
  void visit_motion_seconds(std::int64_t camera_id, std::int64_t t0_s, std::int64_t t1_s,
                            const std::function<void(std::int64_t, std::span<const std::uint8_t>)>& visit) override;
  std::int64_t insert_motion_recap(const MotionRecapRecord& recap) override;
  std::vector<MotionRecapRecord> motion_recaps_in_range(std::int64_t camera_id, std::int64_t t0_ms,
                                                        std::int64_t t1_ms) override;
  std::optional<MotionRecapRecord> find_motion_recap(std::int64_t camera_id, std::int64_t recap_id) override;
  std::vector<std::string> delete_motion_before(std::int64_t camera_id, std::int64_t before_s) override;
  void insert_motion_telemetry(const std::vector<MotionTelemetryRecord>& events) override;
  std::int64_t count_motion_telemetry() override;
  std::vector<MotionTelemetrySample> motion_telemetry_since(std::int64_t organization_id, std::int64_t since_ms,
                                                            std::int64_t limit) override;
  std::int64_t delete_motion_telemetry_before(std::int64_t before_ms) override;

  std::int64_t insert_export_job(const ExportJobRecord& job) override;
  bool update_export_job(const ExportJobRecord& job) override;
  std::optional<ExportJobRecord> find_export_job(std::int64_t job_id) override;
  ExportJobPage export_jobs(const ExportJobQuery& query) override;
  std::vector<ExportJobRecord> export_jobs_in_state(ExportState state) override;
  std::vector<ExportJobRecord> export_jobs_expired(std::int64_t now_ms) override;
  bool delete_export_job(std::int64_t job_id) override;

  void append_objects(const std::vector<ObjectFrameRecord>& frames,
                      const std::vector<ObjectTrackRecord>& tracks) override;
  std::vector<ObjectTrackRecord> object_tracks_in_range(const std::vector<std::int64_t>& camera_ids, std::int64_t t0_ms,
                                                        std::int64_t t1_ms, ObjectTrackColumns columns) override;
  std::optional<ObjectTrackRecord> find_object_track(std::int64_t camera_id, std::int64_t track_id) override;
  std::int64_t max_object_track_id(std::int64_t camera_id) override;
  void visit_object_embeddings(const std::function<void(const ObjectTrackRecord&)>& visit) override;
  std::vector<ObjectFrameRecord> object_frames_in_range(std::int64_t camera_id, std::int64_t t0_ms,
                                                        std::int64_t t1_ms) override;
  std::int64_t delete_objects_before(std::int64_t camera_id, std::int64_t before_ms) override;

  std::optional<AuthenticatorRecord> find_authenticator(std::int64_t user_id) override;
  void put_pending_authenticator(const AuthenticatorRecord& authenticator) override;
  bool confirm_authenticator(std::int64_t user_id, std::int64_t step,
                             const std::vector<std::string>& recovery_code_hashes) override;
  bool advance_authenticator_step(std::int64_t user_id, std::int64_t step) override;
  bool use_recovery_code(std::int64_t user_id, std::string_view code_hash) override;
  std::int64_t count_recovery_codes(std::int64_t user_id) override;
  void delete_authenticator(std::int64_t user_id) override;
  bool set_user_password(std::int64_t user_id, const std::string& password_hash, std::int64_t changed_ms) override;
  bool expire_user_password(std::int64_t user_id) override;
  bool set_organization_password_expiry(std::int64_t organization_id, std::optional<std::int64_t> days) override;
  bool set_organization_require_two_factor(std::int64_t organization_id, bool required) override;
  void put_password_reset_token(std::int64_t user_id, const std::string& token_digest,
                                std::int64_t expires_ms) override;
  std::optional<std::int64_t> find_password_reset_token(const std::string& token_digest, std::int64_t now_ms) override;
  std::optional<std::int64_t> take_password_reset_token(const std::string& token_digest, std::int64_t now_ms) override;
  std::optional<SignInCodeSettingRecord> find_sign_in_code_setting(std::int64_t user_id) override;
  bool put_sign_in_code_setting(const SignInCodeSettingRecord& setting) override;
  void delete_sign_in_code_setting(std::int64_t user_id) override;
  std::int64_t insert_bookmark(const BookmarkRecord& bookmark) override;
  BookmarkPage bookmarks_of_cameras(const std::vector<std::int64_t>& camera_ids,
                                    std::optional<BookmarkCursor> older_than, std::int64_t limit) override;
  std::optional<BookmarkRecord> find_bookmark(std::int64_t bookmark_id) override;
  bool delete_bookmark(std::int64_t bookmark_id) override;

  std::int64_t insert_access_log_entry(const AccessLogEntryRecord& entry, std::int64_t keep) override;
  std::vector<AccessLogEntryRecord> access_log_entries(const AccessLogQuery& query) override;
  std::int64_t access_log_size(std::int64_t organization_id) override;
  std::optional<OrganizationSsoRecord> find_sso_by_identifier(std::string_view identifier) override;
  std::optional<OrganizationSsoRecord> find_sso_of_organization(std::int64_t organization_id) override;
  bool put_organization_sso(const OrganizationSsoRecord& sso) override;
  bool remove_organization_sso(std::int64_t organization_id) override;
  std::int64_t insert_client_memory_telemetry(const ClientMemoryTelemetryRecord& report,
                                              std::int64_t keep_since_ms) override;
  std::vector<ClientMemoryTelemetryRecord> recent_client_memory_telemetry(std::int64_t organization_id,
                                                                          std::int64_t limit) override;
  void sync_doors(std::int64_t integration_id, const std::vector<DoorRecord>& doors) override;
  std::vector<DoorRecord> doors_of_organization(std::int64_t organization_id) override;
  bool map_door_camera(std::int64_t door_id, std::int64_t camera_id) override;
  bool unmap_door_camera(std::int64_t door_id, std::int64_t camera_id) override;
  bool insert_access_event(const AccessEventRecord& event) override;
  AccessEventPage access_events(const AccessEventQuery& query) override;
  std::map<std::int64_t, std::int64_t> door_retention_days(std::int64_t default_days) override;
  std::int64_t delete_door_access_events_before(std::int64_t door_id, std::int64_t before_ms) override;
  std::vector<SearchCandidate> search_candidates(std::int64_t organization_id, std::string_view kind,
                                                 std::string_view text, SearchTier tier, std::int64_t limit) override;
  std::int64_t insert_feedback(const FeedbackRecord& feedback) override;
  std::vector<FeedbackRecord> feedback_of_organization(std::int64_t organization_id,
                                                       std::optional<std::int64_t> before_id,
                                                       std::int64_t limit) override;
  std::int64_t feedback_count_since(std::int64_t user_id, std::int64_t since_ms) override;
  std::vector<std::pair<std::int64_t, std::int64_t>> wall_tile_cameras(
      const std::vector<std::int64_t>& wall_ids) override;

private:
  void migrate(const std::vector<Migration>& migrations);
  // The cameras row of a camera with the given id and channel id (caller holds the lock, inside a transaction).
  void insert_camera_row(const CameraRecord& camera, std::int64_t id, std::int64_t channel_id);
  // The tiles of a wall, in order (caller holds the lock, inside a transaction).
  void insert_wall_tiles(std::int64_t wall_id, const std::vector<WallTileRecord>& tiles);
  // Which streams of each camera's imagers 1 ... imager_count-1 have a URL (caller holds the lock).
  std::map<std::int64_t, std::vector<ImagerStreamsRecord>> imager_streams_of_organization(std::int64_t organization_id);
  std::vector<ImagerStreamsRecord> imager_streams_of_camera(std::int64_t camera_id);
  // The URLs of the imagers 1 ... of one camera, or of every camera (nullopt), by camera (caller holds the lock).
  std::map<std::int64_t, std::vector<ImagerSourceRecord>> imager_sources(std::optional<std::int64_t> camera_id);
  // Stores source.imagers as the camera's imager URLs (caller holds the lock, inside a transaction).
  void replace_imager_sources(const CameraSourceRecord& source);
  // Fills the sources of the combined jobs among jobs (caller holds the lock).
  void load_export_sources(std::vector<ExportJobRecord>& jobs);
  // The walls of a rotation, in order (caller holds the lock, inside a transaction).
  void insert_rotation_walls(std::int64_t rotation_id, const std::vector<std::int64_t>& wall_ids);

  std::recursive_mutex mutex_;
  std::unique_ptr<SqliteConnection> connection_;
  int transaction_depth_ = 0;
};

} // namespace argus::store
