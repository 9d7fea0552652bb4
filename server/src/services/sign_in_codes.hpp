#pragma once
// Sign-ins waiting for a code sent by e-mail or text message (issue 12; docs/design/sessions.md "Sign-in codes").
// After the password of a user with a sign-in code setting (store: user_sign_in_codes), start() sends a 6-digit code
// and answers a random token for an HttpOnly cookie (only its digest is kept, in memory). A code is single use, lives
// 10 minutes and allows 5 wrong tries; then a new one must be asked for (resend: 30 s apart, at most 5 codes per
// sign-in; each new code replaces the last). The sign-in itself lives 30 minutes. Sending happens outside the lock:
// a slow mail server holds up only its own caller. Thread-safe.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "services/clock.hpp"
#include "services/message_sender.hpp"
#include "store/records.hpp"
#include "store/sign_in_code_records.hpp"

namespace argus::services {

class SignInCodes {
public:
  static constexpr const char* k_cookie_name = "argus_sign_in_code";
  static constexpr std::int64_t k_sign_in_lifetime_ms = 30 * 60'000;
  static constexpr std::int64_t k_code_lifetime_ms = 10 * 60'000;
  static constexpr int k_max_tries_per_code = 5;
  static constexpr std::int64_t k_resend_interval_ms = 30'000;
  static constexpr int k_max_codes_per_sign_in = 5;
  static constexpr std::size_t k_max_pending = 10'000; // oldest dropped beyond: bounded memory

  enum class Channel { email, sms };
  enum class Phone { primary, secondary };

  //! Where codes go; a null sender means that channel is not configured (its users cannot sign in: 503).
  struct Senders {
    MessageSender* mail = nullptr;
    MessageSender* sms = nullptr;
  };

  struct Started {
    std::string token;
    Channel channel = Channel::email;
    std::string destination; // masked: "c•••@argus.demo", "•••• 0100"
    bool has_secondary_phone = false;
  };

  enum class Check { accepted, wrong, spent, expired, unknown };
  struct CheckResult {
    Check outcome = Check::unknown;
    std::int64_t user_id = 0;
    bool remember = false;
  };

  enum class Resend { sent, wait, too_many, no_secondary, unknown };
  struct ResendResult {
    Resend outcome = Resend::unknown;
    std::int64_t retry_after_ms = 0; // wait
    std::string destination;         // sent: masked
  };

  SignInCodes(Senders senders, Clock now_ms);

  //! The channel of a setting ("email" or "sms").
  static Channel channel_of(const store::SignInCodeSettingRecord& setting);
  //! Starts a sign-in for the user and sends the first code (to the primary phone for sms). Throws Error(unavailable)
  //! when the channel has no sender or the sender fails; then nothing is kept.
  Started start(const store::UserRecord& user, const store::SignInCodeSettingRecord& setting, bool remember);
  //! The user of a live sign-in `token` on `channel`; nullopt when unknown, expired or of the other channel.
  std::optional<std::int64_t> pending_user(std::string_view token, Channel channel);
  //! Forgets the sign-in (too many codes asked for).
  void remove(std::string_view token);
  //! Checks a code of the sign-in `token` on `channel` (a code sent by the other channel is unknown).
  CheckResult check(std::string_view token, Channel channel, std::string_view code);
  //! Sends a new code (sms: to the phone asked for). Throws Error(unavailable) when sending fails: the earlier code
  //! stays valid and the attempt does not count.
  ResendResult resend(std::string_view token, Channel channel, Phone phone);

  //! Set-Cookie values: the token (HttpOnly, SameSite=Strict, Path=/, 30 minutes) and its removal.
  static std::string cookie_header(std::string_view token, bool secure);
  static std::string clear_cookie_header(bool secure);
  //! "c•••@argus.demo" / "•••• 0100".
  static std::string masked_email(const std::string& email);
  static std::string masked_phone(const std::string& phone);

private:
  struct Pending {
    std::int64_t user_id = 0;
    bool remember = false;
    Channel channel = Channel::email;
    std::string email;
    std::optional<std::string> primary_phone;
    std::optional<std::string> secondary_phone;
    std::int64_t created_ms = 0;
    std::string code_digest; // of the current code; "" once spent
    std::int64_t code_sent_ms = 0;
    int wrong_tries = 0;
    int codes_sent = 0;
  };
  struct Code {
    std::string digits;
    std::string digest;
  };

  static Code new_code();
  void deliver(const Pending& pending, const std::string& to, const std::string& code);
  std::string destination_of(const Pending& pending, Phone phone) const;
  void drop_expired(std::int64_t now); // mutex_ held

  Senders senders_;
  Clock now_ms_;
  std::mutex mutex_;
  std::map<std::string, Pending, std::less<>> pending_; // by token digest
};

} // namespace argus::services
