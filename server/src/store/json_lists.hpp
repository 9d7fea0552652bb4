#pragma once
// The JSON text of the schema's list columns (tags_json, network_ids_json), as both stores write and read it:
// a JSON array; items of another type, or text that is not an array, read as nothing.
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

namespace argus::store {

//! The strings or integers of a JSON array.
template <typename T> std::vector<T> from_json_list(const std::string& text) {
  auto parsed = nlohmann::json::parse(text, nullptr, false);
  if (!parsed.is_array())
    return {};
  std::vector<T> out;
  for (const auto& item : parsed) {
    if constexpr (std::is_same_v<T, std::string>) {
      if (item.is_string())
        out.push_back(item.get<std::string>());
    } else {
      if (item.is_number_integer())
        out.push_back(item.get<T>());
    }
  }
  return out;
}

//! The items as a JSON array.
template <typename T> std::string to_json_list(const std::vector<T>& items) {
  return nlohmann::json(items).dump();
}

} // namespace argus::store
