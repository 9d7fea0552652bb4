#pragma once
// Read-mostly snapshots of users and organizations for the hot request paths. A snapshot is loaded from the database
// on first use and reloaded after ttl_ms (so changes made by another process, e.g. the CLI, show up within seconds);
// invalidate() drops everything after an in-process write. Organization snapshots also hold a small cache of rendered
// answers (e.g. a camera list per user, network and field set) that lives exactly as long as the snapshot.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "services/clock.hpp"
#include "services/permission_service.hpp"
#include "store/records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

struct UserSnapshot {
  //! Differs between any two loads of any user in this process: answers rendered for a user are cached under it, so
  //! that a change of their rights (which reloads the snapshot) is seen on their next call.
  std::uint64_t generation = 0;
  store::UserRecord user;
  std::vector<store::MembershipRecord> memberships;
  std::map<std::int64_t, PermissionService> permissions_by_org;

  //! The membership in an organization, or nullptr when the user does not belong to it.
  const store::MembershipRecord* membership(std::int64_t organization_id) const;
  //! Permissions in an organization the user belongs to (throws Error(not_found) otherwise).
  const PermissionService& permissions(std::int64_t organization_id) const;
};

class OrgSnapshot {
public:
  store::OrganizationRecord organization;
  std::vector<store::NetworkRecord> networks; // sorted by name
  std::vector<store::CameraRecord> cameras;   // by id
  std::vector<store::FloorPlanRecord> floor_plans;
  std::vector<store::FeatureFlagRecord> feature_flags;
  std::vector<store::IntegrationRecord> integrations;

  //! Builds the lookup indexes; call once after filling the vectors.
  void index();
  //! Network by id, or nullptr.
  const store::NetworkRecord* network(std::int64_t network_id) const;
  //! Cameras of a network, by id.
  const std::vector<const store::CameraRecord*>& cameras_of(std::int64_t network_id) const;
  //! Floor plan by id, or nullptr.
  const store::FloorPlanRecord* floor_plan(std::int64_t floor_plan_id) const;
  //! The rendered answer stored under key, rendering and storing it on first use.
  std::string rendered(const std::string& key, const std::function<std::string()>& render) const;

private:
  std::unordered_map<std::int64_t, const store::NetworkRecord*> networks_by_id_;
  std::unordered_map<std::int64_t, std::vector<const store::CameraRecord*>> cameras_by_network_;
  std::unordered_map<std::int64_t, const store::FloorPlanRecord*> floor_plans_by_id_;
  mutable std::mutex rendered_mutex_;
  mutable std::unordered_map<std::string, std::string> rendered_;
};

//! What object detection really runs on this server's cameras (camera config features, spec 03 §3).
struct DetectionFeatures {
  bool people = false;
  bool vehicles = false;
  bool attributes = false;
  bool similarity = false;
};

class Catalog {
public:
  static constexpr std::int64_t k_default_ttl_ms = 5000;

  Catalog(store::Database& database, Clock now_ms, std::int64_t ttl_ms = k_default_ttl_ms);

  //! Snapshot of a user, or nullptr when the user does not exist.
  std::shared_ptr<const UserSnapshot> user(std::int64_t user_id);
  //! Snapshot of an organization, or nullptr when it does not exist.
  std::shared_ptr<const OrgSnapshot> organization(std::int64_t organization_id);
  //! Enabled shard feature names, sorted.
  std::shared_ptr<const std::vector<std::string>> shard_features(std::int64_t shard_id);
  //! Drops one user's snapshot so that the next call reads it fresh (e.g. on sign-in).
  void forget_user(std::int64_t user_id);
  //! Drops every snapshot (after a write in this process).
  void invalidate();
  //! From now on every camera's config.features says what detection runs (set once at start; unset: the stored
  //! config is served as it is).
  void set_detection_features(const DetectionFeatures& features);

private:
  template <typename T> struct Slot {
    std::shared_ptr<const T> value;
    std::int64_t loaded_ms = 0;
  };
  template <typename T, typename Load>
  std::shared_ptr<const T> get(std::map<std::int64_t, Slot<T>>& slots, std::int64_t id, const Load& load);

  store::Database& database_;
  std::optional<DetectionFeatures> detection_features_; // guarded by mutex_
  Clock now_ms_;
  std::int64_t ttl_ms_;
  std::mutex mutex_;
  std::map<std::int64_t, Slot<UserSnapshot>> users_;
  std::map<std::int64_t, Slot<OrgSnapshot>> organizations_;
  std::map<std::int64_t, Slot<std::vector<std::string>>> shard_features_;
};

} // namespace argus::services
