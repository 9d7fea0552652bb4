#pragma once
// The store interface. Implementations (SqliteDatabase now, PostgresDatabase later) share the numbered migrations in
// store/migrations/. Every method is thread-safe; failures throw argus::Error (constraint → conflict, busy →
// unavailable, anything else → internal).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "store/access_log_records.hpp"
#include "store/bookmark_records.hpp"
#include "store/door_records.hpp"
#include "store/export_records.hpp"
#include "store/feedback_records.hpp"
#include "store/motion_records.hpp"
#include "store/object_records.hpp"
#include "store/recording_records.hpp"
#include "store/records.hpp"
#include "store/search_records.hpp"
#include "store/sign_in_code_records.hpp"
#include "store/sso_records.hpp"
#include "store/telemetry_records.hpp"
#include "store/two_factor_records.hpp"
#include "store/wall_records.hpp"

namespace argus::store {

class Database {
public:
  virtual ~Database() = default;

  //! Runs fn inside one transaction: committed when fn returns, rolled back when it throws.
  virtual void in_transaction(const std::function<void()>& fn) = 0;
  //! Versions of the applied migrations, ascending.
  virtual std::vector<std::int64_t> applied_migrations() = 0;

  // Users and memberships
  //! User by e-mail, compared case-insensitively.
  virtual std::optional<UserRecord> find_user_by_email(std::string_view email) = 0;
  //! User by id.
  virtual std::optional<UserRecord> find_user(std::int64_t user_id) = 0;
  //! Inserts a user (id 0 picks a new id) and returns its id; a taken e-mail is a conflict.
  virtual std::int64_t insert_user(const UserRecord& user) = 0;
  //! Sets a user's idle timeout; false when the user does not exist.
  virtual bool set_user_idle_timeout(std::int64_t user_id, std::int64_t minutes) = 0;
  //! Number of users.
  virtual std::int64_t count_users() = 0;
  //! Memberships of a user, by organization id.
  virtual std::vector<MembershipRecord> memberships_of_user(std::int64_t user_id) = 0;
  //! Adds or replaces a membership.
  virtual void upsert_membership(const MembershipRecord& membership) = 0;
  //! Every member of an organization (or only user_id, when given), disabled ones included, by name then id.
  virtual std::vector<MemberRecord> members_of_organization(std::int64_t organization_id,
                                                            std::optional<std::int64_t> user_id = std::nullopt) = 0;
  //! Networks on which the user is a monitor-only administrator.
  virtual std::vector<std::int64_t> monitor_only_networks(std::int64_t user_id) = 0;
  //! Marks the user monitor-only on a network.
  virtual void add_monitor_only_network(std::int64_t user_id, std::int64_t network_id) = 0;

  // Authenticator two-factor (migration 0012)
  //! The user's authenticator, confirmed or not.
  virtual std::optional<AuthenticatorRecord> find_authenticator(std::int64_t user_id) = 0;
  //! Stores an unconfirmed authenticator, replacing the user's earlier one and any recovery codes.
  virtual void put_pending_authenticator(const AuthenticatorRecord& authenticator) = 0;
  //! Confirms the user's unconfirmed authenticator at `step` and stores its recovery code hashes; false when there is
  //! no unconfirmed one.
  virtual bool confirm_authenticator(std::int64_t user_id, std::int64_t step,
                                     const std::vector<std::string>& recovery_code_hashes) = 0;
  //! Moves a confirmed authenticator's last step to `step` when that is newer; false otherwise (a replayed code).
  virtual bool advance_authenticator_step(std::int64_t user_id, std::int64_t step) = 0;
  //! Deletes one of the user's recovery codes by hash; false when it is not there (wrong or used).
  virtual bool use_recovery_code(std::int64_t user_id, std::string_view code_hash) = 0;
  //! How many unused recovery codes the user has.
  virtual std::int64_t count_recovery_codes(std::int64_t user_id) = 0;
  //! Deletes the user's authenticator and recovery codes.
  virtual void delete_authenticator(std::int64_t user_id) = 0;

