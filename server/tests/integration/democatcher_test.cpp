// The demo's mail and SMS catcher (tools/democatcher) end to end: started through demo::DemocatcherLauncher in a
// temporary directory, spoken to in SMTP over a plain TCP socket and in HTTP (the SMS gateway, /api/messages, the
// inbox page): messages kept and decoded, protocol errors, the size limits, AUTH, and bad SMS requests.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "demo/democatcher_launcher.hpp"
#include "support/http_client.hpp"

namespace argus::testing {
namespace {
namespace fs = std::filesystem;

// SMTP over a POSIX socket: one command line out, one (possibly multi-line) reply in.
class SmtpTestClient {
public:
  explicit SmtpTestClient(std::uint16_t port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    timeval timeout{10, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0)
      throw std::runtime_error("cannot connect to democatcher's SMTP port");
    greeting_ = read_reply();
  }
  ~SmtpTestClient() { ::close(fd_); }
  SmtpTestClient(const SmtpTestClient&) = delete;
  SmtpTestClient& operator=(const SmtpTestClient&) = delete;

  int greeting() const { return greeting_; }
  //! Sends line + CRLF and returns the reply code (-1 when the connection closed).
  int command(const std::string& line) {
    send_raw(line + "\r\n");
    return read_reply();
  }
  void send_raw(const std::string& bytes) {
    for (std::size_t sent = 0; sent < bytes.size();) {
      auto n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
      if (n <= 0)
        throw std::runtime_error("SMTP send failed");
      sent += static_cast<std::size_t>(n);
    }
  }
  //! Reads one reply; its lines are in last_reply().
  int read_reply() {
    reply_.clear();
    for (;;) {
      auto end = buffer_.find("\r\n");
      if (end == std::string::npos) {
        char chunk[4096];
        auto n = ::recv(fd_, chunk, sizeof chunk, 0);
        if (n <= 0)
          return -1;
        buffer_.append(chunk, static_cast<std::size_t>(n));
        continue;
      }
      auto line = buffer_.substr(0, end);
      buffer_.erase(0, end + 2);
      reply_ += line + "\n";
      if (line.size() < 4 || line[3] == ' ')
        return std::stoi(line.substr(0, 3));
    }
  }
  const std::string& last_reply() const { return reply_; }

