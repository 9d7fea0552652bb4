#include "services/sign_in_codes.hpp"

#include <cstdio>

#include <sodium.h>

#include "common/error.hpp"
#include "services/sign_in_cookies.hpp"
#include "services/token_codec.hpp"

namespace argus::services {
namespace {

constexpr const char* k_bullets = "\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2"; // "•••"

std::string code_text_for_email(const std::string& code) {
  return "Your Argus sign-in code is " + code +
         ".\n\nIt works once, within 10 minutes. If you did not just try to sign in to Argus, someone knows your "
         "password: change it.\n";
}

std::string code_text_for_sms(const std::string& code) {
  return "Argus sign-in code: " + code + " (valid 10 minutes). Do not share it.";
}

} // namespace

SignInCodes::SignInCodes(Senders senders, Clock now_ms) : senders_(senders), now_ms_(std::move(now_ms)) {}

SignInCodes::Channel SignInCodes::channel_of(const store::SignInCodeSettingRecord& setting) {
  return setting.method == "sms" ? Channel::sms : Channel::email;
}

SignInCodes::Code SignInCodes::new_code() {
  ensure_sodium();
  char digits[8];
  std::snprintf(digits, sizeof digits, "%06u", static_cast<unsigned>(randombytes_uniform(1'000'000)));
  return Code{digits, token_digest_hex(digits)};
}

std::string SignInCodes::destination_of(const Pending& pending, Phone phone) const {
  if (pending.channel == Channel::email)
    return pending.email;
  const auto& number = phone == Phone::secondary ? pending.secondary_phone : pending.primary_phone;
  return number.value_or("");
}

void SignInCodes::deliver(const Pending& pending, const std::string& to, const std::string& code) {
  bool email = pending.channel == Channel::email;
  MessageSender* sender = email ? senders_.mail : senders_.sms;
  if (!sender) {
    throw Error(Error::Kind::unavailable, email
                                              ? "sign-in codes by e-mail are not configured (--smtp-url)"
                                              : "sign-in codes by text message are not configured (--sms-gateway-url)");
  }
  sender->send(email ? OutgoingMessage{to, "Your Argus sign-in code", code_text_for_email(code)}
                     : OutgoingMessage{to, "", code_text_for_sms(code)});
}

SignInCodes::Started SignInCodes::start(const store::UserRecord& user, const store::SignInCodeSettingRecord& setting,
                                        bool remember) {
  Pending pending;
  pending.user_id = user.id;
  pending.remember = remember;
  pending.channel = channel_of(setting);
  pending.email = user.email;
  pending.primary_phone = setting.primary_phone;
  pending.secondary_phone = setting.secondary_phone;
  auto to = destination_of(pending, Phone::primary);
  if (to.empty())
    throw Error(Error::Kind::unavailable, "no phone number is set for sign-in codes of user " + user.email);
  auto code = new_code();
  deliver(pending, to, code.digits);

  const auto now = now_ms_();
  pending.created_ms = now;
  pending.code_digest = code.digest;
  pending.code_sent_ms = now;
  pending.codes_sent = 1;
  auto token = random_token_base64url(32);
  std::lock_guard lock(mutex_);
  drop_expired(now);
  while (pending_.size() >= k_max_pending) {
    auto oldest = pending_.begin();
    for (auto it = pending_.begin(); it != pending_.end(); ++it) {
      if (it->second.created_ms < oldest->second.created_ms)
        oldest = it;
    }
    pending_.erase(oldest);
  }
  pending_[token_digest_hex(token)] = pending;
  bool masked_email_destination = pending.channel == Channel::email;
  return Started{token, pending.channel, masked_email_destination ? masked_email(to) : masked_phone(to),
                 pending.secondary_phone.has_value()};
}

std::optional<std::int64_t> SignInCodes::pending_user(std::string_view token, Channel channel) {
  if (token.empty())
    return std::nullopt;
  std::lock_guard lock(mutex_);
  drop_expired(now_ms_());
  auto found = pending_.find(token_digest_hex(token));
  if (found == pending_.end() || found->second.channel != channel)
    return std::nullopt;
  return found->second.user_id;
}

void SignInCodes::remove(std::string_view token) {
  std::lock_guard lock(mutex_);
  pending_.erase(token_digest_hex(token));
}

SignInCodes::CheckResult SignInCodes::check(std::string_view token, Channel channel, std::string_view code) {
  if (token.empty())
    return {};
  const auto now = now_ms_();
  std::lock_guard lock(mutex_);
  drop_expired(now);
  auto found = pending_.find(token_digest_hex(token));
  if (found == pending_.end() || found->second.channel != channel)
    return {};
  auto& pending = found->second;
  CheckResult result{Check::unknown, pending.user_id, pending.remember};
  if (pending.code_digest.empty()) {
    result.outcome = Check::spent;
  } else if (now >= pending.code_sent_ms + k_code_lifetime_ms) {
    pending.code_digest.clear();
    result.outcome = Check::expired;
  } else if (token_digest_hex(code) == pending.code_digest) {
    pending_.erase(found);
    result.outcome = Check::accepted;
  } else if (++pending.wrong_tries >= k_max_tries_per_code) {
    pending.code_digest.clear();
    result.outcome = Check::spent;
  } else {
    result.outcome = Check::wrong;
  }
  return result;
}

SignInCodes::ResendResult SignInCodes::resend(std::string_view token, Channel channel, Phone phone) {
  if (token.empty())
    return {};
  const auto digest = token_digest_hex(token);
  Pending snapshot;
  {
    const auto now = now_ms_();
    std::lock_guard lock(mutex_);
    drop_expired(now);
    auto found = pending_.find(digest);
    if (found == pending_.end() || found->second.channel != channel)
      return {};
    if (found->second.codes_sent >= k_max_codes_per_sign_in)
      return {Resend::too_many, 0, ""};
    auto wait = found->second.code_sent_ms + k_resend_interval_ms - now;
    if (wait > 0)
      return {Resend::wait, wait, ""};
    if (channel == Channel::sms && phone == Phone::secondary && !found->second.secondary_phone)
      return {Resend::no_secondary, 0, ""};
    snapshot = found->second;
  }
  auto to = destination_of(snapshot, phone);
  auto code = new_code();
  deliver(snapshot, to, code.digits); // throws: nothing changed

  const auto now = now_ms_();
  std::lock_guard lock(mutex_);
  auto found = pending_.find(digest);
  if (found == pending_.end())
    return {}; // signed in or expired meanwhile
  auto& pending = found->second;
  pending.code_digest = code.digest;
  pending.code_sent_ms = now;
  pending.wrong_tries = 0;
  ++pending.codes_sent;
  return {Resend::sent, 0, channel == Channel::email ? masked_email(to) : masked_phone(to)};
}

std::string SignInCodes::cookie_header(std::string_view token, bool secure) {
  return sign_in_step_cookie(k_cookie_name, token, k_sign_in_lifetime_ms / 1000, secure);
}

std::string SignInCodes::clear_cookie_header(bool secure) {
  return cleared_sign_in_step_cookie(k_cookie_name, secure);
}

std::string SignInCodes::masked_email(const std::string& email) {
  auto at = email.find('@');
  if (at == std::string::npos || at == 0)
    return k_bullets;
  return email.substr(0, 1) + k_bullets + email.substr(at);
}

std::string SignInCodes::masked_phone(const std::string& phone) {
  auto last = phone.size() >= 4 ? phone.substr(phone.size() - 4) : phone;
  return std::string("\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2 ") + last;
}

void SignInCodes::drop_expired(std::int64_t now) {
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (it->second.created_ms + k_sign_in_lifetime_ms <= now)
      it = pending_.erase(it);
    else
      ++it;
  }
}

} // namespace argus::services
