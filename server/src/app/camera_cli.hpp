#pragma once
// `argusd camera ...`: add, list, remove cameras and set their source on a data directory (a running argusd picks the
// changes up within seconds: its catalog reloads and its recorder reconciles its cameras every 5 s).
//   argusd camera add --data-dir D --network-id N --name NAME --main-url URL [--sub-url URL] [--tags a,b]
//                     [--retention-days N] [--mac M] [--serial S] [--model M] [--notes TEXT]
//   argusd camera list --data-dir D [--network-id N]          (URLs shown without credentials)
//   argusd camera remove --data-dir D --camera-id ID
//   argusd camera set-source --data-dir D --camera-id ID --main-url URL [--sub-url URL] [--retention-days N]

namespace argus {

//! Runs `argusd camera ...` (argv[1] == "camera"): 0 on success, 1 on a failure, 2 on bad input.
int run_camera_command(int argc, char** argv);

} // namespace argus
