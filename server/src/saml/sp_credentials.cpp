#include "saml/sp_credentials.hpp"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <sys/stat.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "common/error.hpp"

namespace argus::saml {
namespace {

constexpr const char* k_key_file = "sp-key.pem";
constexpr const char* k_certificate_file = "sp-cert.pem";
constexpr long k_validity_s = 20L * 365 * 24 * 3600;

struct KeyDeleter {
  void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
struct CertificateDeleter {
  void operator()(X509* certificate) const { X509_free(certificate); }
};
struct BioDeleter {
  void operator()(BIO* bio) const { BIO_free(bio); }
};

void check(bool ok, const char* what) {
  if (!ok)
    throw Error(Error::Kind::internal, std::string("SAML service provider key: ") + what + " failed");
}

std::string bio_text(BIO* bio) {
  char* data = nullptr;
  long size = BIO_get_mem_data(bio, &data);
  return std::string(data, static_cast<std::size_t>(size));
}

SpCredentials make_credentials() {
  std::unique_ptr<EVP_PKEY, KeyDeleter> key(EVP_RSA_gen(2048));
  check(key != nullptr, "generating the key");
  std::unique_ptr<X509, CertificateDeleter> certificate(X509_new());
  check(certificate != nullptr, "X509_new");
  X509_set_version(certificate.get(), 2);
  std::uint32_t serial = 0;
  check(RAND_bytes(reinterpret_cast<unsigned char*>(&serial), sizeof serial) == 1, "choosing a serial number");
  ASN1_INTEGER_set(X509_get_serialNumber(certificate.get()), static_cast<long>(serial & 0x7fffffff));
  X509_gmtime_adj(X509_getm_notBefore(certificate.get()), -60);
  X509_gmtime_adj(X509_getm_notAfter(certificate.get()), k_validity_s);
  X509_set_pubkey(certificate.get(), key.get());
  X509_NAME* subject = X509_get_subject_name(certificate.get());
  X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>("Argus SAML service provider"), -1, -1, 0);
  X509_set_issuer_name(certificate.get(), subject);
  check(X509_sign(certificate.get(), key.get(), EVP_sha256()) > 0, "signing the certificate");

  std::unique_ptr<BIO, BioDeleter> key_bio(BIO_new(BIO_s_mem()));
  std::unique_ptr<BIO, BioDeleter> certificate_bio(BIO_new(BIO_s_mem()));
  check(key_bio && certificate_bio, "BIO_new");
  check(PEM_write_bio_PrivateKey(key_bio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) == 1,
        "writing the key");
  check(PEM_write_bio_X509(certificate_bio.get(), certificate.get()) == 1, "writing the certificate");
  return SpCredentials{bio_text(key_bio.get()), bio_text(certificate_bio.get())};
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  check(static_cast<bool>(in), "reading a PEM file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const std::filesystem::path& path, const std::string& text, std::filesystem::perms permissions) {
  auto temporary = path;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    check(static_cast<bool>(out), "creating a PEM file");
    std::filesystem::permissions(temporary, permissions);
    out << text;
    check(static_cast<bool>(out.flush()), "writing a PEM file");
  }
  std::filesystem::rename(temporary, path);
}

} // namespace

SpCredentials load_or_create_sp_credentials(const std::filesystem::path& dir) {
  auto key_path = dir / k_key_file;
  auto certificate_path = dir / k_certificate_file;
  if (std::filesystem::exists(key_path) && std::filesystem::exists(certificate_path))
    return SpCredentials{read_file(key_path), read_file(certificate_path)};
  std::filesystem::create_directories(dir);
  auto credentials = make_credentials();
  using std::filesystem::perms;
  // The certificate last: a crash in between leaves no certificate, so the next start makes both again.
  write_file(key_path, credentials.private_key_pem, perms::owner_read | perms::owner_write);
  write_file(certificate_path, credentials.certificate_pem,
             perms::owner_read | perms::owner_write | perms::group_read | perms::others_read);
  return credentials;
}

std::string certificate_base64(const std::string& certificate_pem) {
  constexpr std::string_view k_begin = "-----BEGIN CERTIFICATE-----";
  constexpr std::string_view k_end = "-----END CERTIFICATE-----";
  auto begin = certificate_pem.find(k_begin);
  auto end = certificate_pem.find(k_end);
  if (begin == std::string::npos || end == std::string::npos || end < begin)
    throw Error(Error::Kind::internal, "SAML service provider certificate: not a PEM certificate");
  std::string body;
  for (char c : certificate_pem.substr(begin + k_begin.size(), end - begin - k_begin.size()))
    if (c != '\n' && c != '\r' && c != ' ')
      body += c;
  return body;
}

} // namespace argus::saml
