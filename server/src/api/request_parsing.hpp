#pragma once
// Strict parsing of request input: JSON bodies, ids in paths and queries, typed body fields. Bad input throws
// Error(invalid_input) with a message naming the field.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "http/request.hpp"

namespace argus::api {

//! The body as a JSON object; "Malformed JSON body" when it is not one.
nlohmann::json parse_json_object(const http::Request& request);
//! A positive integer id made of digits only.
std::int64_t parse_id(std::string_view text, std::string_view name);
//! A path parameter as an id.
std::int64_t path_id(const http::Request& request, std::string_view name);
//! An optional query parameter as an id.
std::optional<std::int64_t> query_id(const http::Request& request, std::string_view name);
//! A required non-empty string field.
std::string required_string(const nlohmann::json& body, std::string_view field);
//! Splits a comma-separated list, dropping empty items.
std::vector<std::string> split_list(std::string_view text);

} // namespace argus::api
