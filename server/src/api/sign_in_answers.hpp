#pragma once
// The answers a sign-in step gives (spec 01 §7 POST /login/login): a failure with its mode, the throttle's captcha
// answer, and signing a user in. Shared by the password step (auth_api.cpp) and the second factor
// (two_factor_api.cpp).
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "api/api_context.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "services/proof_of_work_captcha.hpp"

namespace argus::api {

//! The answer when a sign-in code could not be sent (mail server or SMS gateway down or not configured).
inline constexpr const char* k_code_not_sent = "We could not send your code. Please try again in a few minutes.";
//! The answer when a second step's sign-in is unknown or over: start again from the password.
inline constexpr const char* k_sign_in_expired = "Your sign-in expired. Please sign in again.";

//! The throttle's account for second-factor codes of a user: apart from the password's, so that a right password does
//! not forget wrong codes (someone who has the password cannot get fresh guesses by signing in again).
std::string second_factor_throttle_account(const std::string& email);

//! {success false, mode, error} (and errors [error] when mode is null) with the status.
http::Response login_failure(int status, const char* mode, const std::string& message);
//! The answer when a sign-in sent a captcha solution that was wrong, expired or used before.
inline constexpr const char* k_captcha_not_accepted = "The captcha was not accepted. Please solve it again.";

//! 429 in captcha mode with Retry-After in whole seconds, rounded up, and the throttle's message (or `message`).
http::Response throttled_answer(std::int64_t retry_after_ms, const char* message = nullptr);
//! A proof-of-work challenge as the portal reads it: {algorithm, challenge, maxnumber, salt, signature, expires_at_ms}.
nlohmann::json captcha_json(const services::ProofOfWorkCaptcha::Challenge& challenge);
//! The session cookie value a request carries ("" when none): CSRF tokens are bound to it.
std::string session_cookie(const http::Request& request);
//! The answer when every organization of the user disabled them.
inline constexpr const char* k_account_disabled = "Your account is disabled. Please contact your administrator.";
//! The answer when /login/org_choose names an organization the user does not belong to.
inline constexpr const char* k_choose_an_organization = "Choose one of your organizations.";

//! Signs the user in to one of their organizations (the first when none is given): ends the session the request had,
//! starts one there and answers success with the user, their organizations (orgs, by name) and the new CSRF token,
//! with the session and CSRF cookies; 403 for a user without an organization, Error(invalid_input) for an
//! organization that is not theirs.
http::Response signed_in_answer(ApiContext& context, const http::Request& request, const store::UserRecord& user,
                                bool remember, std::optional<std::int64_t> organization_id = std::nullopt);
//! The last step of every sign-in, once the user has proved who they are: a user of several organizations chooses one
//! first (mode org_choose with their orgs, and the pending choice's cookie; spec 01 §2 ORG_CHOOSE), others are signed
//! in.
http::Response sign_in_or_choose_org(ApiContext& context, const http::Request& request, const store::UserRecord& user,
                                     bool remember);
//! {success false, mode org_choose, error, orgs: the user's organizations by name} with the status.
http::Response org_choice_answer(ApiContext& context, const services::UserSnapshot& user, int status,
                                 const char* error);

} // namespace argus::api
