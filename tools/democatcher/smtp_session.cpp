#include "smtp_session.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

#include "mime_decoding.hpp"

namespace argus::democatcher {
namespace {

constexpr std::string_view k_server_name = "democatcher";

std::string reply(int code, std::string_view text) {
  return std::to_string(code) + " " + std::string(text) + "\r\n";
}

std::string upper(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
  return out;
}

std::string_view trim(std::string_view text) {
  auto start = text.find_first_not_of(" \t");
  if (start == std::string_view::npos)
    return {};
  return text.substr(start, text.find_last_not_of(" \t") - start + 1);
}

struct PathArgument {
  std::string address;
  std::string_view parameters; // "SIZE=123 BODY=8BITMIME"
};

// "FROM:<a@b> SIZE=1" (keyword "FROM:") -> {"a@b", "SIZE=1"}; a path without angle brackets is taken as well.
std::optional<PathArgument> parse_path_argument(std::string_view argument, std::string_view keyword) {
  if (argument.size() < keyword.size() || upper(argument.substr(0, keyword.size())) != keyword)
    return std::nullopt;
  auto rest = trim(argument.substr(keyword.size()));
  if (rest.empty())
    return std::nullopt;
  if (rest.front() == '<') {
    auto close = rest.find('>');
    if (close == std::string_view::npos)
      return std::nullopt;
    return PathArgument{std::string(rest.substr(1, close - 1)), trim(rest.substr(close + 1))};
  }
  auto space = rest.find(' ');
  return PathArgument{std::string(rest.substr(0, space)),
                      space == std::string_view::npos ? std::string_view{} : trim(rest.substr(space + 1))};
}

// The SIZE= parameter of MAIL FROM, or nullopt when absent; a value too long to parse counts as huge.
std::optional<std::size_t> declared_size(std::string_view parameters) {
  while (!parameters.empty()) {
    auto space = parameters.find(' ');
    auto parameter = parameters.substr(0, space);
    parameters = space == std::string_view::npos ? std::string_view{} : trim(parameters.substr(space + 1));
    if (upper(parameter.substr(0, 5)) != "SIZE=")
      continue;
    auto digits = parameter.substr(5);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    return digits.size() > 15 ? SIZE_MAX : std::stoull(std::string(digits));
  }
  return std::nullopt;
}

} // namespace

SmtpSession::SmtpSession(const SmtpSettings& settings, SmtpDelivery deliver)
    : settings_(settings), deliver_(std::move(deliver)) {}

std::string SmtpSession::greeting() {
  return reply(220, std::string(k_server_name) + " ESMTP ready");
}

std::size_t SmtpSession::max_line_bytes() const {
  return step_ == Step::data ? settings_.max_message_bytes + 2 : k_max_line_bytes;
}

std::string SmtpSession::on_line(std::string_view line) {
  if (step_ == Step::data)
    return on_data_line(line);
  if (step_ != Step::command)
    return on_auth_line(line);
  auto space = line.find(' ');
  auto verb = upper(line.substr(0, space));
  auto argument = space == std::string_view::npos ? std::string_view{} : trim(line.substr(space + 1));
  return on_command(verb, argument);
}

std::string SmtpSession::on_line_too_long() {
  if (step_ == Step::data) {
    message_too_big_ = true;
    message_.clear();
    return {};
  }
  step_ = Step::command;
  return reply(500, "5.5.2 Line too long (limit " + std::to_string(k_max_line_bytes) + " bytes)");
}

std::string SmtpSession::on_command(std::string_view verb, std::string_view argument) {
  if (verb == "EHLO" || verb == "HELO") {
    if (argument.empty())
      return reply(501, "5.5.4 Syntax: " + std::string(verb) + " hostname");
    reset_transaction();
    greeted_ = true;
    extended_ = verb == "EHLO";
    return extended_ ? ehlo_reply() : reply(250, k_server_name);
  }
  if (verb == "MAIL")
    return mail(argument);
  if (verb == "RCPT")
    return rcpt(argument);
  if (verb == "DATA")
    return data(argument);
  if (verb == "AUTH")
    return auth(argument);
  if (verb == "RSET") {
    reset_transaction();
    return reply(250, "2.0.0 Ok");
  }
  if (verb == "NOOP")
    return reply(250, "2.0.0 Ok");
  if (verb == "VRFY")
    return reply(252, "2.1.5 Cannot VRFY the user, but will take a message for it");
  if (verb == "QUIT") {
    finished_ = true;
    return reply(221, "2.0.0 Bye");
  }
  return reply(500, "5.5.2 Command not recognized");
}

std::string SmtpSession::ehlo_reply() const {
  std::vector<std::string> lines = {std::string(k_server_name), "SIZE " + std::to_string(settings_.max_message_bytes),
                                    "8BITMIME", "ENHANCEDSTATUSCODES"};
  if (!settings_.auth_user.empty())
    lines.emplace_back("AUTH PLAIN LOGIN");
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i)
    out += "250" + std::string(i + 1 < lines.size() ? "-" : " ") + lines[i] + "\r\n";
  return out;
}

