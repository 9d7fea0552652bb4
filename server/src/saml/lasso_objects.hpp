#pragma once
// What the service provider needs around lasso's C API (used only by saml/*.cpp): owning pointers for GObjects and
// g_malloc'd strings, the one-time library set-up and the lock every lasso call holds, and building the lasso server
// (our metadata and key, plus the identity provider's metadata) that each call starts from.
// glib and libxml2 first: lasso.h includes them inside extern "C", where their C++ parts (templates) do not compile.
#include <glib-object.h>
#include <glib.h>
#include <libxml/tree.h>
#include <libxml/uri.h>
#include <libxml/xmlmemory.h>
#include <xmlsec/xmlsec.h>

#include <lasso/lasso.h>

#include <memory>
#include <mutex>
#include <string>

#include "saml/sp_credentials.hpp"

namespace argus::saml {

struct GObjectUnref {
  void operator()(void* object) const {
    if (object)
      g_object_unref(object);
  }
};
template <typename T> using GObjectPtr = std::unique_ptr<T, GObjectUnref>;

struct GFree {
  void operator()(void* memory) const { g_free(memory); }
};
using GCharPtr = std::unique_ptr<char, GFree>;

//! Initializes lasso (once) and answers the lock all lasso calls hold.
std::mutex& lasso_mutex();

//! Throws argus::Error(invalid_input) with lasso's message when rc is not 0.
void check_lasso(int rc, const char* what);

//! Parses identity provider metadata; throws argus::Error(invalid_input) saying why it is not usable.
GObjectPtr<LassoProvider> identity_provider_from_metadata(const std::string& idp_metadata);

struct LassoServerWithIdp {
  GObjectPtr<LassoServer> server;
  std::string idp_entity_id;
};

//! Our lasso server (metadata, key, certificate; RSA-SHA256 signatures) knowing the one identity provider.
LassoServerWithIdp make_server(const std::string& sp_metadata, const SpCredentials& credentials,
                               const std::string& idp_metadata);

} // namespace argus::saml
