#pragma once
// `argusd sso set|show|remove`: an organization's SAML single sign-on on a data directory (services::save_sso_settings
// checks it). A running argusd uses a change at the next sign-in.
//   argusd sso set --data-dir D --org-id N --identifier acme --idp-metadata FILE
//   argusd sso show --data-dir D --org-id N
//   argusd sso remove --data-dir D --org-id N

namespace argus {

//! Runs `argusd sso <verb> ...`: 0 on success, 1 on a failure, 2 on bad input.
int run_sso_command(int argc, char** argv);

} // namespace argus
