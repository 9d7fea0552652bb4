#pragma once
// Privilege administration inside one organization (issue 12; docs/design/administration.md): a member's privileges
// are replaced as a whole list in one write, after every entry is checked — its scope is one of the five, its network
// and camera belong to this organization, its tag is 1–255 characters, and it gives at least one right. Nobody
// changes their own privileges (an administrator cannot raise their own rights). The member's cached snapshot is
// dropped so that their next call sees the change. The caller checks that the actor may administer users.
#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "store/records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

class Catalog;

class PrivilegeAdmin {
public:
  //! catalog: the running server's (its member snapshot is dropped on a change); nullptr on the command line.
  PrivilegeAdmin(store::Database& database, Catalog* catalog);

  //! The member's privileges in the organization, by id. Error: not_found (not a member).
  std::vector<store::PrivilegeRecord> of_member(std::int64_t organization_id, std::int64_t user_id);
  //! Replaces the member's privileges in the organization with `entries` (their ids, user and organization are
  //! ignored) and answers the stored list. actor_user_id: the administrator (nullopt: the server's operator on the
  //! command line). Errors: not_found (not a member), permission_denied (the actor themselves), invalid_input naming
  //! the first bad entry as `privileges[i].field`; nothing is stored on an error.
  std::vector<store::PrivilegeRecord> replace(std::int64_t organization_id, std::optional<std::int64_t> actor_user_id,
                                              std::int64_t user_id, std::vector<store::PrivilegeRecord> entries);

  static constexpr std::size_t k_max_entries = 200;
  static constexpr std::size_t k_max_tag_length = 255;

private:
  void require_member(std::int64_t organization_id, std::int64_t user_id);
  //! network_ids: the organization's networks.
  void check_entry(const std::set<std::int64_t>& network_ids, const store::PrivilegeRecord& entry, std::size_t index);

  store::Database& database_;
  Catalog* catalog_;
};

} // namespace argus::services