  // Passwords: change, expiry and reset links (migration 0014)
  //! Sets the user's password hash, when it was set, and clears the expired flag; false when the user does not exist.
  virtual bool set_user_password(std::int64_t user_id, const std::string& password_hash, std::int64_t changed_ms) = 0;
  //! Marks the user's password expired (the next sign-in must change it); false when the user does not exist.
  virtual bool expire_user_password(std::int64_t user_id) = 0;
  //! Sets an organization's password expiry in days (nullopt: never); false when it does not exist.
  virtual bool set_organization_password_expiry(std::int64_t organization_id, std::optional<std::int64_t> days) = 0;
  //! Whether members must prove a second factor at every sign-in; false when there is no such organization.
  virtual bool set_organization_require_two_factor(std::int64_t organization_id, bool required) = 0;
  //! Stores a reset link's token digest for the user, voiding the user's earlier ones.
  virtual void put_password_reset_token(std::int64_t user_id, const std::string& token_digest,
                                        std::int64_t expires_ms) = 0;
  //! The user of a reset token that exists and has not expired at now_ms (the token stays).
  virtual std::optional<std::int64_t> find_password_reset_token(const std::string& token_digest,
                                                                std::int64_t now_ms) = 0;
  //! Uses a reset token: its user when it exists and has not expired at now_ms (it is deleted either way).
  virtual std::optional<std::int64_t> take_password_reset_token(const std::string& token_digest,
                                                                std::int64_t now_ms) = 0;

  // Sign-in codes by e-mail or text message (migration 0013)
  //! How the user receives sign-in codes; nullopt: they do not.
  virtual std::optional<SignInCodeSettingRecord> find_sign_in_code_setting(std::int64_t user_id) = 0;
  //! Stores the user's setting, replacing an earlier one; false when the user does not exist.
  virtual bool put_sign_in_code_setting(const SignInCodeSettingRecord& setting) = 0;
  //! The user no longer receives sign-in codes.
  virtual void delete_sign_in_code_setting(std::int64_t user_id) = 0;

  // Sessions
  //! Stores a new session.
  virtual void insert_session(const SessionRecord& session) = 0;
  //! Every stored session.
  virtual std::vector<SessionRecord> all_sessions() = 0;
  //! One stored session by the digest of its token (a session made by another shard; one signed out elsewhere).
  virtual std::optional<SessionRecord> find_session(std::string_view token_hash) = 0;
  //! Persists last_seen_ms and organization_id of a session.
  virtual void update_session(const SessionRecord& session) = 0;
  //! Deletes one session.
  virtual void delete_session(std::string_view token_hash) = 0;

  // Organizations and fleet
  //! Every organization, by id.
  virtual std::vector<OrganizationRecord> organizations() = 0;
  //! Organization by id.
  virtual std::optional<OrganizationRecord> find_organization(std::int64_t organization_id) = 0;
  //! Inserts an organization with its id.
  virtual void insert_organization(const OrganizationRecord& organization) = 0;
  //! Networks of an organization, by id.
  virtual std::vector<NetworkRecord> networks_of_organization(std::int64_t organization_id) = 0;
  //! Inserts a network with its id.
  virtual void insert_network(const NetworkRecord& network) = 0;
  //! The shard of a network as the store has it now (the catalog's copy may be up to its ttl old); nullopt: none.
  virtual std::optional<std::int64_t> network_shard(std::int64_t network_id) = 0;
  //! Moves a network to a shard (the network -> shard map); false when the network does not exist.
  virtual bool set_network_shard(std::int64_t network_id, std::int64_t shard_id) = 0;
  //! Cameras of an organization with their placement, by id.
  virtual std::vector<CameraRecord> cameras_of_organization(std::int64_t organization_id) = 0;
  //! Inserts a camera with its id, and its placement when present.
  virtual void insert_camera(const CameraRecord& camera) = 0;
  //! Floor plans of an organization, by id.
  virtual std::vector<FloorPlanRecord> floor_plans_of_organization(std::int64_t organization_id) = 0;
  //! Inserts a floor plan with its id.
  virtual void insert_floor_plan(const FloorPlanRecord& floor_plan) = 0;

