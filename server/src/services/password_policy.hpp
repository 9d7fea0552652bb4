#pragma once
// What a new password must be, and when an old one has expired (issue 12; docs/design/sessions.md "Passwords").
// Rules (OWASP ASVS 4.0 §2.1): at least 12 and at most 256 characters (Unicode code points, spaces allowed), not a
// commonly used password (a local list: Openwall's password.lst from Debian's john-data, when installed), not the
// e-mail address or its local part, not the current password. A password expires when an administrator marked it, or
// when an organization of the user has an expiry policy (days) and it is older than that.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "store/records.hpp"

namespace argus::services {

class PasswordHasher;

class PasswordPolicy {
public:
  static constexpr std::size_t k_min_length = 12;
  static constexpr std::size_t k_max_length = 256;
  static constexpr const char* k_default_common_list = "/usr/share/john/password.lst";

  //! Loads the common-password list (one per line, '#!comment' lines skipped); a missing file means no list.
  explicit PasswordPolicy(const std::filesystem::path& common_list = k_default_common_list);

  //! The message of the first rule `password` breaks for the user, or nullopt when it is acceptable. With a hasher,
  //! the current password (user.password_hash) is checked too.
  std::optional<std::string> problem(std::string_view password, const store::UserRecord& user,
                                     const PasswordHasher* hasher = nullptr) const;
  //! Entries in the common list.
  std::size_t common_passwords() const { return common_.size(); }

  //! Whether the user's password has expired at now_ms under the given organizations' policies.
  static bool expired(const store::UserRecord& user, const std::vector<std::optional<std::int64_t>>& expiry_days,
                      std::int64_t now_ms);

private:
  std::unordered_set<std::string> common_; // lower-case
};

} // namespace argus::services
