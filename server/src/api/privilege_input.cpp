#include "api/privilege_input.hpp"

#include <string>

#include "common/error.hpp"
#include "services/privilege_admin.hpp"

namespace argus::api {
namespace {

[[noreturn]] void bad_entry(std::size_t index, const std::string& field, const char* why) {
  throw Error(Error::Kind::invalid_input, "privileges[" + std::to_string(index) + "]." + field + ": " + why);
}

std::optional<std::int64_t> optional_entry_id(const nlohmann::json& entry, const char* field, std::size_t index) {
  auto it = entry.find(field);
  if (it == entry.end() || it->is_null())
    return std::nullopt;
  if (!it->is_number_integer())
    bad_entry(index, field, "must be an id or null");
  return it->get<std::int64_t>();
}

store::RightsRecord rights_from_json(const nlohmann::json& entry, std::size_t index) {
  auto it = entry.find("rights");
  if (it == entry.end() || !it->is_object())
    bad_entry(index, "rights", "must be an object with write, export, historical and live");
  auto right = [&](const char* name) {
    auto value = it->find(name);
    if (value == it->end() || !value->is_boolean())
      bad_entry(index, std::string("rights.") + name, "must be true or false");
    return value->get<bool>();
  };
  return {right("write"), right("export"), right("historical"), right("live")};
}

} // namespace

std::vector<store::PrivilegeRecord> privileges_from_json(const nlohmann::json& body) {
  auto list = body.find("privileges");
  if (list == body.end() || !list->is_array())
    throw Error(Error::Kind::invalid_input, "privileges must be a list");
  if (list->size() > services::PrivilegeAdmin::k_max_entries) {
    throw Error(Error::Kind::invalid_input,
                "privileges: at most " + std::to_string(services::PrivilegeAdmin::k_max_entries) + " entries");
  }
  std::vector<store::PrivilegeRecord> out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const auto& entry = (*list)[i];
    if (!entry.is_object())
      bad_entry(i, "scope", "each privilege must be an object");
    store::PrivilegeRecord privilege;
    auto scope = entry.find("scope");
    if (scope == entry.end() || !scope->is_string())
      bad_entry(i, "scope", "must be organization, network, network_tag, camera or camera_tag");
    privilege.scope = scope->get<std::string>();
    privilege.network_id = optional_entry_id(entry, "network_id", i);
    privilege.camera_id = optional_entry_id(entry, "camera_id", i);
    if (auto tag = entry.find("tag"); tag != entry.end() && !tag->is_null()) {
      if (!tag->is_string())
        bad_entry(i, "tag", "must be text or null");
      privilege.tag = tag->get<std::string>();
    }
    privilege.rights = rights_from_json(entry, i);
    out.push_back(std::move(privilege));
  }
  return out;
}

} // namespace argus::api
