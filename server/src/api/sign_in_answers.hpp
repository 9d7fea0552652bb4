#pragma once
// The answers a sign-in step gives (spec 01 §7 POST /login/login): a failure with its mode, the throttle's captcha
// answer, and signing a user in. Shared by the password step (auth_api.cpp) and the second factor
// (two_factor_api.cpp).
#include <cstdint>
#include <string>

#include "api/api_context.hpp"
#include "http/request.hpp"
#include "http/response.hpp"

namespace argus::api {

//! {success false, mode, error} (and errors [error] when mode is null) with the status.
http::Response login_failure(int status, const char* mode, const std::string& message);
//! 429 in captcha mode with Retry-After in whole seconds, rounded up.
http::Response throttled_answer(std::int64_t retry_after_ms);
//! The session cookie value a request carries ("" when none): CSRF tokens are bound to it.
std::string session_cookie(const http::Request& request);
//! Signs the user in: ends the session the request had, starts one in the user's first organization and answers
//! success with the user, orgs and the new CSRF token, with the session and CSRF cookies; 403 for a user without an
//! organization.
http::Response signed_in_answer(ApiContext& context, const http::Request& request, const store::UserRecord& user,
                                bool remember);

} // namespace argus::api
