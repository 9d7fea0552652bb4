#pragma once
// Inviting someone to an organization by e-mail (issue 12; docs/design/permissions.md "Inviting users"). A new address
// gets an account without a password and a single-use link (the password-reset link, valid 7 days) to choose one; an
// address with an account of another organization becomes a member at once. The membership, the privileges and the
// account are written in one transaction after every check, so a refused invitation leaves nothing behind. The caller
// checks that the actor may administer users, and sends the e-mail (services::Outbox).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "services/clock.hpp"
#include "store/records.hpp"

namespace argus::store {
class Database;
}

namespace argus::services {

class Catalog;

struct InvitationInput {
  std::string email;
  std::optional<std::string> name; // default: the address's part before '@'
  bool is_admin = false;
  bool is_org_write_admin = false;                // needs is_admin
  std::vector<store::PrivilegeRecord> privileges; // as services::PrivilegeAdmin::replace; a viewer needs one at least
};

struct Invitation {
  store::MemberRecord member;
  //! For a new account: the link's token (only its digest is stored); nullopt for an existing account.
  std::optional<std::string> set_password_token;
};

class Invitations {
public:
  static constexpr std::int64_t k_link_lifetime_ms = 7LL * 24 * 3600 * 1000;
  static constexpr std::size_t k_max_email = 254;
  static constexpr std::size_t k_max_name = 255;

  Invitations(store::Database& database, Catalog& catalog, Clock now_ms);

  //! Errors: invalid_input (address, name, privileges, a viewer without privileges, org-write without admin),
  //! conflict (already a member of the organization).
  Invitation invite(std::int64_t organization_id, const InvitationInput& input);

private:
  store::Database& database_;
  Catalog& catalog_;
  Clock now_ms_;
};

} // namespace argus::services
