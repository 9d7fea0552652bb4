#include "services/catalog.hpp"

#include <algorithm>
#include <atomic>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

// Rendered answers kept per organization snapshot before the cache starts over.
constexpr std::size_t k_max_rendered_entries = 4096;

const std::vector<const store::CameraRecord*> k_no_cameras;

std::shared_ptr<const UserSnapshot> load_user(store::Database& database, std::int64_t user_id) {
  auto user = database.find_user(user_id);
  if (!user)
    return nullptr;
  static std::atomic<std::uint64_t> next_generation{1};
  auto snapshot = std::make_shared<UserSnapshot>();
  snapshot->generation = next_generation++;
  snapshot->user = std::move(*user);
  snapshot->memberships = database.memberships_of_user(user_id);
  // A disabled membership is no membership: no session, sign-in or rights there (the organization's choice).
  std::erase_if(snapshot->memberships, [](const auto& membership) { return membership.disabled; });
  auto monitor_only = database.monitor_only_networks(user_id);
  std::set<std::int64_t> monitor_only_set(monitor_only.begin(), monitor_only.end());
  auto privileges = database.privileges_of_user(user_id);
  for (const auto& membership : snapshot->memberships) {
    std::vector<store::PrivilegeRecord> in_org;
    std::copy_if(privileges.begin(), privileges.end(), std::back_inserter(in_org),
                 [&](const auto& p) { return p.organization_id == membership.organization_id; });
    snapshot->permissions_by_org.emplace(membership.organization_id,
                                         PermissionService(std::move(in_org), monitor_only_set));
  }
  return snapshot;
}

// The camera's stored config with its features set to what runs (a config that is not a JSON object stays as it is).
void apply_detection_features(store::CameraRecord& camera, const DetectionFeatures& features) {
  auto config = nlohmann::json::parse(camera.config_json, nullptr, false);
  if (!config.is_object())
    return;
  config["features"] = {{"hasPeopleDetection", features.people},
                        {"hasVehicleDetection", features.vehicles},
                        {"hasAttributeDetection", features.attributes},
                        {"hasSimilarityDetection", features.similarity}};
  camera.config_json = config.dump();
}

std::shared_ptr<const OrgSnapshot> load_organization(store::Database& database, std::int64_t organization_id,
                                                     const std::optional<DetectionFeatures>& features) {
  auto organization = database.find_organization(organization_id);
  if (!organization)
    return nullptr;
  auto snapshot = std::make_shared<OrgSnapshot>();
  snapshot->organization = std::move(*organization);
  snapshot->networks = database.networks_of_organization(organization_id);
  std::stable_sort(snapshot->networks.begin(), snapshot->networks.end(),
                   [](const auto& a, const auto& b) { return a.name < b.name; });
  snapshot->cameras = database.cameras_of_organization(organization_id);
  if (features)
    for (auto& camera : snapshot->cameras)
      apply_detection_features(camera, *features);
  snapshot->floor_plans = database.floor_plans_of_organization(organization_id);
  snapshot->feature_flags = database.feature_flags_of_organization(organization_id);
  snapshot->integrations = database.integrations_of_organization(organization_id);
  snapshot->index();
  return snapshot;
}

std::shared_ptr<const std::vector<std::string>> load_shard_features(store::Database& database, std::int64_t shard_id) {
  auto names = std::make_shared<std::vector<std::string>>();
  for (const auto& feature : database.shard_features(shard_id)) {
    if (feature.enabled)
      names->push_back(feature.feature);
  }
  return names;
}

} // namespace

const store::MembershipRecord* UserSnapshot::membership(std::int64_t organization_id) const {
  for (const auto& item : memberships) {
    if (item.organization_id == organization_id)
      return &item;
  }
  return nullptr;
}

const PermissionService& UserSnapshot::permissions(std::int64_t organization_id) const {
  auto it = permissions_by_org.find(organization_id);
  if (it == permissions_by_org.end())
    throw Error(Error::Kind::not_found, "Organization not found");
  return it->second;
}

void OrgSnapshot::index() {
  for (const auto& network : networks)
    networks_by_id_[network.id] = &network;
  for (const auto& camera : cameras)
    cameras_by_network_[camera.network_id].push_back(&camera);
  for (const auto& plan : floor_plans)
    floor_plans_by_id_[plan.id] = &plan;
}

const store::NetworkRecord* OrgSnapshot::network(std::int64_t network_id) const {
  auto it = networks_by_id_.find(network_id);
  return it == networks_by_id_.end() ? nullptr : it->second;
}

const std::vector<const store::CameraRecord*>& OrgSnapshot::cameras_of(std::int64_t network_id) const {
  auto it = cameras_by_network_.find(network_id);
  return it == cameras_by_network_.end() ? k_no_cameras : it->second;
}

const store::FloorPlanRecord* OrgSnapshot::floor_plan(std::int64_t floor_plan_id) const {
  auto it = floor_plans_by_id_.find(floor_plan_id);
  return it == floor_plans_by_id_.end() ? nullptr : it->second;
}

std::string OrgSnapshot::rendered(const std::string& key, const std::function<std::string()>& render) const {
  {
    std::lock_guard lock(rendered_mutex_);
    auto it = rendered_.find(key);
    if (it != rendered_.end())
      return it->second;
  }
  std::string text = render();
  std::lock_guard lock(rendered_mutex_);
  if (rendered_.size() >= k_max_rendered_entries)
    rendered_.clear();
  rendered_.emplace(key, text);
  return text;
}

Catalog::Catalog(store::Database& database, Clock now_ms, std::int64_t ttl_ms)
    : database_(database), now_ms_(std::move(now_ms)), ttl_ms_(ttl_ms) {}

template <typename T, typename Load>
std::shared_ptr<const T> Catalog::get(std::map<std::int64_t, Slot<T>>& slots, std::int64_t id, const Load& load) {
  std::int64_t now = now_ms_();
  {
    std::lock_guard lock(mutex_);
    auto it = slots.find(id);
    if (it != slots.end() && now - it->second.loaded_ms < ttl_ms_)
      return it->second.value;
  }
  // Loaded outside the lock: two threads may load the same snapshot once each, which is harmless.
  auto value = load(database_, id);
  std::lock_guard lock(mutex_);
  slots[id] = Slot<T>{value, now};
  return value;
}

std::shared_ptr<const UserSnapshot> Catalog::user(std::int64_t user_id) {
  return get(users_, user_id, load_user);
}

std::shared_ptr<const OrgSnapshot> Catalog::organization(std::int64_t organization_id) {
  std::optional<DetectionFeatures> features;
  {
    std::lock_guard lock(mutex_);
    features = detection_features_;
  }
  return get(organizations_, organization_id, [&features](store::Database& database, std::int64_t id) {
    return load_organization(database, id, features);
  });
}

std::shared_ptr<const std::vector<std::string>> Catalog::shard_features(std::int64_t shard_id) {
  return get(shard_features_, shard_id, load_shard_features);
}

void Catalog::set_detection_features(const DetectionFeatures& features) {
  {
    std::lock_guard lock(mutex_);
    detection_features_ = features;
  }
  invalidate();
}

void Catalog::forget_user(std::int64_t user_id) {
  std::lock_guard lock(mutex_);
  users_.erase(user_id);
}

void Catalog::invalidate() {
  std::lock_guard lock(mutex_);
  users_.clear();
  organizations_.clear();
  shard_features_.clear();
}

} // namespace argus::services
