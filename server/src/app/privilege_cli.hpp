#pragma once
// `argusd user privileges|grant|revoke`: a member's privileges in an organization on a data directory, with the
// checks of the portal's privilege page (services::PrivilegeAdmin). A running argusd sees a change within seconds
// (its catalog reloads).
//   argusd user privileges --data-dir D --email E --org-id N
//   argusd user grant --data-dir D --email E --org-id N --scope S [--network-id N] [--camera-id N] [--tag T]
//                     --rights live,historical,export,write
//   argusd user revoke --data-dir D --email E --org-id N --privilege-id P

namespace argus {

//! Runs `argusd user privileges|grant|revoke ...`: 0 on success, 1 on a failure, 2 on bad input.
int run_privilege_command(int argc, char** argv);

//! Whether `argusd user <verb>` is one of the privilege commands.
bool is_privilege_command(const char* verb);

} // namespace argus
