#pragma once
// Rows of migration 0013: how a user receives sign-in codes.
#include <cstdint>
#include <optional>
#include <string>

namespace argus::store {

struct SignInCodeSettingRecord {
  std::int64_t user_id = 0;
  std::string method;                         // "email" or "sms"
  std::optional<std::string> primary_phone;   // set for "sms" (E.164, e.g. +15550100)
  std::optional<std::string> secondary_phone; // optional second number for "sms"
};

} // namespace argus::store
