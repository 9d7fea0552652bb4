#include "saml/lasso_objects.hpp"

#include "common/error.hpp"

namespace argus::saml {

std::mutex& lasso_mutex() {
  static std::mutex mutex;
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    if (lasso_init() != 0)
      throw Error(Error::Kind::internal, "SAML: lasso could not be initialized");
  });
  return mutex;
}

void check_lasso(int rc, const char* what) {
  if (rc != 0)
    throw Error(Error::Kind::invalid_input, std::string("SAML: ") + what + ": " + lasso_strerror(rc));
}

GObjectPtr<LassoProvider> identity_provider_from_metadata(const std::string& idp_metadata) {
  if (idp_metadata.find("IDPSSODescriptor") == std::string::npos)
    throw Error(Error::Kind::invalid_input, "The metadata has no identity provider (IDPSSODescriptor).");
  GObjectPtr<LassoProvider> provider(
      lasso_provider_new_from_buffer(LASSO_PROVIDER_ROLE_IDP, idp_metadata.c_str(), nullptr, nullptr));
  if (!provider || !provider->ProviderID)
    throw Error(Error::Kind::invalid_input, "The identity provider's metadata could not be read as SAML 2.0 metadata.");
  GCharPtr sign_in(lasso_provider_get_metadata_one(provider.get(), "SingleSignOnService HTTP-Redirect"));
  if (!sign_in)
    throw Error(Error::Kind::invalid_input,
                "The identity provider's metadata has no SingleSignOnService with the HTTP-Redirect binding.");
  return provider;
}

LassoServerWithIdp make_server(const std::string& sp_metadata, const SpCredentials& credentials,
                               const std::string& idp_metadata) {
  auto idp = identity_provider_from_metadata(idp_metadata);
  GObjectPtr<LassoServer> server(lasso_server_new_from_buffers(sp_metadata.c_str(), credentials.private_key_pem.c_str(),
                                                               nullptr, credentials.certificate_pem.c_str()));
  if (!server)
    throw Error(Error::Kind::internal, "SAML: our service provider metadata or key was refused by lasso");
  server->signature_method = LASSO_SIGNATURE_METHOD_RSA_SHA256;
  check_lasso(lasso_server_add_provider_from_buffer(server.get(), LASSO_PROVIDER_ROLE_IDP, idp_metadata.c_str(),
                                                    nullptr, nullptr),
              "adding the identity provider");
  return LassoServerWithIdp{std::move(server), idp->ProviderID};
}

} // namespace argus::saml