std::string SmtpSession::mail(std::string_view argument) {
  if (!greeted_)
    return reply(503, "5.5.1 Send EHLO or HELO first");
  if (!settings_.auth_user.empty() && !authenticated_)
    return reply(530, "5.7.0 Authentication required");
  if (from_)
    return reply(503, "5.5.1 Nested MAIL command");
  auto path = parse_path_argument(argument, "FROM:");
  if (!path)
    return reply(501, "5.5.4 Syntax: MAIL FROM:<address>");
  if (auto size = declared_size(path->parameters); size && *size > settings_.max_message_bytes)
    return reply(552,
                 "5.3.4 Message size exceeds the limit of " + std::to_string(settings_.max_message_bytes) + " bytes");
  from_ = std::move(path->address);
  return reply(250, "2.1.0 Ok");
}

std::string SmtpSession::rcpt(std::string_view argument) {
  if (!from_)
    return reply(503, "5.5.1 Send MAIL first");
  auto path = parse_path_argument(argument, "TO:");
  if (!path || path->address.empty())
    return reply(501, "5.5.4 Syntax: RCPT TO:<address>");
  if (to_.size() >= settings_.max_recipients)
    return reply(452, "4.5.3 Too many recipients");
  to_.push_back(std::move(path->address));
  return reply(250, "2.1.5 Ok");
}

std::string SmtpSession::data(std::string_view argument) {
  if (!argument.empty())
    return reply(501, "5.5.4 Syntax: DATA");
  if (!from_)
    return reply(503, "5.5.1 Send MAIL first");
  if (to_.empty())
    return reply(503, "5.5.1 Send RCPT first");
  step_ = Step::data;
  message_.clear();
  message_too_big_ = false;
  return reply(354, "End data with <CR><LF>.<CR><LF>");
}

std::string SmtpSession::on_data_line(std::string_view line) {
  if (line == ".")
    return finish_message();
  if (line.starts_with('.'))
    line.remove_prefix(1); // dot-stuffing (RFC 5321 4.5.2)
  if (message_too_big_)
    return {};
  if (message_.size() + line.size() + 2 > settings_.max_message_bytes) {
    message_too_big_ = true;
    message_.clear();
    message_.shrink_to_fit();
    return {};
  }
  message_.append(line);
  message_ += "\r\n";
  return {};
}

std::string SmtpSession::finish_message() {
  step_ = Step::command;
  std::string answer;
  if (message_too_big_) {
    answer = reply(552, "5.3.4 Message too big (limit " + std::to_string(settings_.max_message_bytes) + " bytes)");
  } else {
    try {
      auto id = deliver_(*from_, to_, message_);
      answer = reply(250, "2.0.0 Ok: queued as " + std::to_string(id));
    } catch (const std::exception&) {
      answer = reply(451, "4.3.0 Could not store the message; try again later");
    }
  }
  reset_transaction();
  return answer;
}

std::string SmtpSession::auth(std::string_view argument) {
  if (settings_.auth_user.empty())
    return reply(502, "5.5.1 AUTH is not available");
  if (!extended_)
    return reply(503, "5.5.1 Send EHLO first");
  if (authenticated_)
    return reply(503, "5.5.1 Already authenticated");
  if (from_)
    return reply(503, "5.5.1 AUTH is not allowed during a mail transaction");
  auto space = argument.find(' ');
  auto mechanism = upper(argument.substr(0, space));
  auto initial = space == std::string_view::npos ? std::string_view{} : trim(argument.substr(space + 1));
  if (mechanism == "PLAIN") {
    step_ = Step::auth_plain;
    return initial.empty() ? "334 \r\n" : on_auth_line(initial == "=" ? "" : initial);
  }
  if (mechanism == "LOGIN") {
    step_ = Step::auth_login_user;
    return initial.empty() ? "334 VXNlcm5hbWU6\r\n" : on_auth_line(initial); // "Username:"
  }
  return reply(504, "5.5.4 Unrecognized authentication mechanism");
}

std::string SmtpSession::on_auth_line(std::string_view line) {
  if (line == "*") {
    step_ = Step::command;
    return reply(501, "5.0.0 Authentication cancelled");
  }
  auto decoded = decode_base64(line);
  if (step_ == Step::auth_login_user) {
    login_user_ = decoded;
    step_ = Step::auth_login_password;
    return "334 UGFzc3dvcmQ6\r\n"; // "Password:"
  }
  if (step_ == Step::auth_login_password)
    return check_credentials(std::exchange(login_user_, {}), decoded);
  // PLAIN: authorization identity NUL user NUL password
  auto first = decoded.find('\0');
  auto second = first == std::string::npos ? std::string::npos : decoded.find('\0', first + 1);
  if (second == std::string::npos) {
    step_ = Step::command;
    return reply(501, "5.5.2 Malformed AUTH PLAIN response");
  }
  auto identity = decoded.substr(0, first);
  auto user = decoded.substr(first + 1, second - first - 1);
  if (!identity.empty() && identity != user)
    return check_credentials({}, {});
  return check_credentials(user, decoded.substr(second + 1));
}

std::string SmtpSession::check_credentials(const std::string& user, const std::string& password) {
  step_ = Step::command;
  if (user.empty() || user != settings_.auth_user || password != settings_.auth_password)
    return reply(535, "5.7.8 Authentication credentials invalid");
  authenticated_ = true;
  return reply(235, "2.7.0 Authentication successful");
}

void SmtpSession::reset_transaction() {
  from_.reset();
  to_.clear();
  message_.clear();
  message_too_big_ = false;
}

} // namespace argus::democatcher
