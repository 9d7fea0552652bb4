#pragma once
// Who may see and act on an export job (spec 03 §6; docs/design/exports.md "Rights"): a job is seen by callers who see
// its network's content and hold the export right on every camera it was made from (a camera deleted since needs the
// write right on the network); it is changed (cancel, rename, retry, start now, share) and deleted by its creator or
// by an administrator with the write right on the network. Another organization's job, a job of another network and
// a job the caller may not see all answer 404 alike, never revealing it exists.
#include <cstdint>

#include "api/api_context.hpp"
#include "store/export_records.hpp"

namespace argus::api {

extern const char* const k_export_not_found;

struct ExportAccess {
  store::ExportJobRecord job;
  const store::NetworkRecord* network = nullptr;
  bool may_change = false;
};

//! True when the caller may see the job (its organization and network already match).
bool may_see_export(const SessionContext& caller, const store::NetworkRecord& network, const store::ExportJobRecord& job);
//! The job, seen by the caller in network_id, or Error(not_found).
ExportAccess require_export(ApiContext& context, const SessionContext& caller, std::int64_t network_id,
                            std::int64_t job_id);
//! The same, then Error(permission_denied) unless the caller may change it.
ExportAccess require_changeable_export(ApiContext& context, const SessionContext& caller, std::int64_t network_id,
                                       std::int64_t job_id);
//! The job by id in the caller's organization (any network the caller sees), or Error(not_found).
ExportAccess require_changeable_export_in_org(ApiContext& context, const SessionContext& caller, std::int64_t job_id);

} // namespace argus::api
