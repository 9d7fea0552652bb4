#pragma once
// `argusd doors ...`: door access control on a data directory (docs/design/access-control.md "Setting up a partner").
// A running argusd picks the changes up: its catalog reloads within seconds, its door sync runs every minute.
//   argusd doors set-partner --data-dir D --org-id N --name NAME --base-url URL --webhook-secret-file F
//                            --command-token-file F [--commands on|off]
//       creates the organization's integration named NAME (serving all its networks) or points it at a new partner;
//       the secret and token are read from files (never on the command line, which `ps` shows); prints the id and
//       the webhook path the partner posts its events to
//   argusd doors sync --data-dir D --integration-id I     fetches the partner's door list now, prints the doors
//   argusd doors list --data-dir D --org-id N             integrations and doors with their cameras
//   argusd doors map|unmap --data-dir D --door-uuid U --camera-id C [--integration-id I]
//       a door to a camera of its integration's organization (--integration-id when several integrations have U)

namespace argus {

//! Runs `argusd doors <verb> ...`: 0 on success, 1 on a failure (e.g. the partner cannot be reached), 2 on bad input.
int run_doors_command(int argc, char** argv);

} // namespace argus
