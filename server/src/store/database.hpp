#pragma once
// The store interface. Implementations (SqliteDatabase now, PostgresDatabase later) share the numbered migrations in
// store/migrations/. Every method is thread-safe; failures throw argus::Error (constraint → conflict, busy →
// unavailable, anything else → internal).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/records.hpp"

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
  //! Networks on which the user is a monitor-only administrator.
  virtual std::vector<std::int64_t> monitor_only_networks(std::int64_t user_id) = 0;
  //! Marks the user monitor-only on a network.
  virtual void add_monitor_only_network(std::int64_t user_id, std::int64_t network_id) = 0;

  // Sessions
  //! Stores a new session.
  virtual void insert_session(const SessionRecord& session) = 0;
  //! Every stored session.
  virtual std::vector<SessionRecord> all_sessions() = 0;
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

  // Server settings and secrets
  //! A stored setting or secret by name.
  virtual std::optional<std::string> find_setting(std::string_view name) = 0;
  //! Stores a value unless the name already has one; returns the stored value (the existing one when present).
  virtual std::string insert_setting_if_absent(std::string_view name, std::string_view value) = 0;
};

} // namespace argus::store