  // Privileges, flags, integrations
  //! Privileges of a user in every organization, by id.
  virtual std::vector<PrivilegeRecord> privileges_of_user(std::int64_t user_id) = 0;
  //! Inserts a privilege (id 0 picks a new id).
  virtual void insert_privilege(const PrivilegeRecord& privilege) = 0;
  //! Deletes a user's privileges in one organization (the caller wraps a replacement in a transaction).
  virtual void delete_privileges_of_member(std::int64_t user_id, std::int64_t organization_id) = 0;
  //! Feature flags (nfos) of an organization, by feature name.
  virtual std::vector<FeatureFlagRecord> feature_flags_of_organization(std::int64_t organization_id) = 0;
  //! Inserts a feature flag (id 0 picks a new id).
  virtual void insert_feature_flag(const FeatureFlagRecord& flag) = 0;
  //! Shard features of a shard, by name.
  virtual std::vector<ShardFeatureRecord> shard_features(std::int64_t shard_id) = 0;
  //! Inserts a shard feature.
  virtual void insert_shard_feature(const ShardFeatureRecord& feature) = 0;
  //! Access-control integrations of an organization, by id.
  virtual std::vector<IntegrationRecord> integrations_of_organization(std::int64_t organization_id) = 0;
  //! Inserts an integration (id 0 picks a new id).
  virtual void insert_integration(const IntegrationRecord& integration) = 0;
  //! Points an integration at its partner (docs/design/access-control.md); false when there is no such integration.
  virtual bool set_integration_partner(std::int64_t integration_id, const std::string& base_url,
                                       const std::string& webhook_secret, const std::string& command_token,
                                       bool can_issue_commands) = 0;
  //! An integration of any organization by id.
  virtual std::optional<IntegrationRecord> find_integration(std::int64_t integration_id) = 0;
  //! The enabled integrations (of every organization) that have a partner command API (base_url), by id.
  virtual std::vector<IntegrationRecord> integrations_with_partner() = 0;

  // Server settings and secrets
  //! A stored setting or secret by name.
  virtual std::optional<std::string> find_setting(std::string_view name) = 0;
  //! Stores a value unless the name already has one; returns the stored value (the existing one when present).
  virtual std::string insert_setting_if_absent(std::string_view name, std::string_view value) = 0;

  // Camera sources and status (sqlite_database_recordings.cpp)
  //! argusd --shard-id N: from now on camera_sources() lists only the cameras of the networks on shard N, which is
  //! what this process ingests, records, analyses and keeps. Call before any thread reads the store. Not called (the
  //! administrative commands): every camera.
  void serve_shard(std::int64_t shard_id) { served_shard_ = shard_id; }
  //! The shard given to serve_shard, if any.
  std::optional<std::int64_t> served_shard() const { return served_shard_; }
  //! Sources (URLs may be absent) and retention of every camera (of the served shard's networks), by camera id.
  virtual std::vector<CameraSourceRecord> camera_sources() = 0;
  //! Sets a camera's URLs and retention; false when the camera does not exist.
  virtual bool set_camera_source(const CameraSourceRecord& source) = 0;
  //! Sets a camera's status (active | offline) with, while offline, why and since when (UTC ms); false when the camera
  //! does not exist.
  virtual bool set_camera_status(std::int64_t camera_id, std::string_view status,
                                 const std::optional<std::string>& offline_reason = std::nullopt,
                                 std::optional<std::int64_t> offline_since_ms = std::nullopt) = 0;
  //! Sets (a name: storage_full | write_failed) or clears (nullopt) a camera's recording problem; true when that
  //! changed it (false when it already was so, or the camera does not exist).
  virtual bool set_recording_problem(std::int64_t camera_id, const std::optional<std::string>& problem) = 0;
  //! Every storage directory, by id.
  virtual std::vector<StorageDirRecord> storage_dirs() = 0;
  //! Sets the recording quota of a storage directory (0 = unlimited).
  virtual void set_storage_quota(std::int64_t storage_dir_id, std::int64_t quota_bytes) = 0;

  // Camera administration (sqlite_database_camera_admin.cpp)
  //! Camera by id with its organization (no placement).
  virtual std::optional<CameraRecord> find_camera(std::int64_t camera_id) = 0;
  //! Source and retention of one camera.
  virtual std::optional<CameraSourceRecord> find_camera_source(std::int64_t camera_id) = 0;
  //! Id of the camera with this MAC / serial (compared exactly; MACs are stored lower-case).
  virtual std::optional<std::int64_t> camera_id_with_mac(std::string_view mac) = 0;
  virtual std::optional<std::int64_t> camera_id_with_serial(std::string_view serial) = 0;
  //! Inserts a camera picking new ids (camera.id and channel_id 0 = next free) and returns its id.
  virtual std::int64_t create_camera(const CameraRecord& camera) = 0;
  //! Updates name, model, mac, serial, notes, tags, product_short_description; false when it does not exist.
  virtual bool update_camera(const CameraRecord& camera) = 0;
  //! Deletes a camera with its placement, privileges and recording index; returns the index's file paths (relative
  //! to the data dir: chunks and init segments) for the caller to delete. Empty when the camera does not exist.
  virtual std::vector<std::string> delete_camera(std::int64_t camera_id) = 0;

