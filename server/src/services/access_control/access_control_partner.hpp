#pragma once
// The boundary to an access-control system (docs/design/access-control.md): what argusd asks of a partner — its doors,
// and unlocking one (quick grant). HttpDoorPartner speaks the Argus door partner protocol v1; an adapter for another
// cloud (Genea, Brivo, OpenPath) is another implementation. Events come the other way, by webhook (AccessControl).
#include <string>
#include <vector>

namespace argus::services {

struct PartnerDoor {
  std::string uuid;
  std::string name;
  std::string location_uuid;
  std::string controller_uuid;
  std::string controller_name;
};

struct UnlockCommand {
  std::string command_id; // a new UUID per grant; the partner's door_unlocked event carries it back
  int duration_s = 5;
  std::string user_uuid; // the Argus user who granted it
  std::string user_name;
  std::string user_email;
};

class AccessControlPartner {
public:
  virtual ~AccessControlPartner() = default;
  //! The partner's doors. Throws Error(unavailable) when it cannot be reached or answers nonsense.
  virtual std::vector<PartnerDoor> doors() = 0;
  //! Unlocks a door once. Throws Error(not_found) for a door it does not know, Error(conflict) when the door refuses
  //! (lockdown), Error(unavailable) when it cannot be reached or answers otherwise.
  virtual void unlock(const std::string& door_uuid, const UnlockCommand& command) = 0;
};

} // namespace argus::services
