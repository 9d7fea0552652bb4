#pragma once
// `argusd network ...`: the network -> shard map of a sharded deployment (docs/design/scale.md "Shards").
//   argusd network list (--database URL | --data-dir D)
//   argusd network move --network-id N --to-shard S (--database URL | --data-dir D)
//                       [--from-data-dir OLD --to-data-dir NEW]
// A move changes the map at once; the shards follow within seconds (their recorders reconcile every 5 s: the old one
// stops the network's cameras, the new one starts them; their catalogs reload after 5 s). With both data directories
// (the shards' disks, e.g. mounted on one machine) the command then waits for the old shard to let go and copies the
// network's recordings, motion recaps and export files to the new shard's disk, so that they stay playable there.

namespace argus {

//! Runs `argusd network ...` (argv[1] == "network"): 0 on success, 1 on a failure, 2 on bad input.
int run_network_command(int argc, char** argv);

} // namespace argus