  // Recording index
  //! Inserts an init segment and returns its id.
  virtual std::int64_t insert_init_segment(const InitSegmentRecord& segment) = 0;
  //! Init segment by id.
  virtual std::optional<InitSegmentRecord> find_init_segment(std::int64_t init_segment_id) = 0;
  //! The newest init segment of a camera stream.
  virtual std::optional<InitSegmentRecord> latest_init_segment(std::int64_t camera_id, std::string_view stream) = 0;
  //! Inserts a chunk and returns its id.
  virtual std::int64_t insert_chunk(const ChunkRecord& chunk) = 0;
  //! The newest per_stream chunks of every camera stream, by id (crash recovery checks them).
  virtual std::vector<ChunkRecord> recent_chunks(std::int64_t per_stream) = 0;
  //! Chunks of a camera stream overlapping [t0_ms, t1_ms), by start.
  virtual std::vector<ChunkRecord> chunks_in_range(std::int64_t camera_id, std::string_view stream, std::int64_t t0_ms,
                                                   std::int64_t t1_ms) = 0;
  //! In one transaction: inserts the fragments and sets end_ms/size_bytes of the updated chunks.
  virtual void append_recording_index(const std::vector<FragmentRecord>& fragments,
                                      const std::vector<ChunkRecord>& chunk_updates) = 0;
  //! Fragments of a chunk, by offset.
  virtual std::vector<FragmentRecord> fragments_of_chunk(std::int64_t chunk_id) = 0;
  //! Fragments of a camera stream overlapping [t0_ms, t1_ms), by start.
  virtual std::vector<FragmentRecord> fragments_in_range(std::int64_t camera_id, std::string_view stream,
                                                         std::int64_t t0_ms, std::int64_t t1_ms) = 0;
  //! Chunks of a camera (both streams) that ended before end_before_ms, oldest first.
  virtual std::vector<ChunkRecord> chunks_ended_before(std::int64_t camera_id, std::int64_t end_before_ms) = 0;
  //! The oldest chunks of a storage directory, at most limit.
  virtual std::vector<ChunkRecord> oldest_chunks(std::int64_t storage_dir_id, std::int64_t limit) = 0;
  //! Sum of size_bytes of a storage directory's chunks.
  virtual std::int64_t recorded_bytes(std::int64_t storage_dir_id) = 0;
  //! Deletes a chunk and its fragments (not the file).
  virtual void delete_chunk(std::int64_t chunk_id) = 0;

  // History queries (sqlite_database_history.cpp)
  //! Chunk by id.
  virtual std::optional<ChunkRecord> find_chunk(std::int64_t chunk_id) = 0;
  //! Continuous recorded ranges of a camera stream overlapping [t0_ms, t1_ms) (not clipped), by start: the chunks
  //! there (the recorder cuts a chunk at every gap), merged where one starts at most max_gap_ms after the last's end.
  virtual std::vector<RecordedRange> recorded_ranges(std::int64_t camera_id, std::string_view stream,
                                                     std::int64_t t0_ms, std::int64_t t1_ms,
                                                     std::int64_t max_gap_ms) = 0;
  //! The first fragment of a camera stream starting at or after from_ms.
  virtual std::optional<FragmentRecord> first_fragment_from(std::int64_t camera_id, std::string_view stream,
                                                            std::int64_t from_ms) = 0;
  //! The newest fragment of a camera stream.
  virtual std::optional<FragmentRecord> last_fragment(std::int64_t camera_id, std::string_view stream) = 0;

  // Video walls and the event log (sqlite_database_walls.cpp)
  //! Every wall of an organization with its tiles (in wall order), by id.
  virtual std::vector<WallRecord> walls_of_organization(std::int64_t organization_id) = 0;
  //! Inserts a wall with its tiles (wall.id 0 picks a new id) and returns its id; a missing camera is a conflict.
  virtual std::int64_t insert_wall(const WallRecord& wall) = 0;
  //! In one transaction: sets name, is_cross_network and updated_ms of the wall with wall.id in
  //! wall.organization_id and replaces its tiles; false (nothing changed) when no such wall exists. A missing camera is
  //! a conflict.
  virtual bool update_wall(const WallRecord& wall) = 0;
  //! Deletes a wall of the organization with its tiles (and takes it out of every rotation); false when none.
  virtual bool delete_wall(std::int64_t organization_id, std::int64_t wall_id) = 0;
  //! Appends an event and returns its id.
  virtual std::int64_t insert_event(const EventLogRecord& event) = 0;
  //! The newest events of an organization, newest first, at most limit.
  virtual std::vector<EventLogRecord> recent_events(std::int64_t organization_id, std::int64_t limit) = 0;

