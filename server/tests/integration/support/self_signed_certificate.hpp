#pragma once
// A throw-away self-signed certificate for TLS tests (OpenSSL API, P-256 key, valid one day, CN and SAN "localhost"
// plus IP 127.0.0.1), written as PEM files.
#include <filesystem>
#include <string>

namespace argus::testing {

struct CertificateFiles {
  std::filesystem::path certificate; // PEM certificate
  std::filesystem::path private_key; // PEM private key (unencrypted)
};

//! Writes dir/<name>-cert.pem and dir/<name>-key.pem; throws std::runtime_error on failure.
CertificateFiles write_self_signed_certificate(const std::filesystem::path& dir, const std::string& name);

} // namespace argus::testing
