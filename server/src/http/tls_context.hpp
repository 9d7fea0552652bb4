#pragma once
// The server side of TLS: a PEM certificate chain and its private key loaded into an Asio SSL context (TLS 1.2 and
// newer). Loading checks that both files are readable, parse, and belong together, so that argusd can refuse to start
// with a message naming the file. Beast/Asio stay behind the pointer.
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

namespace boost::asio::ssl {
class context;
}

namespace argus::http {

//! Strict-Transport-Security sent with every HTTPS answer (one year).
inline constexpr const char* k_hsts_value = "max-age=31536000";

struct TlsFiles {
  std::filesystem::path certificate_chain; // PEM: the server certificate first, then intermediates
  std::filesystem::path private_key;       // PEM, unencrypted
  std::string certificate_label = "certificate"; // how messages name them (argusd: "--tls-cert", "--tls-key")
  std::string private_key_label = "private key";
};

//! A certificate or key that cannot be used; what() names the label and the file.
class TlsSetupError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class TlsContext {
public:
  //! Loads and checks the files; throws TlsSetupError.
  explicit TlsContext(const TlsFiles& files);
  ~TlsContext();
  TlsContext(const TlsContext&) = delete;
  TlsContext& operator=(const TlsContext&) = delete;

  //! The context TLS streams are made with (for http/ internals).
  boost::asio::ssl::context& asio_context() { return *context_; }

private:
  std::unique_ptr<boost::asio::ssl::context> context_;
};

} // namespace argus::http
