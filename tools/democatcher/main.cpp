// democatcher: the demo's SMTP catcher and SMS capture, with an inbox page to read them (tools/democatcher/README.md).
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "catch_all_http_server.hpp"
#include "common/logging.hpp"
#include "http/listen_address.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "inbox_routes.hpp"
#include "message_store.hpp"
#include "smtp_server.hpp"

namespace {

namespace asio = boost::asio;
using namespace argus::democatcher;
using namespace std::chrono_literals;

constexpr int k_exit_failure = 1;
constexpr int k_exit_bad_input = 2;
constexpr auto k_stop_grace = 2s; // connections still open after this are dropped

argus::http::ListenAddress listen_address(const std::string& option, const std::string& text) {
  auto address = argus::http::parse_listen_address(text);
  if (!address)
    throw CLI::ValidationError(option + ": expected HOST:PORT, e.g. 127.0.0.1:0, got '" + text + "'");
  return *address;
}

std::string printable(const argus::http::ListenAddress& address, std::uint16_t port) {
  bool ipv6 = address.host.find(':') != std::string::npos;
  return (ipv6 ? "[" + address.host + "]" : address.host) + ":" + std::to_string(port);
}

// After a stop: waits until both servers closed their connections (or the grace period ran out), then ends the loop.
asio::awaitable<void> drain(asio::io_context& io_context, const SmtpServer& smtp, const CatchAllHttpServer& http) {
  auto deadline = std::chrono::steady_clock::now() + k_stop_grace;
  asio::steady_timer pause(io_context);
  while ((smtp.open_connections() > 0 || http.open_connections() > 0) && std::chrono::steady_clock::now() < deadline) {
    pause.expires_after(20ms);
    co_await pause.async_wait(asio::use_awaitable);
  }
  io_context.stop();
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app{"democatcher: catches e-mail (SMTP) and SMS (HTTP) for the Argus demo and tests, and shows them on an "
               "inbox page"};
  std::string smtp_listen = "127.0.0.1:2525";
  std::string http_listen = "127.0.0.1:8025";
  std::filesystem::path dir;
  std::string smtp_auth;
  std::string log_level = "warn";
  app.add_option("--smtp-listen", smtp_listen, "SMTP address HOST:PORT (port 0: a free port)")->capture_default_str();
  app.add_option("--http-listen", http_listen, "inbox page and SMS gateway address HOST:PORT (port 0: a free port)")
      ->capture_default_str();
  app.add_option("--dir", dir, "where the messages are written (mail/{id}.eml, sms.jsonl)")->required();
  app.add_option("--smtp-auth", smtp_auth, "USER:PASSWORD: advertise AUTH PLAIN and LOGIN and require it before MAIL");
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error, critical, off")->capture_default_str();

  argus::http::ListenAddress smtp_address;
  argus::http::ListenAddress http_address;
  SmtpSettings smtp_settings;
  try {
    app.parse(argc, argv);
    smtp_address = listen_address("--smtp-listen", smtp_listen);
    http_address = listen_address("--http-listen", http_listen);
    if (!smtp_auth.empty()) {
      auto colon = smtp_auth.find(':');
      if (colon == 0 || colon == std::string::npos)
        throw CLI::ValidationError("--smtp-auth: expected USER:PASSWORD");
      smtp_settings.auth_user = smtp_auth.substr(0, colon);
      smtp_settings.auth_password = smtp_auth.substr(colon + 1);
    }
    argus::setup_logging(log_level);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const std::exception& error) {
    std::cerr << "democatcher: " << error.what() << "\n";
    return k_exit_bad_input;
  }
  std::signal(SIGPIPE, SIG_IGN);

  try {
    std::optional<MessageStore> store;
    std::optional<InboxRoutes> routes;
    asio::io_context io_context(1);
    std::optional<SmtpServer> smtp;
    std::optional<CatchAllHttpServer> http;
    try {
      store.emplace(dir);
      routes.emplace(*store);
      smtp.emplace(io_context, smtp_address.host, smtp_address.port, smtp_settings,
                   [&store](const std::string& from, const std::vector<std::string>& to, const std::string& raw) {
                     return store->add_email(from, to, raw);
                   });
      http.emplace(io_context, http_address.host, http_address.port,
                   [&routes](argus::http::Request& request) { return routes->handle(request); });
    } catch (const std::exception& error) {
      std::cerr << "democatcher: " << error.what() << "\n";
      return k_exit_bad_input;
    }

    asio::signal_set signals(io_context, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code& ec, int) {
      if (ec)
        return;
      smtp->stop();
      http->stop();
      asio::co_spawn(io_context, drain(io_context, *smtp, *http), asio::detached);
    });
    smtp->start();
    http->start();
    std::printf("democatcher ready smtp=%s http=%s\n", printable(smtp_address, smtp->port()).c_str(),
                printable(http_address, http->port()).c_str());
    std::fflush(stdout);
    io_context.run();
  } catch (const std::exception& error) {
    std::cerr << "democatcher: " << error.what() << "\n";
    return k_exit_failure;
  }
  return 0;
}
