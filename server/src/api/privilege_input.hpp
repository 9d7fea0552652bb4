#pragma once
// The privilege list of a request body (PUT .../admins/{adminId}/privileges, POST .../users): its shape is checked
// here (400 naming the entry, e.g. `privileges[1].rights.live: must be true or false`), its meaning by
// services::PrivilegeAdmin.
#include <vector>

#include <nlohmann/json.hpp>

#include "store/records.hpp"

namespace argus::api {

//! body["privileges"]: a list of at most services::PrivilegeAdmin::k_max_entries entries (Error invalid_input).
std::vector<store::PrivilegeRecord> privileges_from_json(const nlohmann::json& body);

} // namespace argus::api
