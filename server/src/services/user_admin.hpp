#pragma once
// User administration inside one organization (issue 12): its members, and what an administrator with the write
// right may change about another member — disable or enable them there, make them an administrator or an org-write
// administrator (or not), their idle timeout, and resetting their authenticator. Nobody changes their own access:
// an administrator cannot raise (or drop) their own rights, disable themselves or reset their own two-factor here.
// Each change is one write; the member's cached snapshot is dropped so that the next call of theirs sees it (a
// disabled member's sessions in the organization end there). The caller checks that the actor may administer users.
#include <cstdint>
#include <optional>
#include <vector>

#include "store/records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

class Catalog;

//! What to change about a member; absent fields stay as they are.
struct MemberChange {
  std::optional<bool> disabled;
  std::optional<bool> is_admin;
  std::optional<bool> is_org_write_admin; // implies is_admin
  std::optional<std::int64_t> min_idle_timeout_minutes;
};

class UserAdmin {
public:
  UserAdmin(store::Database& database, Catalog& catalog);

  //! Every member of the organization, disabled ones included, by name.
  std::vector<store::MemberRecord> members(std::int64_t organization_id);
  //! Applies a change to a member (not the actor). Error: not_found (not a member), permission_denied (the actor
  //! themselves), invalid_input (org-write without admin, idle timeout out of range).
  store::MemberRecord change(std::int64_t organization_id, std::int64_t actor_user_id, std::int64_t user_id,
                             const MemberChange& change);
  //! Deletes a member's authenticator and recovery codes (their next sign-in is by password, or their sign-in code).
  //! Errors as change().
  void reset_two_factor(std::int64_t organization_id, std::int64_t actor_user_id, std::int64_t user_id);

  //! Idle timeouts an administrator may set, in minutes (the session cap: 10 days).
  static constexpr std::int64_t k_min_idle_minutes = 1;
  static constexpr std::int64_t k_max_idle_minutes = 14'400;

private:
  store::MemberRecord member(std::int64_t organization_id, std::int64_t user_id);
  void require_other(std::int64_t actor_user_id, std::int64_t user_id, const char* what);

  store::Database& database_;
  Catalog& catalog_;
};

} // namespace argus::services