  // Wall rotations (sqlite_database_wall_rotations.cpp, migration 0006)
  //! Rotations of one network of an organization with their walls (in order), by id.
  virtual std::vector<WallRotationRecord> wall_rotations_of_network(std::int64_t organization_id,
                                                                    std::int64_t network_id) = 0;
  //! A rotation of the organization, or nullopt.
  virtual std::optional<WallRotationRecord> find_wall_rotation(std::int64_t organization_id,
                                                               std::int64_t rotation_id) = 0;
  //! Inserts a rotation with its walls (rotation.id 0 picks a new id) and returns its id; a missing wall is a conflict.
  virtual std::int64_t insert_wall_rotation(const WallRotationRecord& rotation) = 0;
  //! In one transaction: sets name, wait_duration_s and updated_ms of the rotation with rotation.id in
  //! rotation.organization_id and replaces its walls; false (nothing changed) when no such rotation exists.
  virtual bool update_wall_rotation(const WallRotationRecord& rotation) = 0;
  //! Deletes a rotation of the organization; false when none.
  virtual bool delete_wall_rotation(std::int64_t organization_id, std::int64_t rotation_id) = 0;

  // Motion analytics (sqlite_database_motion.cpp, migration 0004)
  //! In one transaction: inserts (or replaces) the seconds and replaces the summaries (rows of cameras that no longer
  //! exist are skipped).
  virtual void append_motion(const std::vector<MotionSecondRecord>& seconds,
                             const std::vector<MotionSummaryRecord>& summaries) = 0;
  //! The summary of a camera's span (60 or 3600 s) starting at start_s.
  virtual std::optional<MotionSummaryRecord> find_motion_summary(std::int64_t camera_id, std::int64_t span_s,
                                                                 std::int64_t start_s) = 0;
  //! Summaries of a camera's spans (60 or 3600 s) starting in [t0_s, t1_s), by start.
  virtual std::vector<MotionSummaryRecord> motion_summaries(std::int64_t camera_id, std::int64_t span_s,
                                                            std::int64_t t0_s, std::int64_t t1_s) = 0;
  //! Calls visit(second_s, cells) for each motion second of a camera in [t0_s, t1_s), by time (cells valid only
  //! during the call; visit must not call the database).
  virtual void visit_motion_seconds(std::int64_t camera_id, std::int64_t t0_s, std::int64_t t1_s,
                                    const std::function<void(std::int64_t, std::span<const std::uint8_t>)>& visit) = 0;
  //! Inserts a recap image row and returns its id.
  virtual std::int64_t insert_motion_recap(const MotionRecapRecord& recap) = 0;
  //! Recaps of a camera with ts_ms in [t0_ms, t1_ms), by time.
  virtual std::vector<MotionRecapRecord> motion_recaps_in_range(std::int64_t camera_id, std::int64_t t0_ms,
                                                                std::int64_t t1_ms) = 0;
  //! The recap with this id if it belongs to this camera.
  virtual std::optional<MotionRecapRecord> find_motion_recap(std::int64_t camera_id, std::int64_t recap_id) = 0;
  //! Deletes a camera's motion seconds before before_s, summaries ending at or before it and recaps older than it
  //! (rows only); returns the deleted recaps' file paths for the caller to delete.
  virtual std::vector<std::string> delete_motion_before(std::int64_t camera_id, std::int64_t before_s) = 0;
  //! Stores telemetry events in one transaction.
  virtual void insert_motion_telemetry(const std::vector<MotionTelemetryRecord>& events) = 0;
  //! Number of stored telemetry events.
  virtual std::int64_t count_motion_telemetry() = 0;
  //! An organization's telemetry events received at or after since_ms, oldest first, at most limit.
  virtual std::vector<MotionTelemetrySample> motion_telemetry_since(std::int64_t organization_id, std::int64_t since_ms,
                                                                    std::int64_t limit) = 0;
  //! Deletes the telemetry events received before before_ms; returns how many.
  virtual std::int64_t delete_motion_telemetry_before(std::int64_t before_ms) = 0;

