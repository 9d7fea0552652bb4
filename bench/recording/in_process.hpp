#pragma once
// The recording path without ingest, in this process: fragmenter → chunk files → SQLite index (see in_process.cpp).
#include <filesystem>
#include <vector>

namespace argus::bench {

//! Prints one line per stream count: CPU per stream-second of fragmenting and storing, as fast as the CPU allows.
void run_in_process(const std::vector<int>& counts, int seconds, const std::filesystem::path& work_dir);

} // namespace argus::bench
