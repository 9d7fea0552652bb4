#include "http/tls_context.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include <boost/asio/ssl/context.hpp>

namespace argus::http {
namespace {

namespace ssl = boost::asio::ssl;

void require_readable_file(const std::filesystem::path& path, const std::string& label) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw TlsSetupError("cannot read " + label + " " + path.string() + ": it is a directory");
  std::ifstream file(path);
  if (!file)
    throw TlsSetupError("cannot read " + label + " " + path.string() + ": " + std::strerror(errno));
}

std::string reason(const boost::system::error_code& ec) {
  ERR_clear_error();
  return ec.message();
}

} // namespace

TlsContext::TlsContext(const TlsFiles& files) : context_(std::make_unique<ssl::context>(ssl::context::tls_server)) {
  require_readable_file(files.certificate_chain, files.certificate_label);
  require_readable_file(files.private_key, files.private_key_label);
  context_->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                        ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 | ssl::context::single_dh_use);
  // An encrypted key must fail here rather than prompt for a passphrase on the terminal.
  context_->set_password_callback([](std::size_t, ssl::context::password_purpose) { return std::string(); });

  boost::system::error_code ec;
  // The key first: loading a certificate that does not match it only drops the key (checked below), whereas the other
  // order would report a mismatch as an unreadable key.
  context_->use_private_key_file(files.private_key.string(), ssl::context::pem, ec);
  if (ec) {
    throw TlsSetupError(files.private_key_label + " " + files.private_key.string() +
                        " is not a PEM private key (encrypted keys are not supported): " + reason(ec));
  }
  context_->use_certificate_chain_file(files.certificate_chain.string(), ec);
  if (ec) {
    throw TlsSetupError(files.certificate_label + " " + files.certificate_chain.string() +
                        " is not a PEM certificate (chain): " + reason(ec));
  }
  if (SSL_CTX_check_private_key(context_->native_handle()) != 1) {
    ERR_clear_error();
    throw TlsSetupError(files.private_key_label + " " + files.private_key.string() +
                        " does not match the certificate in " + files.certificate_label + " " +
                        files.certificate_chain.string());
  }
}

TlsContext::~TlsContext() = default;

} // namespace argus::http