  // Object detection (sqlite_database_objects.cpp, migration 0011)
  //! In one transaction: stores the frames (replacing a camera's frame at the same ts_ms) and inserts or replaces the
  //! tracks (by camera and track id); rows of cameras that no longer exist are skipped.
  virtual void append_objects(const std::vector<ObjectFrameRecord>& frames,
                              const std::vector<ObjectTrackRecord>& tracks) = 0;
  //! Tracks of the cameras that overlap [t0_ms, t1_ms) (start_ms < t1_ms and end_ms >= t0_ms), by start.
  virtual std::vector<ObjectTrackRecord> object_tracks_in_range(const std::vector<std::int64_t>& camera_ids,
                                                                std::int64_t t0_ms, std::int64_t t1_ms,
                                                                ObjectTrackColumns columns) = 0;
  //! One track of a camera with its thumbnail and embedding.
  virtual std::optional<ObjectTrackRecord> find_object_track(std::int64_t camera_id, std::int64_t track_id) = 0;
  //! The highest track id stored for a camera (0 when none): a restarted tracker continues after it.
  virtual std::int64_t max_object_track_id(std::int64_t camera_id) = 0;
  //! Calls visit for every track that has an embedding (thumbnail not read), by camera then track id.
  virtual void visit_object_embeddings(const std::function<void(const ObjectTrackRecord&)>& visit) = 0;
  //! A camera's frames with ts_ms in [t0_ms, t1_ms), by time.
  virtual std::vector<ObjectFrameRecord> object_frames_in_range(std::int64_t camera_id, std::int64_t t0_ms,
                                                                std::int64_t t1_ms) = 0;
  //! Deletes a camera's frames before before_ms and tracks that ended before it; returns the tracks deleted.
  virtual std::int64_t delete_objects_before(std::int64_t camera_id, std::int64_t before_ms) = 0;

  // Video exports (sqlite_database_exports.cpp, migration 0009)
  //! Inserts a job with its sources (job.id 0 picks a new id) and returns its id.
  virtual std::int64_t insert_export_job(const ExportJobRecord& job) = 0;
  //! Writes every column of the job with job.id (not its sources); false when it no longer exists.
  virtual bool update_export_job(const ExportJobRecord& job) = 0;
  //! A job by id (any organization: callers check it), with its sources.
  virtual std::optional<ExportJobRecord> find_export_job(std::int64_t job_id) = 0;
  //! A page of a network's jobs, newest first, and the number matching.
  virtual ExportJobPage export_jobs(const ExportJobQuery& query) = 0;
  //! Every job in a state (of the served shard's networks, see serve_shard), in queue order: force-started first, then
  //! by scheduled time.
  virtual std::vector<ExportJobRecord> export_jobs_in_state(ExportState state) = 0;
  //! Jobs with a file whose expiry is at or before now_ms (of the served shard's networks).
  virtual std::vector<ExportJobRecord> export_jobs_expired(std::int64_t now_ms) = 0;
  //! Deletes a job (and its sources); false when none.
  virtual bool delete_export_job(std::int64_t job_id) = 0;

  // Clip bookmarks (sqlite_database_bookmarks.cpp, migration 0010)
  //! Inserts a bookmark and returns its id.
  virtual std::int64_t insert_bookmark(const BookmarkRecord& bookmark) = 0;
  //! Bookmarks of the cameras older than the cursor (none: any), newest start first (then highest id), at most limit.
  virtual BookmarkPage bookmarks_of_cameras(const std::vector<std::int64_t>& camera_ids,
                                            std::optional<BookmarkCursor> older_than, std::int64_t limit) = 0;
  //! A bookmark by id (any organization: callers check it).
  virtual std::optional<BookmarkRecord> find_bookmark(std::int64_t bookmark_id) = 0;
  //! Deletes a bookmark; false when none.
  virtual bool delete_bookmark(std::int64_t bookmark_id) = 0;

  // Access log (sqlite_database_access_log.cpp)
  //! Appends an entry and drops the organization's entries beyond its newest `keep`; answers the new id.
  virtual std::int64_t insert_access_log_entry(const AccessLogEntryRecord& entry, std::int64_t keep) = 0;
  //! A page of entries, newest (highest id) first.
  virtual std::vector<AccessLogEntryRecord> access_log_entries(const AccessLogQuery& query) = 0;
  //! How many entries the organization's log holds.
  virtual std::int64_t access_log_size(std::int64_t organization_id) = 0;

