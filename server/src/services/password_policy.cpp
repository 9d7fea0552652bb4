#include "services/password_policy.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>

#include "services/password_hasher.hpp"

namespace argus::services {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

// Code points of UTF-8 text (continuation bytes are not counted).
std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

} // namespace

PasswordPolicy::PasswordPolicy(const std::filesystem::path& common_list) {
  std::ifstream in(common_list);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (line.empty() || line.rfind("#!comment", 0) == 0)
      continue;
    common_.insert(lower(line));
  }
}

std::optional<std::string> PasswordPolicy::problem(std::string_view password, const store::UserRecord& user,
                                                   const PasswordHasher* hasher) const {
  auto length = characters(password);
  if (length < k_min_length)
    return "Use at least 12 characters.";
  if (length > k_max_length)
    return "Use at most 256 characters.";
  auto lowered = lower(password);
  if (common_.count(lowered))
    return "This password is too common. Choose another.";
  auto email = lower(user.email);
  auto local_part = email.substr(0, email.find('@'));
  if (!email.empty() && (lowered.find(email) != std::string::npos ||
                         (local_part.size() >= 4 && lowered.find(local_part) != std::string::npos)))
    return "Do not use your e-mail address in your password.";
  if (hasher && !user.password_hash.empty() && hasher->verify(user.password_hash, std::string(password)))
    return "Choose a password different from your current one.";
  return std::nullopt;
}

bool PasswordPolicy::expired(const store::UserRecord& user, const std::vector<std::optional<std::int64_t>>& expiry_days,
                             std::int64_t now_ms) {
  if (user.password_expired)
    return true;
  return std::any_of(expiry_days.begin(), expiry_days.end(), [&](const std::optional<std::int64_t>& days) {
    return days && *days > 0 && now_ms - user.password_changed_ms >= *days * 24 * 3600 * 1000;
  });
}

} // namespace argus::services
