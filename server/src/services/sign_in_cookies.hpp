#pragma once
// Set-Cookie values of the cookies that carry a sign-in between its steps (a second factor's challenge, a sent code, an
// organization choice): HttpOnly, SameSite=Strict, Path=/, with a lifetime, Secure over TLS. One place writes them.
#include <cstdint>
#include <string>
#include <string_view>

namespace argus::services {

//! name=value with the step's lifetime in seconds.
std::string sign_in_step_cookie(std::string_view name, std::string_view value, std::int64_t max_age_s, bool secure);
//! The cookie's removal (empty value, Max-Age=0).
std::string cleared_sign_in_step_cookie(std::string_view name, bool secure);

} // namespace argus::services
