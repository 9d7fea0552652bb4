#pragma once
// Helpers of the wall and rotation integration tests: paths, request bodies with the demo's channels, and a summary
// of a wall list that ignores what ingest changes between two requests (camera status), so that "nothing changed
// after a refused call" compares what the calls could have changed.
//
//   auto before = wall_summary(admin, 101);
//   admin.post_json(walls_path(101), wall_body("Bad", {tile(k_lobby_channel, 0, 0), tile(k_lobby_channel, 3, 3)}));
//   EXPECT_EQ(wall_summary(admin, 101), before);
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/http_client.hpp"

namespace argus::testing {

inline constexpr std::int64_t k_lobby_channel = 51001;       // camera 1001, Warehouse HQ (101), tags lobby+public
inline constexpr std::int64_t k_reception_channel = 51002;   // camera 1002, Warehouse HQ, tags lobby+public
inline constexpr std::int64_t k_server_room_channel = 51003; // camera 1003, Warehouse HQ, tag secure
inline constexpr std::int64_t k_checkout_channel = 51010;    // camera 1010, Downtown Store (102), tags public+retail
inline constexpr std::int64_t k_parking_lot_channel = 51008; // camera 1008, Warehouse HQ, an MV93 with 4 imagers
inline constexpr std::int64_t k_contoso_channel = 52001;     // camera 2001, Contoso Flagship (201), other organization

//! /n1/n/{network}/manage/vision/walls[/{wall}].
std::string walls_path(std::int64_t network_id);
std::string wall_path(std::int64_t network_id, std::int64_t wall_id);
//! /n1/api/v1/organizations/{org}/camera/videoWallRotations[/{rotation}][?networkId=].
std::string rotations_path(std::int64_t organization_id, std::int64_t network_id);
std::string rotation_path(std::int64_t organization_id, std::int64_t rotation_id);

//! A tile of the spec's body: a w x h rectangle at x, y showing a channel.
nlohmann::json tile(std::int64_t channel_id, std::int64_t x, std::int64_t y, std::int64_t w = 7, std::int64_t h = 7);
//! {name, tiles}.
nlohmann::json wall_body(const std::string& name, const std::vector<nlohmann::json>& tiles);
//! {name, waitDuration, videoWallSequence}.
nlohmann::json rotation_body(const std::string& name, std::int64_t wait_s, const std::vector<std::int64_t>& walls);

//! The walls of a network's list as the client sees them: id, name, network, flag and each tile's geometry, camera
//! and dewarp view (no camera status). Fails the test unless the list answers 200.
nlohmann::json wall_summary(HttpClient& client, std::int64_t network_id);
//! The wall with this id in a summary, or null.
nlohmann::json wall_in(const nlohmann::json& summary, std::int64_t wall_id);
//! The rotations of a network as the client sees them (the GET answer). Fails the test unless it answers 200.
nlohmann::json rotation_list(HttpClient& client, std::int64_t organization_id, std::int64_t network_id);

} // namespace argus::testing