  //! MAIL, RCPT and DATA with the message (CRLF line ends, dot-stuffed by the caller); the reply to its end.
  int send_message(const std::string& from, const std::string& to, const std::string& message) {
    if (command("MAIL FROM:<" + from + ">") != 250 || command("RCPT TO:<" + to + ">") != 250 || command("DATA") != 354)
      return -1;
    send_raw(message + "\r\n.\r\n");
    return read_reply();
  }

private:
  int fd_ = -1;
  int greeting_ = 0;
  std::string buffer_;
  std::string reply_;
};

std::string base64(const std::string& bytes) {
  static constexpr char k_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    unsigned int group = static_cast<unsigned char>(bytes[i]) << 16;
    if (i + 1 < bytes.size())
      group |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    if (i + 2 < bytes.size())
      group |= static_cast<unsigned char>(bytes[i + 2]);
    for (std::size_t k = 0; k < 4; ++k)
      out += i + k <= bytes.size() ? k_alphabet[(group >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class DemocatcherTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "argus-democatcher-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    catcher_.reset();
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  void start(const std::string& smtp_user = "", const std::string& smtp_password = "") {
    demo::DemocatcherOptions options;
    options.dir = dir_ / "catcher";
    options.smtp_user = smtp_user;
    options.smtp_password = smtp_password;
    catcher_ = std::make_unique<demo::DemocatcherLauncher>(options);
  }
  HttpClient inbox() const { return HttpClient("127.0.0.1", catcher_->http_port()); }
  nlohmann::json messages() const {
    auto response = inbox().get("/api/messages");
    EXPECT_EQ(response.status, 200);
    return response.json();
  }
  std::unique_ptr<SmtpTestClient> smtp_client() const {
    auto client = std::make_unique<SmtpTestClient>(catcher_->smtp_port());
    EXPECT_EQ(client->greeting(), 220);
    return client;
  }

  fs::path dir_;
  std::unique_ptr<demo::DemocatcherLauncher> catcher_;
};

TEST_F(DemocatcherTest, KeepsAMessageAndShowsItInTheInbox) {
  start();
  EXPECT_EQ(catcher_->smtp_url(), "smtp://127.0.0.1:" + std::to_string(catcher_->smtp_port()));
  EXPECT_EQ(catcher_->sms_gateway_url(), "http://127.0.0.1:" + std::to_string(catcher_->http_port()) + "/sms");
  auto smtp = smtp_client();
  ASSERT_EQ(smtp->command("EHLO argus.test"), 250);
  EXPECT_NE(smtp->last_reply().find("SIZE 1048576"), std::string::npos) << smtp->last_reply();
  EXPECT_NE(smtp->last_reply().find("8BITMIME"), std::string::npos);
  EXPECT_EQ(smtp->last_reply().find("AUTH"), std::string::npos);
  EXPECT_EQ(smtp->last_reply().find("STARTTLS"), std::string::npos);
  ASSERT_EQ(smtp->command("MAIL FROM:<argus@demo.test> SIZE=200 BODY=8BITMIME"), 250);
  ASSERT_EQ(smtp->command("RCPT TO:<alice@example.com>"), 250);
  ASSERT_EQ(smtp->command("RCPT TO:<bob@example.com>"), 250);
  ASSERT_EQ(smtp->command("DATA"), 354);
  smtp->send_raw("Subject: Code <1234> & more\r\nTo: alice@example.com\r\n\r\nYour code is 1234.\r\nBye\r\n.\r\n");
  ASSERT_EQ(smtp->read_reply(), 250);
  EXPECT_NE(smtp->last_reply().find("queued as"), std::string::npos);
  EXPECT_EQ(smtp->command("QUIT"), 221);

  auto list = messages();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["kind"], "email");
  EXPECT_EQ(list[0]["from"], "argus@demo.test");
  EXPECT_EQ(list[0]["to"], nlohmann::json({"alice@example.com", "bob@example.com"}));
  EXPECT_EQ(list[0]["subject"], "Code <1234> & more");
  EXPECT_EQ(list[0]["text"], "Your code is 1234.\nBye");
  EXPECT_FALSE(list[0]["received_at"].get<std::string>().empty());
  auto eml = dir_ / "catcher" / "mail" / (std::to_string(list[0]["id"].get<int>()) + ".eml");
  EXPECT_NE(read_file(eml).find("Your code is 1234.\r\nBye\r\n"), std::string::npos) << eml;

  auto page = inbox().get("/");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.header("content-type").find("text/html"), std::string::npos);
  EXPECT_NE(page.body.find("Argus demo inbox"), std::string::npos);
  EXPECT_NE(page.body.find("Code &lt;1234&gt; &amp; more"), std::string::npos);
  EXPECT_EQ(inbox().request("DELETE", "/api/messages").status, 204);
  EXPECT_TRUE(messages().empty());
  EXPECT_EQ(catcher_->stop(), 0); // SIGTERM: a clean exit
}

TEST_F(DemocatcherTest, UndoesDotStuffingAndDecodesQuotedPrintableAndEncodedWords) {
  start();
  auto smtp = smtp_client();
  ASSERT_EQ(smtp->command("HELO argus.test"), 250);
  ASSERT_EQ(smtp->send_message("a@demo.test", "b@example.com", "Subject: dots\r\n\r\n..starts with a dot\r\n.."), 250);
  // Bare LF line ends, an RFC 2047 subject ("Código" in UTF-8) and a quoted-printable body with a soft line break.
  ASSERT_EQ(smtp->command("MAIL FROM:<a@demo.test>"), 250);
  ASSERT_EQ(smtp->command("RCPT TO:<b@example.com>"), 250);
  ASSERT_EQ(smtp->command("DATA"), 354);
  smtp->send_raw("Subject: =?UTF-8?B?" + base64("C\u00f3digo") +
                 "?=\nContent-Type: text/plain; charset=UTF-8\n"
                 "Content-Transfer-Encoding: quoted-printable\n\nCaf=C3=A9 au =\nlait=3D1\n.\n");
  ASSERT_EQ(smtp->read_reply(), 250);

  auto list = messages();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[1]["text"], ".starts with a dot\n.");
  EXPECT_EQ(list[0]["subject"], "C\u00f3digo");
  EXPECT_EQ(list[0]["text"], "Caf\u00e9 au lait=1");
  EXPECT_GT(list[0]["id"].get<int>(), list[1]["id"].get<int>());
}

TEST_F(DemocatcherTest, AnswersCommandsOutOfOrderWith503AndUnknownOnesWith500) {
  start();
  auto smtp = smtp_client();
  EXPECT_EQ(smtp->command("MAIL FROM:<a@demo.test>"), 503); // before EHLO
  ASSERT_EQ(smtp->command("EHLO argus.test"), 250);
  EXPECT_EQ(smtp->command("RCPT TO:<b@example.com>"), 503);
  EXPECT_EQ(smtp->command("DATA"), 503);
  ASSERT_EQ(smtp->command("MAIL FROM:<a@demo.test>"), 250);
  EXPECT_EQ(smtp->command("MAIL FROM:<a@demo.test>"), 503);
  EXPECT_EQ(smtp->command("DATA"), 503); // no recipient yet
  EXPECT_EQ(smtp->command("RSET"), 250);
  EXPECT_EQ(smtp->command("RCPT TO:<b@example.com>"), 503); // RSET ended the transaction
  EXPECT_EQ(smtp->command("FROB"), 500);
  EXPECT_EQ(smtp->command("VRFY alice"), 252);
  EXPECT_EQ(smtp->command("NOOP"), 250);
  EXPECT_EQ(smtp->command("AUTH PLAIN"), 502); // not configured
}

TEST_F(DemocatcherTest, RefusesAnOverlongLineAndCarriesOn) {
  start();
  auto smtp = smtp_client();
  ASSERT_EQ(smtp->command("EHLO argus.test"), 250);
  EXPECT_EQ(smtp->command("NOOP " + std::string(5000, 'x')), 500);
  EXPECT_EQ(smtp->command("NOOP"), 250);
  EXPECT_EQ(smtp->send_message("a@demo.test", "b@example.com", "Subject: after\r\n\r\nstill here"), 250);
  EXPECT_EQ(messages().size(), 1u);
}

TEST_F(DemocatcherTest, RefusesAMessageOverOneMebibyteAndKeepsNothing) {
  start();
  auto smtp = smtp_client();
  ASSERT_EQ(smtp->command("EHLO argus.test"), 250);
  EXPECT_EQ(smtp->command("MAIL FROM:<a@demo.test> SIZE=2000000"), 552);
  std::string line = std::string(98, 'y') + "\r\n";
  std::string big = "Subject: big\r\n\r\n";
  while (big.size() <= 1100 * 1024)
    big += line;
  big.resize(big.size() - 2); // send_message adds the last CRLF
  EXPECT_EQ(smtp->send_message("a@demo.test", "b@example.com", big), 552);
  EXPECT_EQ(smtp->command("NOOP"), 250);
  EXPECT_TRUE(messages().empty());
  EXPECT_TRUE(fs::is_empty(dir_ / "catcher" / "mail"));
}

TEST_F(DemocatcherTest, RequiresAuthBeforeMailWhenConfigured) {
  start("argus", "s3cret");
  auto smtp = smtp_client();
  ASSERT_EQ(smtp->command("EHLO argus.test"), 250);
  EXPECT_NE(smtp->last_reply().find("AUTH PLAIN LOGIN"), std::string::npos) << smtp->last_reply();
  EXPECT_EQ(smtp->command("MAIL FROM:<a@demo.test>"), 530);
  EXPECT_EQ(smtp->command("AUTH PLAIN " + base64(std::string("\0argus\0wrong", 12))), 535);
  EXPECT_EQ(smtp->command("AUTH PLAIN " + base64(std::string("\0argus\0s3cret", 13))), 235);
  EXPECT_EQ(smtp->send_message("a@demo.test", "b@example.com", "Subject: authed\r\n\r\nhi"), 250);

  auto login = smtp_client();
  ASSERT_EQ(login->command("EHLO argus.test"), 250);
  EXPECT_EQ(login->command("AUTH LOGIN"), 334);
  EXPECT_EQ(login->command(base64("argus")), 334);
  EXPECT_EQ(login->command(base64("s3cret")), 235);
  EXPECT_EQ(login->command("MAIL FROM:<a@demo.test>"), 250);
}

TEST_F(DemocatcherTest, CapturesSmsSentAsJsonFormOrQuery) {
  start();
  auto client = inbox();
  auto json_answer = client.post_json("/sms", {{"to", "+15550001"}, {"text", "JSON code 1"}});
  ASSERT_EQ(json_answer.status, 200) << json_answer.body;
  EXPECT_TRUE(json_answer.json()["id"].is_number());
  auto form = client.request("POST", "/sms", "to=%2B15550002&text=Form+code+2",
                             {{"Content-Type", "application/x-www-form-urlencoded"}});
  ASSERT_EQ(form.status, 200) << form.body;
  auto query = client.get("/sms?to=%2B15550003&text=Query%20code%203%20%C3%A9");
  ASSERT_EQ(query.status, 200) << query.body;

  auto list = messages();
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0]["to"], nlohmann::json({"+15550003"}));
  EXPECT_EQ(list[0]["text"], "Query code 3 \u00e9");
  EXPECT_EQ(list[1]["text"], "Form code 2");
  EXPECT_EQ(list[2]["text"], "JSON code 1");
  for (const auto& sms : list) {
    EXPECT_EQ(sms["kind"], "sms");
    EXPECT_EQ(sms["from"], "");
    EXPECT_EQ(sms["subject"], "");
  }
  auto lines = read_file(dir_ / "catcher" / "sms.jsonl");
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 3);
}

TEST_F(DemocatcherTest, RefusesBadSmsAndKeepsNothing) {
  start();
  auto client = inbox();
  for (const auto& body :
       {nlohmann::json{{"text", "no recipient"}}, nlohmann::json{{"to", "+15550001"}},
        nlohmann::json{{"to", "+15550001"}, {"text", ""}}, nlohmann::json{{"to", 15550001}, {"text", "number"}},
        nlohmann::json{{"to", "+15550001"}, {"text", std::string(1601, 'z')}}}) {
    auto answer = client.post_json("/sms", body);
    EXPECT_EQ(answer.status, 400) << body.dump().substr(0, 80);
    EXPECT_TRUE(answer.json()["errors"].is_array());
  }
  EXPECT_EQ(client.request("POST", "/sms", "{not json", {{"Content-Type", "application/json"}}).status, 400);
  EXPECT_EQ(client.get("/sms?to=%2B15550001").status, 400);
  EXPECT_TRUE(messages().empty());
  EXPECT_FALSE(fs::exists(dir_ / "catcher" / "sms.jsonl"));
}

} // namespace
} // namespace argus::testing
