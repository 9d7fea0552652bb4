#include "services/privilege_admin.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string>

#include "common/error.hpp"
#include "services/catalog.hpp"
#include "services/permission_service.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

constexpr std::array<std::string_view, 5> k_scopes{"organization", "network", "network_tag", "camera", "camera_tag"};

[[noreturn]] void refuse(std::size_t index, const char* field, const std::string& why) {
  throw Error(Error::Kind::invalid_input, "privileges[" + std::to_string(index) + "]." + field + ": " + why);
}

} // namespace

PrivilegeAdmin::PrivilegeAdmin(store::Database& database, Catalog* catalog) : database_(database), catalog_(catalog) {}

void PrivilegeAdmin::require_member(std::int64_t organization_id, std::int64_t user_id) {
  if (database_.members_of_organization(organization_id, user_id).empty())
    throw Error(Error::Kind::not_found, "User not found");
}

std::vector<store::PrivilegeRecord> PrivilegeAdmin::of_member(std::int64_t organization_id, std::int64_t user_id) {
  require_member(organization_id, user_id);
  auto all = database_.privileges_of_user(user_id);
  std::vector<store::PrivilegeRecord> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out),
               [organization_id](const auto& privilege) { return privilege.organization_id == organization_id; });
  return out;
}

void PrivilegeAdmin::check_entry(const std::set<std::int64_t>& network_ids, const store::PrivilegeRecord& entry,
                                 std::size_t index) {
  if (std::find(k_scopes.begin(), k_scopes.end(), entry.scope) == k_scopes.end())
    refuse(index, "scope", "must be organization, network, network_tag, camera or camera_tag");
  const bool tag_scope = entry.scope == "network_tag" || entry.scope == "camera_tag";
  const bool uses_network = entry.scope == "network" || tag_scope;
  if (entry.network_id && !uses_network)
    refuse(index, "network_id", "not used by the " + entry.scope + " scope");
  if (entry.scope == "network" && !entry.network_id)
    refuse(index, "network_id", "required for the network scope");
  if (entry.network_id && !network_ids.count(*entry.network_id))
    refuse(index, "network_id", "no such network in this organization");
  if (entry.camera_id && entry.scope != "camera")
    refuse(index, "camera_id", "not used by the " + entry.scope + " scope");
  if (entry.scope == "camera") {
    if (!entry.camera_id)
      refuse(index, "camera_id", "required for the camera scope");
    auto camera = database_.find_camera(*entry.camera_id);
    if (!camera || !network_ids.count(camera->network_id))
      refuse(index, "camera_id", "no such camera in this organization");
  }
  if (entry.tag && !tag_scope)
    refuse(index, "tag", "not used by the " + entry.scope + " scope");
  if (tag_scope && (!entry.tag || entry.tag->empty() || entry.tag->size() > k_max_tag_length))
    refuse(index, "tag", "required, 1 to " + std::to_string(k_max_tag_length) + " characters");
  if (!any_right(entry.rights))
    refuse(index, "rights", "give at least one of write, export, historical, live");
}

std::vector<store::PrivilegeRecord> PrivilegeAdmin::replace(std::int64_t organization_id,
                                                            std::optional<std::int64_t> actor_user_id,
                                                            std::int64_t user_id,
                                                            std::vector<store::PrivilegeRecord> entries) {
  require_member(organization_id, user_id);
  if (actor_user_id && *actor_user_id == user_id)
    throw Error(Error::Kind::permission_denied, "You cannot change your own privileges.");
  if (entries.size() > k_max_entries) {
    throw Error(Error::Kind::invalid_input, "privileges: at most " + std::to_string(k_max_entries) + " entries, " +
                                                std::to_string(entries.size()) + " given");
  }
  std::set<std::int64_t> network_ids;
  for (const auto& network : database_.networks_of_organization(organization_id))
    network_ids.insert(network.id);
  for (std::size_t i = 0; i < entries.size(); ++i)
    check_entry(network_ids, entries[i], i);
  database_.in_transaction([&] {
    database_.delete_privileges_of_member(user_id, organization_id);
    for (auto& entry : entries) {
      entry.id = 0;
      entry.user_id = user_id;
      entry.organization_id = organization_id;
      database_.insert_privilege(entry);
    }
  });
  if (catalog_)
    catalog_->forget_user(user_id);
  return of_member(organization_id, user_id);
}

} // namespace argus::services
