#pragma once
// Client side of TLS for the test HTTP client (OpenSSL over an already connected socket). With a CA file the server's
// certificate must chain to it (the tests pass the self-signed certificate they gave argusd); without one it is not
// checked.
#include <cstddef>
#include <memory>
#include <string>

namespace argus::testing {

class TlsChannel {
public:
  //! Runs the TLS handshake on the connected socket fd (not owned); throws std::runtime_error when it fails.
  TlsChannel(int fd, const std::string& ca_file);
  ~TlsChannel();
  TlsChannel(const TlsChannel&) = delete;
  TlsChannel& operator=(const TlsChannel&) = delete;

  //! Sends up to size bytes; answers how many were sent (throws on failure).
  std::size_t send(const char* data, std::size_t size);
  //! Receives up to size bytes; 0 when the server closed the connection (throws on failure or timeout).
  std::size_t receive(char* data, std::size_t size);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace argus::testing
