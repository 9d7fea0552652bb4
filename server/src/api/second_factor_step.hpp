#pragma once
// What follows a right password (spec 01 §4 "Sign-in"): a user who proves a second factor gets its step instead of a
// session. An authenticator comes first (mode two_factor); then a sign-in code setting (mode one_time_password for
// e-mail, sms for text messages), whose first code is sent now; a member of an organization that requires two-factor
// and has neither gets an e-mailed code. Used by /login/login only.
#include <optional>

#include "api/api_context.hpp"
#include "http/request.hpp"
#include "http/response.hpp"

namespace argus::api {

//! The second step's answer for the user, or nullopt when the password alone signs them in.
std::optional<http::Response> second_factor_step(ApiContext& context, const http::Request& request,
                                                 const store::UserRecord& user, bool remember);

} // namespace argus::api
