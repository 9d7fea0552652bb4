#include "services/user_admin.hpp"

#include <string>

#include "common/error.hpp"
#include "services/catalog.hpp"
#include "store/database.hpp"

namespace argus::services {

UserAdmin::UserAdmin(store::Database& database, Catalog& catalog) : database_(database), catalog_(catalog) {}

std::vector<store::MemberRecord> UserAdmin::members(std::int64_t organization_id) {
  return database_.members_of_organization(organization_id);
}

store::MemberRecord UserAdmin::member(std::int64_t organization_id, std::int64_t user_id) {
  auto found = database_.members_of_organization(organization_id, user_id);
  if (found.empty())
    throw Error(Error::Kind::not_found, "User not found");
  return found.front();
}

void UserAdmin::require_other(std::int64_t actor_user_id, std::int64_t user_id, const char* what) {
  if (actor_user_id == user_id)
    throw Error(Error::Kind::permission_denied, std::string("You cannot ") + what);
}

store::MemberRecord UserAdmin::change(std::int64_t organization_id, std::int64_t actor_user_id, std::int64_t user_id,
                                      const MemberChange& change) {
  if (change.min_idle_timeout_minutes && (*change.min_idle_timeout_minutes < k_min_idle_minutes ||
                                          *change.min_idle_timeout_minutes > k_max_idle_minutes)) {
    throw Error(Error::Kind::invalid_input, "min_idle_timeout must be a whole number of minutes from " +
                                                std::to_string(k_min_idle_minutes) + " to " +
                                                std::to_string(k_max_idle_minutes));
  }
  database_.in_transaction([&] {
    auto current = member(organization_id, user_id);
    require_other(actor_user_id, user_id, "change your own access to the organization.");
    auto membership = current.membership;
    if (change.disabled)
      membership.disabled = *change.disabled;
    if (change.is_admin)
      membership.is_admin = *change.is_admin;
    if (change.is_org_write_admin)
      membership.is_org_write_admin = *change.is_org_write_admin;
    if (membership.is_org_write_admin && !membership.is_admin) {
      throw Error(Error::Kind::invalid_input,
                  "is_org_write_admin needs is_admin: an org-write administrator is an administrator");
    }
    database_.upsert_membership(membership);
    if (change.min_idle_timeout_minutes)
      database_.set_user_idle_timeout(user_id, *change.min_idle_timeout_minutes);
  });
  catalog_.forget_user(user_id);
  return member(organization_id, user_id);
}

void UserAdmin::reset_two_factor(std::int64_t organization_id, std::int64_t actor_user_id, std::int64_t user_id) {
  member(organization_id, user_id);
  require_other(actor_user_id, user_id, "reset your own two-factor here: turn it off from your user menu.");
  database_.delete_authenticator(user_id);
  catalog_.forget_user(user_id);
}

} // namespace argus::services
