#pragma once
// One event of a partner's webhook body, checked field by field against docs/design/access-control.md ("Partner →
// argusd"): ids, time (with a zone, at most 5 minutes ahead), type, message, door, controller, actor, card number and
// command id. Anything else in the event is ignored; nothing of it is trusted for permissions.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "services/access_control/access_control.hpp"

namespace argus::api {

//! The event, or nullopt when a field breaks the rules (the event is rejected as 'invalid'). The actor is re-built
//! from the known fields only.
std::optional<services::IncomingAccessEvent> parse_partner_event(const nlohmann::json& item, std::int64_t now_ms);
//! The event's id when it has a usable one (for the rejection list), else "".
std::string partner_event_id(const nlohmann::json& item);

} // namespace argus::api
