#pragma once
// Reads the operations of docs/api/openapi.yaml (the single API contract) for the tests that must cover every route:
// the router's routes against the contract, and the permission matrix. A reader of the contract's own layout (paths
// at two spaces, methods at four, parameters inline, in flow style or by $ref to components/parameters), not a general
// YAML parser; it throws on a line it cannot place, so a change of layout fails loudly instead of hiding routes.
//
//   auto contract = read_openapi_contract(std::string(ARGUS_SOURCE_DIR) + "/docs/api/openapi.yaml");
//   for (const auto& operation : contract) ... operation.method ("GET"), operation.path ("/n/{networkId}/...")
#include <string>
#include <vector>

namespace argus::testing {

struct ContractParameter {
  std::string name;
  std::string in; // path, query or header
  bool required = false;
};

struct ContractOperation {
  std::string method;     // upper case: GET, POST, PUT, DELETE, PATCH
  std::string path;       // relative to the base path /n{shard_id}, e.g. "/n/{networkId}/manage/vision/walls"
  bool is_public = false; // `security: []`: needs no session
  std::vector<ContractParameter> parameters;

  //! The query parameters, required or not.
  std::vector<ContractParameter> query_parameters() const;
};

//! Every operation of the contract, in the file's order. Throws std::runtime_error (with the line) when the file
//! cannot be read or a parameter reference is unknown.
std::vector<ContractOperation> read_openapi_contract(const std::string& path);

//! The contract file of this source tree.
std::string contract_file_path();

//! Whether a concrete pattern such as "/cameras/{cameraId}/live/{stream}/ws" is served by a router pattern such as
//! "/cameras/{cameraId}/live/{stream}/{file}" (same segment count; a {parameter} segment of the router's pattern
//! matches any segment).
bool pattern_serves(const std::string& router_pattern, const std::string& contract_path);

} // namespace argus::testing
