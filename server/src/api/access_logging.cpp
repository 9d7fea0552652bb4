#include "api/access_logging.hpp"

#include "services/access_log.hpp"

namespace argus::api {
namespace {

store::AccessLogEntryRecord entry_of(const http::Request& request, const store::UserRecord& user,
                                     std::int64_t organization_id, std::string_view kind) {
  store::AccessLogEntryRecord entry;
  entry.organization_id = organization_id;
  entry.kind = std::string(kind);
  entry.user_id = user.id;
  entry.user_name = user.name;
  entry.user_email = user.email;
  entry.ip = request.remote_address;
  entry.user_agent = request.header("user-agent");
  return entry;
}

} // namespace

void log_access(ApiContext& context, const http::Request& request, const SessionContext& caller, std::string_view kind,
                const store::NetworkRecord* network, const store::CameraRecord* camera,
                std::optional<std::string> detail) {
  if (!context.access_log)
    return;
  auto entry = entry_of(request, caller.user->user, caller.org->organization.id, kind);
  if (network) {
    entry.network_id = network->id;
    entry.network_name = network->name;
  }
  if (camera) {
    entry.camera_id = camera->id;
    entry.camera_name = camera->name;
  }
  entry.detail = std::move(detail);
  context.access_log->record(std::move(entry));
}

void log_sign_in(ApiContext& context, const http::Request& request, const store::UserRecord& user,
                 std::int64_t organization_id, std::string_view kind, std::optional<std::string> detail) {
  if (!context.access_log)
    return;
  auto entry = entry_of(request, user, organization_id, kind);
  entry.detail = std::move(detail);
  context.access_log->record(std::move(entry));
}

} // namespace argus::api
