#include "support/tls_channel.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <stdexcept>

namespace argus::testing {
namespace {

std::string openssl_error(const std::string& what) {
  unsigned long code = ERR_get_error();
  char text[256] = "unknown error";
  if (code != 0)
    ERR_error_string_n(code, text, sizeof text);
  ERR_clear_error();
  return what + ": " + text;
}

} // namespace

struct TlsChannel::Impl {
  SSL_CTX* context = nullptr;
  SSL* ssl = nullptr;
  ~Impl() {
    if (ssl) {
      SSL_shutdown(ssl); // best effort close_notify
      SSL_free(ssl);
    }
    if (context)
      SSL_CTX_free(context);
  }
};

TlsChannel::TlsChannel(int fd, const std::string& ca_file) : impl_(std::make_unique<Impl>()) {
  impl_->context = SSL_CTX_new(TLS_client_method());
  if (!impl_->context)
    throw std::runtime_error(openssl_error("SSL_CTX_new"));
  SSL_CTX_set_options(impl_->context, SSL_OP_IGNORE_UNEXPECTED_EOF); // a closed socket reads as the end
  if (!ca_file.empty()) {
    if (SSL_CTX_load_verify_locations(impl_->context, ca_file.c_str(), nullptr) != 1)
      throw std::runtime_error(openssl_error("loading CA file " + ca_file));
    SSL_CTX_set_verify(impl_->context, SSL_VERIFY_PEER, nullptr);
  }
  impl_->ssl = SSL_new(impl_->context);
  if (!impl_->ssl || SSL_set_fd(impl_->ssl, fd) != 1)
    throw std::runtime_error(openssl_error("SSL_new"));
  SSL_set_tlsext_host_name(impl_->ssl, "localhost");
  if (SSL_connect(impl_->ssl) != 1)
    throw std::runtime_error(openssl_error("TLS handshake"));
}

TlsChannel::~TlsChannel() = default;

std::size_t TlsChannel::send(const char* data, std::size_t size) {
  int sent = SSL_write(impl_->ssl, data, static_cast<int>(size));
  if (sent <= 0)
    throw std::runtime_error(openssl_error("TLS send"));
  return static_cast<std::size_t>(sent);
}

std::size_t TlsChannel::receive(char* data, std::size_t size) {
  int received = SSL_read(impl_->ssl, data, static_cast<int>(size));
  if (received > 0)
    return static_cast<std::size_t>(received);
  int error = SSL_get_error(impl_->ssl, received);
  if (error == SSL_ERROR_ZERO_RETURN || (error == SSL_ERROR_SYSCALL && ERR_peek_error() == 0 && received == 0))
    return 0;
  throw std::runtime_error(openssl_error("TLS receive"));
}

} // namespace argus::testing
