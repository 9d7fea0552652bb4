#include "support/self_signed_certificate.hpp"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

namespace argus::testing {
namespace {

struct KeyDeleter {
  void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
struct CertificateDeleter {
  void operator()(X509* certificate) const { X509_free(certificate); }
};
struct ExtensionDeleter {
  void operator()(X509_EXTENSION* extension) const { X509_EXTENSION_free(extension); }
};

void check(bool ok, const char* what) {
  if (!ok)
    throw std::runtime_error(std::string("self-signed certificate: ") + what + " failed");
}

void write_pem(const std::filesystem::path& path, const std::function<int(FILE*)>& write) {
  FILE* file = std::fopen(path.c_str(), "w");
  check(file != nullptr, "opening the PEM file");
  int written = write(file);
  std::fclose(file);
  check(written == 1, "writing the PEM file");
}

} // namespace

CertificateFiles write_self_signed_certificate(const std::filesystem::path& dir, const std::string& name) {
  std::unique_ptr<EVP_PKEY, KeyDeleter> key(EVP_EC_gen("P-256"));
  check(key != nullptr, "generating the key");

  std::unique_ptr<X509, CertificateDeleter> certificate(X509_new());
  check(certificate != nullptr, "X509_new");
  X509_set_version(certificate.get(), 2);
  ASN1_INTEGER_set(X509_get_serialNumber(certificate.get()), 1);
  X509_gmtime_adj(X509_getm_notBefore(certificate.get()), -60);
  X509_gmtime_adj(X509_getm_notAfter(certificate.get()), 24 * 3600);
  X509_set_pubkey(certificate.get(), key.get());
  X509_NAME* subject = X509_get_subject_name(certificate.get());
  X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("localhost"), -1, -1,
                             0);
  X509_set_issuer_name(certificate.get(), subject);
  X509V3_CTX context;
  X509V3_set_ctx_nodb(&context);
  X509V3_set_ctx(&context, certificate.get(), certificate.get(), nullptr, nullptr, 0);
  std::unique_ptr<X509_EXTENSION, ExtensionDeleter> san(
      X509V3_EXT_conf_nid(nullptr, &context, NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1"));
  check(san != nullptr && X509_add_ext(certificate.get(), san.get(), -1) == 1, "adding the subject alt name");
  check(X509_sign(certificate.get(), key.get(), EVP_sha256()) > 0, "signing");

  CertificateFiles files{dir / (name + "-cert.pem"), dir / (name + "-key.pem")};
  write_pem(files.certificate, [&](FILE* file) { return PEM_write_X509(file, certificate.get()); });
  write_pem(files.private_key, [&](FILE* file) {
    return PEM_write_PrivateKey(file, key.get(), nullptr, nullptr, 0, nullptr, nullptr);
  });
  return files;
}

} // namespace argus::testing
