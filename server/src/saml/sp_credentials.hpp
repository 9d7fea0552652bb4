#pragma once
// The SAML service provider's signing key and certificate (its sign-in and logout requests are signed with them, and
// identity providers read the certificate from our metadata). Kept as PEM files in a directory of the data dir and
// made once, on first use: an RSA-2048 key and a self-signed certificate valid 20 years (identity providers pin the
// certificate from the metadata; a CA adds nothing here).
//
//   auto credentials = argus::saml::load_or_create_sp_credentials(data_dir / "saml");
//   credentials.certificate_pem;  // "-----BEGIN CERTIFICATE-----..."
#include <filesystem>
#include <string>

namespace argus::saml {

struct SpCredentials {
  std::string private_key_pem;
  std::string certificate_pem;
};

//! Reads dir/sp-key.pem and dir/sp-cert.pem, or makes them (dir created, key readable by the owner only). Throws
//! argus::Error(internal) when they cannot be read or written.
SpCredentials load_or_create_sp_credentials(const std::filesystem::path& dir);

//! The certificate's base64 body (no PEM armour, no line breaks), as SAML metadata carries it.
std::string certificate_base64(const std::string& certificate_pem);

} // namespace argus::saml
