#pragma once
// The sign-ins waiting for an organization (spec 01 §2 ORG_CHOOSE): once a user of several organizations has proved
// who they are (password, and any second factor), the sign-in answers mode org_choose and sets a cookie with a random
// token (services::PendingSignIns). The pending choice lives 5 minutes; POST /login/org_choose spends it. Thread-safe.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "services/pending_sign_ins.hpp"

namespace argus::services {

class OrgChoices : public PendingSignIns {
public:
  static constexpr const char* k_cookie_name = "argus_org_choice";
  static constexpr std::int64_t k_lifetime_ms = 5 * 60 * 1000;

  explicit OrgChoices(std::function<std::int64_t()> now_ms) : PendingSignIns(k_lifetime_ms, 0, std::move(now_ms)) {}

  //! Set-Cookie values: the token (HttpOnly, SameSite=Strict, Path=/, 5 minutes) and its removal.
  static std::string cookie_header(std::string_view token, bool secure);
  static std::string clear_cookie_header(bool secure);
};

} // namespace argus::services
