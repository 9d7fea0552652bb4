#pragma once
// Accepts TCP connections and starts one Session per connection on its own strand: a TLS session when the listener
// has a TLS context, a plain one otherwise. Internal to http/.
#include <utility>

#include <cstdint>
#include <string>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace argus::http {

struct ServerContext;
class TlsContext;

class Listener {
public:
  //! Opens and binds the acceptor; throws std::invalid_argument on a bad address, std::runtime_error when it cannot
  //! listen. With tls (which must outlive the listener) connections speak HTTPS.
  Listener(boost::asio::io_context& io_context, const std::string& address, std::uint16_t port, ServerContext& context,
           TlsContext* tls);

  //! The bound port.
  std::uint16_t port() const { return port_; }

  //! Accept loop; ends when close() is called.
  boost::asio::awaitable<void> run();

  //! Stops accepting. Must run on the executor that runs run().
  void close();

private:
  boost::asio::io_context& io_context_;
  boost::asio::ip::tcp::acceptor acceptor_;
  ServerContext& context_;
  TlsContext* tls_;
  std::uint16_t port_ = 0;
};

} // namespace argus::http
