#pragma once
// AccessControlPartner over the Argus door partner protocol v1 (docs/design/access-control.md "argusd → partner"):
// GET {base_url}/v1/doors and POST {base_url}/v1/doors/{uuid}/unlock with a bearer token, over libcurl.
//
//   HttpDoorPartner partner("http://127.0.0.1:4100", token);
//   auto doors = partner.doors();
#include <string>

#include "services/access_control/access_control_partner.hpp"

namespace argus::services {

class HttpDoorPartner : public AccessControlPartner {
public:
  HttpDoorPartner(std::string base_url, std::string token, long timeout_ms = 5000);

  std::vector<PartnerDoor> doors() override;
  void unlock(const std::string& door_uuid, const UnlockCommand& command) override;

private:
  std::string base_url_; // without a trailing slash
  std::string token_;
  long timeout_ms_;
};

} // namespace argus::services