  // SAML single sign-on (sqlite_database_sso.cpp, migration 0017)
  //! The organization whose identifier this is (any case).
  virtual std::optional<OrganizationSsoRecord> find_sso_by_identifier(std::string_view identifier) = 0;
  virtual std::optional<OrganizationSsoRecord> find_sso_of_organization(std::int64_t organization_id) = 0;
  //! Sets or replaces the organization's single sign-on; false (nothing changed) when another organization has the
  //! identifier.
  virtual bool put_organization_sso(const OrganizationSsoRecord& sso) = 0;
  //! false when the organization had none.
  virtual bool remove_organization_sso(std::int64_t organization_id) = 0;

  // The portal's memory reports (sqlite_database_client_telemetry.cpp, migration 0007)
  //! In one transaction: deletes reports received before keep_since_ms, then stores this one; returns its id.

  virtual std::int64_t insert_client_memory_telemetry(const ClientMemoryTelemetryRecord& report,
                                                      std::int64_t keep_since_ms) = 0;
  //! The newest reports of an organization, newest first, at most limit.
  virtual std::vector<ClientMemoryTelemetryRecord> recent_client_memory_telemetry(std::int64_t organization_id,
                                                                                  std::int64_t limit) = 0;

  // Door access control (sqlite_database_doors.cpp, migration 0019)
  //! Stores the partner's current door list: new doors inserted, known ones updated (and no longer gone), doors of the
  //! integration missing from the list marked gone.
  virtual void sync_doors(std::int64_t integration_id, const std::vector<DoorRecord>& doors) = 0;
  //! Doors of the integrations of an organization (gone ones too), with their cameras, by name.
  virtual std::vector<DoorRecord> doors_of_organization(std::int64_t organization_id) = 0;
  //! Maps a door to a camera (false: already mapped).
  virtual bool map_door_camera(std::int64_t door_id, std::int64_t camera_id) = 0;
  //! false when the door was not mapped to the camera.
  virtual bool unmap_door_camera(std::int64_t door_id, std::int64_t camera_id) = 0;
  //! Stores an event unless the integration already has one with its partner id; true when stored.
  virtual bool insert_access_event(const AccessEventRecord& event) = 0;
  //! A page of events matching the query, by time then id, with the total count.
  virtual AccessEventPage access_events(const AccessEventQuery& query) = 0;
  //! Every door's retention in days: the longest retention of the cameras it is mapped to (their recordings are what
  //! its events annotate), default_days for a door on no camera; by door id.
  virtual std::map<std::int64_t, std::int64_t> door_retention_days(std::int64_t default_days) = 0;
  //! Deletes a door's events whose time is before the limit; answers how many.
  virtual std::int64_t delete_door_access_events_before(std::int64_t door_id, std::int64_t before_ms) = 0;

  // Global search (sqlite_database_search.cpp, migration 0020)
  //! Items of one kind ("camera", "video_wall", "export_job") of the organization matching the text in the tier's
  //! way, at most limit, in index order. The text is plain (FTS5 and SQL operators in it are not operators).
  virtual std::vector<SearchCandidate> search_candidates(std::int64_t organization_id, std::string_view kind,
                                                         std::string_view text, SearchTier tier,
                                                         std::int64_t limit) = 0;
  // Feedback (sqlite_database_feedback.cpp, migration 0021)
  //! Stores feedback; answers its id.
  virtual std::int64_t insert_feedback(const FeedbackRecord& feedback) = 0;
  //! The organization's feedback with an id below before_id (none: the newest), newest first, at most limit.
  virtual std::vector<FeedbackRecord>
  feedback_of_organization(std::int64_t organization_id, std::optional<std::int64_t> before_id, std::int64_t limit) = 0;
  //! How much feedback the user sent since the time.
  virtual std::int64_t feedback_count_since(std::int64_t user_id, std::int64_t since_ms) = 0;

  //! The cameras of each wall's tiles, by wall id.
  virtual std::vector<std::pair<std::int64_t, std::int64_t>>
  wall_tile_cameras(const std::vector<std::int64_t>& wall_ids) = 0;

private:
  std::optional<std::int64_t> served_shard_;
};

} // namespace argus::store
