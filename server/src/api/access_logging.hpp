#pragma once
// Entries of the organization's access log made from an HTTP call (services::AccessLog; docs/design/permissions.md
// "The access log"): the client's address and user agent come from the request, the names from the snapshots as
// they are now. Each call does nothing when the server runs without an access log (unit tests).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "api/api_context.hpp"
#include "http/request.hpp"

namespace argus::api {

//! Something the signed-in caller did in their current organization, optionally on a network and one of its cameras.
void log_access(ApiContext& context, const http::Request& request, const SessionContext& caller, std::string_view kind,
                const store::NetworkRecord* network = nullptr, const store::CameraRecord* camera = nullptr,
                std::optional<std::string> detail = std::nullopt);
//! A sign-in step of a user who has no session yet (sign_in, sign_in_failed) in one organization.
void log_sign_in(ApiContext& context, const http::Request& request, const store::UserRecord& user,
                 std::int64_t organization_id, std::string_view kind, std::optional<std::string> detail = std::nullopt);

} // namespace argus::api
