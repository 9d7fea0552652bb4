// Inviting someone to the organization (issue 12; docs/design/permissions.md "Inviting users"):
// POST /api/v1/organizations/{orgId}/users. Org-write administrators only; the e-mail goes through the outbox, so an
// argusd without a mail server refuses (503) before changing anything.
#include <spdlog/spdlog.h>

#include "api/access_logging.hpp"
#include "api/api_routes.hpp"
#include "api/json_views.hpp"
#include "api/privilege_input.hpp"
#include "api/request_parsing.hpp"
#include "common/error.hpp"
#include "services/invitations.hpp"
#include "services/outbox.hpp"

namespace argus::api {
namespace {

bool flag(const nlohmann::json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null())
    return false;
  if (!it->is_boolean())
    throw Error(Error::Kind::invalid_input, std::string(field) + " must be true or false");
  return it->get<bool>();
}

services::InvitationInput invitation_from_json(const nlohmann::json& body) {
  services::InvitationInput input;
  input.email = required_string(body, "email");
  if (auto name = body.find("name"); name != body.end() && !name->is_null()) {
    if (!name->is_string())
      throw Error(Error::Kind::invalid_input, "name must be a string");
    input.name = name->get<std::string>();
  }
  input.is_admin = flag(body, "is_admin");
  input.is_org_write_admin = flag(body, "is_org_write_admin");
  if (body.contains("privileges"))
    input.privileges = privileges_from_json(body);
  return input;
}

services::OutgoingMessage invitation_mail(const ApiContext& context, const SessionContext& caller,
                                          const services::Invitation& invitation) {
  const auto& organization = caller.org->organization.name;
  const auto& inviter = caller.user->user.name.empty() ? caller.user->user.email : caller.user->user.name;
  std::string text = inviter + " added you to the organization " + organization + " on Argus.\n\n";
  if (invitation.set_password_token) {
    text += "Open this link within 7 days to choose your password and sign in:\n" + context.public_url +
            "/login/reset-password?token=" + *invitation.set_password_token +
            "\n\nIf you did not expect this, ignore this e-mail: without a password nobody can sign in as you.\n";
  } else {
    text += "Sign in as usual at " + context.public_url + " and choose " + organization + ".\n";
  }
  return {invitation.member.email, "You are invited to " + organization + " on Argus", text};
}

http::Response invite(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto in_org = caller_administering_org(context, caller, path_id(request, "orgId"));
  auto input = invitation_from_json(parse_json_object(request));
  if (!context.mail_outbox)
    throw Error(Error::Kind::unavailable, "Invitations need a mail server (--smtp-url).");
  auto organization_id = in_org.org->organization.id;
  auto invitation =
      services::Invitations(context.database, context.catalog, context.now_ms).invite(organization_id, input);
  context.mail_outbox->post(invitation_mail(context, in_org, invitation));
  spdlog::info("user {} invited member {} to organization {} ({} account)", caller.user->user.id,
               invitation.member.user_id, organization_id, invitation.set_password_token ? "new" : "existing");
  log_access(context, request, in_org, "member_changed", nullptr, nullptr,
             invitation.member.email + ": invited" +
                 (input.is_org_write_admin ? " as org-write administrator"
                  : input.is_admin         ? " as administrator"
                                           : " as viewer"));
  return http::Response::json(member_json(invitation.member), 201);
}

} // namespace

void register_invitation_routes(RouteRegistrar& routes, ApiContext& /*context*/) {
  routes.add_session("POST", "/api/v1/organizations/{orgId}/users", invite);
}

} // namespace argus::api
