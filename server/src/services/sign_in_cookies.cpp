#include "services/sign_in_cookies.hpp"

namespace argus::services {

std::string sign_in_step_cookie(std::string_view name, std::string_view value, std::int64_t max_age_s, bool secure) {
  return std::string(name) + "=" + std::string(value) +
         "; Path=/; HttpOnly; SameSite=Strict; Max-Age=" + std::to_string(max_age_s) + (secure ? "; Secure" : "");
}

std::string cleared_sign_in_step_cookie(std::string_view name, bool secure) {
  return sign_in_step_cookie(name, "", 0, secure);
}

} // namespace argus::services
