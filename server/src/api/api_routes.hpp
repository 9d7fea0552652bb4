#pragma once
// Registration of every api route, one function per resource group (one source file each).
#include "api/route_registrar.hpp"

namespace argus::api {

//! /csrf/token, /login/login, /login/logout, /vision/user, keep-alive and session refresh.
void register_auth_routes(RouteRegistrar& routes, ApiContext& context);
//! The second sign-in step and the session user's authenticator: enrol, confirm, disable (two_factor_api.cpp).
void register_two_factor_routes(RouteRegistrar& routes, ApiContext& context);
void register_org_choice_routes(RouteRegistrar& routes, ApiContext& context);
//! SAML single sign-on: /login/sso, the assertion consumer, our metadata and single sign-out (sso_api.cpp).
void register_sso_routes(RouteRegistrar& routes, ApiContext& context);
void register_user_admin_routes(RouteRegistrar& routes, ApiContext& context);
//! Inviting someone to the organization by e-mail (invitation_api.cpp).
void register_invitation_routes(RouteRegistrar& routes, ApiContext& context);
//! The organization's access log for its administrators (access_log_api.cpp).
void register_access_log_routes(RouteRegistrar& routes, ApiContext& context);
//! The organization's sign-in policy for its administrators: expiry, two-factor, SSO (sign_in_policy_api.cpp).
void register_sign_in_policy_routes(RouteRegistrar& routes, ApiContext& context);
void register_sign_in_code_routes(RouteRegistrar& routes, ApiContext& context);
void register_password_routes(RouteRegistrar& routes, ApiContext& context);
//! Env, organizations, manifest, bundle, change_org, administered orgs, nfos and shard features.
void register_organization_routes(RouteRegistrar& routes, ApiContext& context);
//! Privileges and access-control integrations.
void register_privilege_routes(RouteRegistrar& routes, ApiContext& context);
//! Networks, network context and shard_for_network.
void register_network_routes(RouteRegistrar& routes, ApiContext& context);
//! Cameras, floor plans and floor-plan images.
void register_camera_routes(RouteRegistrar& routes, ApiContext& context);
//! Adding, editing and removing cameras; a camera's source URLs (camera_admin_api.cpp).
void register_camera_admin_routes(RouteRegistrar& routes, ApiContext& context);
//! Live LL-HLS playlist, init/segments/parts and JPEG snapshots (live_api.cpp).
void register_live_routes(RouteRegistrar& routes, ApiContext& context);
//! Availability, history playlist, recorded chunks and init segments, file records (history_api.cpp).
void register_history_routes(RouteRegistrar& routes, ApiContext& context);
//! Video walls of a network: list, create, edit, delete (walls_api.cpp).
void register_wall_routes(RouteRegistrar& routes, ApiContext& context);
//! Wall rotations of a network: list, create, edit, delete (wall_rotations_api.cpp).
void register_wall_rotation_routes(RouteRegistrar& routes, ApiContext& context);
//! The event log: access_logs/log_event (event_log_api.cpp).
void register_event_log_routes(RouteRegistrar& routes, ApiContext& context);
//! The portal's memory reports: video/client_memory_telemetry (client_telemetry_api.cpp).
void register_client_telemetry_routes(RouteRegistrar& routes, ApiContext& context);

//! Export jobs: create, combine, list, cancel, delete, rename, retry, start now (exports_api.cpp).
void register_export_routes(RouteRegistrar& routes, ApiContext& context);
//! An export's download, manifest, share link and the public shared routes (export_files_api.cpp).
void register_export_file_routes(RouteRegistrar& routes, ApiContext& context);

//! Clip bookmarks: list, create, delete (bookmarks_api.cpp).
void register_bookmark_routes(RouteRegistrar& routes, ApiContext& context);

//! Motion search and motion recap images (motion_search_api.cpp).
void register_motion_search_routes(RouteRegistrar& routes, ApiContext& context);
//! Motion search telemetry: the portal's batches and the administrators' summary (motion_telemetry_api.cpp).
void register_motion_telemetry_routes(RouteRegistrar& routes, ApiContext& context);

//! Similarity search jobs and track thumbnails (similarity_api.cpp).
void register_similarity_routes(RouteRegistrar& routes, ApiContext& context);

//! The player's object-detections channel: Bayeux long polling at /cometd (object_detections_api.cpp).
void register_object_detection_routes(RouteRegistrar& routes, ApiContext& context);

//! Door access control for the portal: door-camera mappings, access events, quick grant (access_control_api.cpp).
void register_access_control_routes(RouteRegistrar& routes, ApiContext& context);
//! The access-control partners' signed event webhook (access_webhook_api.cpp).
void register_access_webhook_routes(RouteRegistrar& routes, ApiContext& context);

//! Global search over cameras, walls and export jobs (global_search_api.cpp).
void register_global_search_routes(RouteRegistrar& routes, ApiContext& context);

//! Feedback: members send it, org-write administrators read it (feedback_api.cpp).
void register_feedback_routes(RouteRegistrar& routes, ApiContext& context);

//! Every route above.
void register_api_routes(http::Router& router, ApiContext& context);

} // namespace argus::api
