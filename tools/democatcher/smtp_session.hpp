#pragma once
// The SMTP conversation of one connection (RFC 5321 subset, AUTH PLAIN/LOGIN of RFC 4954), free of sockets: a line
// in, the reply out. EHLO/HELO, MAIL FROM, RCPT TO (at most 100), DATA (dot-unstuffing, 1 MiB limit), RSET, NOOP,
// VRFY, QUIT; no STARTTLS. Commands out of order answer 503, unknown ones 500.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace argus::democatcher {

struct SmtpSettings {
  std::size_t max_message_bytes = 1024 * 1024;
  std::size_t max_recipients = 100;
  std::string auth_user; // non-empty: AUTH is advertised and required before MAIL
  std::string auth_password;
};

//! Keeps a complete message and returns its id; throws when it cannot (the client gets 451 and may retry).
using SmtpDelivery =
    std::function<std::uint64_t(const std::string& from, const std::vector<std::string>& to, const std::string& raw)>;

class SmtpSession {
public:
  //! A line, with its line end, may be this long outside DATA (RFC 5321 text line limit).
  static constexpr std::size_t k_max_line_bytes = 1000;

  SmtpSession(const SmtpSettings& settings, SmtpDelivery deliver);

  //! The 220 greeting.
  static std::string greeting();
  //! Handles one line (without its line end) and returns the reply with its CRLFs; "" inside DATA.
  std::string on_line(std::string_view line);
  //! Handles a line that was longer than max_line_bytes() (its bytes are gone).
  std::string on_line_too_long();
  //! The longest line, with its line end, the session takes now: longer inside DATA, where the size limit decides.
  std::size_t max_line_bytes() const;
  //! True after QUIT: the connection closes once the reply is sent.
  bool finished() const { return finished_; }

private:
  enum class Step { command, data, auth_plain, auth_login_user, auth_login_password };

  std::string on_command(std::string_view verb, std::string_view argument);
  std::string on_data_line(std::string_view line);
  std::string on_auth_line(std::string_view line);
  std::string ehlo_reply() const;
  std::string mail(std::string_view argument);
  std::string rcpt(std::string_view argument);
  std::string data(std::string_view argument);
  std::string auth(std::string_view argument);
  std::string finish_message();
  std::string check_credentials(const std::string& user, const std::string& password);
  void reset_transaction();

  const SmtpSettings& settings_;
  SmtpDelivery deliver_;
  Step step_ = Step::command;
  bool greeted_ = false;
  bool extended_ = false; // EHLO rather than HELO: AUTH may follow
  bool authenticated_ = false;
  bool finished_ = false;
  std::optional<std::string> from_; // set between MAIL and the end of the transaction
  std::vector<std::string> to_;
  std::string message_;
  bool message_too_big_ = false;
  std::string login_user_; // AUTH LOGIN: the user name, while the password is awaited
};

} // namespace argus::democatcher
