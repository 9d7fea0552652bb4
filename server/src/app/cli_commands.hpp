#pragma once
// Administrative subcommands of argusd that work on a data directory without starting the server, e.g.
//   argusd user set-idle-timeout --data-dir DIR --email E --minutes N

namespace argus {

//! Runs the subcommand named by argv[1]; returns its exit code, or -1 when argv names no subcommand.
int run_cli_subcommand(int argc, char** argv);

} // namespace argus
