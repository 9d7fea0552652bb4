#include "services/invitations.hpp"

#include <algorithm>

#include "common/error.hpp"
#include "services/catalog.hpp"
#include "services/privilege_admin.hpp"
#include "services/token_codec.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

constexpr std::size_t k_token_bytes = 32;

// One '@' with something on both sides, a dot in the domain, no spaces or control characters: enough to catch typing
// mistakes; the e-mail itself proves the address.
bool plausible_email(const std::string& email) {
  if (email.size() < 5 || email.size() > Invitations::k_max_email)
    return false;
  auto at = email.find('@');
  if (at == std::string::npos || at == 0 || email.find('@', at + 1) != std::string::npos)
    return false;
  auto dot = email.find('.', at + 2);
  if (dot == std::string::npos || dot + 1 >= email.size())
    return false;
  return std::none_of(email.begin(), email.end(),
                      [](char c) { return static_cast<unsigned char>(c) <= ' ' || c == 0x7f; });
}

std::string checked_name(const InvitationInput& input) {
  std::string name = input.name.value_or(input.email.substr(0, input.email.find('@')));
  auto first = name.find_first_not_of(" \t");
  auto last = name.find_last_not_of(" \t");
  name = first == std::string::npos ? "" : name.substr(first, last - first + 1);
  if (name.empty() || name.size() > Invitations::k_max_name)
    throw Error(Error::Kind::invalid_input, "name must be 1 to 255 characters");
  if (std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < ' '; }))
    throw Error(Error::Kind::invalid_input, "name must not contain control characters");
  return name;
}

} // namespace

Invitations::Invitations(store::Database& database, Catalog& catalog, Clock now_ms)
    : database_(database), catalog_(catalog), now_ms_(std::move(now_ms)) {}

Invitation Invitations::invite(std::int64_t organization_id, const InvitationInput& input) {
  if (!plausible_email(input.email))
    throw Error(Error::Kind::invalid_input, "Please enter a valid e-mail address.");
  auto name = checked_name(input);
  if (input.is_org_write_admin && !input.is_admin) {
    throw Error(Error::Kind::invalid_input,
                "is_org_write_admin needs is_admin: an org-write administrator is an administrator");
  }
  if (!input.is_admin && input.privileges.empty()) {
    throw Error(Error::Kind::invalid_input,
                "privileges: a viewer needs at least one privilege (without any, a member has every right)");
  }
  Invitation invitation;
  std::int64_t user_id = 0;
  database_.in_transaction([&] {
    auto existing = database_.find_user_by_email(input.email);
    if (existing) {
      user_id = existing->id;
      if (!database_.members_of_organization(organization_id, user_id).empty())
        throw Error(Error::Kind::conflict, "This person is already a member of the organization.");
    } else {
      store::UserRecord user;
      user.name = name;
      user.email = input.email;
      user.password_changed_ms = now_ms_();
      user_id = database_.insert_user(user); // no password hash: no sign-in until the link is used
      invitation.set_password_token = random_token_base64url(k_token_bytes);
      database_.put_password_reset_token(user_id, token_digest_hex(*invitation.set_password_token),
                                         now_ms_() + k_link_lifetime_ms);
    }
    database_.upsert_membership({user_id, organization_id, input.is_admin, input.is_org_write_admin, false});
    PrivilegeAdmin(database_, nullptr).replace(organization_id, std::nullopt, user_id, input.privileges);
    invitation.member = database_.members_of_organization(organization_id, user_id).front();
  });
  catalog_.forget_user(user_id);
  return invitation;
}

} // namespace argus::services
