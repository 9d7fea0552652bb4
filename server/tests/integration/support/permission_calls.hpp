#pragma once
// Turns a contract operation into a concrete call for the permission matrix: every path parameter, every query
// parameter that names something (networkId, camera_id, serials, job_ids, ...) and every required one gets a value
// from the target, and a write gets a body that would succeed if the caller had the right (so the permission check, not
// the body's validation, is what refuses it). A parameter without a value throws, naming it: a new route's parameter
// must be given one here before the matrix passes.
//
//   MatrixTarget contoso{"Contoso's camera", world.values, {"orgId", "networkId", "cameraId", ...}};
//   auto call = build_call(operation, contoso);   // call.target "/n1/n/201/manage/vision/walls/7004", call.hidden_used
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "support/openapi_contract.hpp"

namespace argus::testing {

struct MatrixTarget {
  std::string label;                         // e.g. "Contoso's things"
  std::map<std::string, std::string> values; // value name (orgId, cameraId, serial, ...) -> text
  std::set<std::string> hidden;              // the value names the caller may not reach
};

struct MatrixCall {
  std::string method;
  std::string target;                      // "/n1" + path + query
  std::string body;                        // JSON, or empty for a GET
  std::set<std::string> hidden_used;       // hidden value names that address what the call acts on (path, body,
                                           // required query parameters)
  std::set<std::string> hidden_in_filters; // hidden value names in optional query parameters (filters of a list)
};

//! "2026-11-29T22:15:10.000Z" for a time in ms (UTC, whole seconds).
std::string iso_utc_ms(std::int64_t ms);

//! The call of `operation` with `target`'s values. Throws std::invalid_argument for a parameter without a value.
MatrixCall build_call(const ContractOperation& operation, const MatrixTarget& target);

//! `target` with the values `names` replaced by ids nothing has (999999, a serial no camera has, ...): the call a
//! filter with a hidden id must answer exactly like.
MatrixTarget with_ids_of_nothing(const MatrixTarget& target, const std::set<std::string>& names);

//! `target` with the container values (orgId, orgEid, networkId) replaced by the caller's own, visible ones: another
//! organization's camera, wall or export asked for inside the caller's own organization and network.
MatrixTarget inside_own_containers(const MatrixTarget& target, const std::map<std::string, std::string>& own);

} // namespace argus::testing
