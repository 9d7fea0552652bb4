#pragma once
// The JSON shapes of docs/api/openapi.yaml, built from store records and permission results. Only this file decides
// field names, so the contract is implemented in one place.
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "api/api_context.hpp"

namespace argus::services {
struct VisibleWall;
}
namespace argus::store {
struct WallRotationRecord;
}

namespace argus::analytics {
struct MotionGrid;
struct MotionSearchEvent;
} // namespace argus::analytics

namespace argus::api {

//! Organization {id, eid, name, shard_id}.
nlohmann::json organization_json(const store::OrganizationRecord& org);
//! User of the session in its current organization.
nlohmann::json user_json(const SessionContext& caller);
//! User in an organization (login answer, before a SessionContext exists).
nlohmann::json user_json(const services::UserSnapshot& user, const services::OrgSnapshot& org);
//! Env of an organization.
nlohmann::json env_json(const store::OrganizationRecord& org);
//! Network.
nlohmann::json network_json(const store::NetworkRecord& network);
//! Rights {write, export, historical, live}.
nlohmann::json rights_json(const services::Rights& rights);
//! NetworkPermissions.
nlohmann::json network_permissions_json(const services::NetworkPermissions& permissions);
//! Camera with the caller's rights on it; its live and snapshot paths are on the shard of its network.
nlohmann::json camera_json(const store::CameraRecord& camera, const services::Rights& rights);
//! A member of an organization as its administrators see them (users page).
nlohmann::json member_json(const store::MemberRecord& member);
//! Privilege.
nlohmann::json privilege_json(const store::PrivilegeRecord& privilege);
//! Nfo, its network ids limited to the listed networks.
nlohmann::json nfo_json(const store::FeatureFlagRecord& flag, const std::vector<std::int64_t>& listed_network_ids);
//! AccessControlIntegration, its network ids limited to the listed networks.
nlohmann::json integration_json(const store::IntegrationRecord& integration,
                                const std::vector<std::int64_t>& listed_network_ids);
//! FloorPlan with the given node ids (visible cameras placed on it).
nlohmann::json floor_plan_json(const store::FloorPlanRecord& plan, const std::vector<std::int64_t>& node_ids,
                               std::int64_t shard_id);

//! VideoWall {id, name, network_id, is_cross_network, tiles} with the tiles the caller may see; each tile carries its
//! camera with the caller's rights.
nlohmann::json wall_json(const services::VisibleWall& wall);

//! WallRotation {id, name, networkId, waitDuration, videoWallSequence} with the given walls (those the caller sees, in
//! the rotation's order).
nlohmann::json wall_rotation_json(const store::WallRotationRecord& rotation, const std::vector<std::int64_t>& wall_ids);

//! The motion_search answer {subevents: [MotionEvent...], grid: {cols, rows}}; image_url turns an event's image
//! (frame time or recap id, per the search) into its URL (empty lists / null without images).
nlohmann::json motion_search_json(const std::vector<analytics::MotionSearchEvent>& events, std::int64_t camera_id,
                                  const analytics::MotionGrid& grid,
                                  const std::function<std::string(std::int64_t image)>& image_url);

//! The application version reported in Env.
extern const char* const k_app_version;

} // namespace argus::api
