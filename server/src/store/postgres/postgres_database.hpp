#pragma once
// Database on PostgreSQL 15 through libpq: a bounded connection pool (pg_pool.hpp), prepared statements cached per
// connection, SQLSTATEs mapped to argus::Error kinds (pg_connection.cpp). The schema comes from the PostgreSQL dialect
// of the numbered migrations (store/migrations/postgresql/, the same versions and names as the SQLite ones), applied
// when opened, each in its own transaction, under an advisory lock so that several argusd opening one database at
// once migrate it once. A transaction pins one leased connection to the calling thread until it ends: the methods that
// thread calls inside it (nested in_transaction calls too) run on that connection. The SQL of each area is in
// postgres_database_<area>.cpp, translated from the SQLite file of that area.
#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>

#include "store/database.hpp"
#include "store/postgres/pg_pool.hpp"

namespace argus::store {

class PgConnection;

//! The PostgreSQL migrations compiled into this binary (from store/migrations/postgresql/*.sql).
std::vector<Migration> builtin_postgres_migrations();

class PostgresDatabase : public Database {
public:
  struct Options {
    std::size_t pool_size = 8;                       // connections at most
    std::chrono::milliseconds lease_timeout{10'000}; // a call waiting longer for a connection fails (unavailable)
    int connect_timeout_s = 5;                       // libpq connect_timeout, unless the URL sets one
  };

  //! Connects to url (postgresql://user@host:port/database?...) and applies the built-in migrations; throws
  //! Error(unavailable) when PostgreSQL cannot be reached.
  explicit PostgresDatabase(const std::string& url);
  //! Same with the given migrations (tests use their own lists) and pool options.
  PostgresDatabase(const std::string& url, const std::vector<Migration>& migrations, Options options);
  ~PostgresDatabase() override;

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
  std::vector<std::pair<std::int64_t, std::int64_t>>
  wall_tile_cameras(const std::vector<std::int64_t>& wall_ids) override;

private:
  // The connection of one call: the calling thread's transaction's, or one leased for the call.
  class Session {
  public:
    explicit Session(PgConnection& pinned) : connection_(&pinned) {}
    explicit Session(PgLease lease) : lease_(std::move(lease)), connection_(&**lease_) {}
    PgConnection* operator->() const { return connection_; }
    PgConnection& operator*() const { return *connection_; }

  private:
    std::optional<PgLease> lease_;
    PgConnection* connection_;
  };

  Session session();
  PgConnection* pinned_connection();
  void migrate(const std::vector<Migration>& migrations);
  // Inserts with an explicit id do not advance an identity column's sequence: move it past the table's largest id so
  // that the next id-less insert does not collide (SQLite picks max(rowid) + 1).
  void advance_id_sequence(PgConnection& connection, const std::string& table);
  // The cameras row of a camera with the given id and channel id (inside a transaction).
  void insert_camera_row(PgConnection& connection, const CameraRecord& camera, std::int64_t id,
                         std::int64_t channel_id);
  // The tiles of a wall, in order (inside a transaction).
  void insert_wall_tiles(PgConnection& connection, std::int64_t wall_id, const std::vector<WallTileRecord>& tiles);
  // The walls of a rotation, in order (inside a transaction).
  void insert_rotation_walls(PgConnection& connection, std::int64_t rotation_id,
                             const std::vector<std::int64_t>& wall_ids);
  // Which streams of each camera's imagers 1 ... imager_count-1 have a URL, of an organization or of one camera.
  std::map<std::int64_t, std::vector<ImagerStreamsRecord>> imager_streams(PgConnection& connection,
                                                                          std::optional<std::int64_t> organization_id,
                                                                          std::optional<std::int64_t> camera_id);
  // The URLs of the imagers 1 ... of one camera, or of every camera (nullopt), by camera.
  std::map<std::int64_t, std::vector<ImagerSourceRecord>> imager_sources(PgConnection& connection,
                                                                         std::optional<std::int64_t> camera_id);

  PgPool pool_;
  std::mutex pinned_mutex_;
  std::unordered_map<std::thread::id, PgConnection*> pinned_;
};

} // namespace argus::store
