#pragma once
// `argusd export verify FILE [--manifest M] [--public-key BASE64]`: checks an export offline against its evidence
// manifest (default FILE.manifest.json): the signature over the manifest, then the file's size and SHA-256. Prints
// what it found; exit 0 valid, 1 not valid, 2 bad usage.

namespace argus {

//! Runs `argusd export ...`; argv[1] is "export".
int run_export_command(int argc, char** argv);

} // namespace argus
