#include "app/export_cli.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "common/error.hpp"
#include "media/history_playlist.hpp"
#include "services/export_evidence.hpp"

namespace argus {
namespace {

constexpr const char* k_usage = "usage: argusd export verify FILE [--manifest MANIFEST] [--public-key BASE64]";

int usage(const std::string& problem) {
  std::cerr << "argusd: " << problem << "\n" << k_usage << "\n";
  return 2;
}

} // namespace

int run_export_command(int argc, char** argv) {
  if (argc < 3 || std::string(argv[2]) != "verify")
    return usage(argc < 3 ? "export needs a command" : std::string("unknown export command '") + argv[2] + "'");
  if (argc < 4)
    return usage("export verify needs the export file");
  std::filesystem::path file = argv[3];
  std::optional<std::filesystem::path> manifest;
  std::optional<std::string> public_key;
  for (int i = 4; i < argc; i += 2) {
    std::string name = argv[i];
    if (i + 1 >= argc)
      return usage("missing value after " + name);
    if (name == "--manifest")
      manifest = argv[i + 1];
    else if (name == "--public-key")
      public_key = argv[i + 1];
    else
      return usage("unknown option " + name);
  }
  if (!manifest) {
    manifest = file;
    *manifest += ".manifest.json";
  }
  std::ifstream in(*manifest, std::ios::binary);
  if (!in) {
    std::cerr << "argusd: cannot read the manifest " << manifest->string() << "\n";
    return 1;
  }
  std::stringstream envelope;
  envelope << in.rdbuf();
  try {
    auto result = services::verify_export(file, envelope.str(), public_key);
    if (result.manifest) {
      const auto& m = *result.manifest;
      std::cout << "export " << m.job_id << ": " << m.filename << "\n"
                << "camera: " << m.camera_name << (m.camera_id ? " (" + std::to_string(*m.camera_id) + ")" : "") << "\n"
                << "range: " << media::iso8601_utc_ms(m.t0_ms) << " - " << media::iso8601_utc_ms(m.t1_ms) << "\n"
                << "video: " << media::iso8601_utc_ms(m.media_first_ms) << " - "
                << media::iso8601_utc_ms(m.media_end_ms) << "\n"
                << "made: " << media::iso8601_utc_ms(m.created_ms) << " by " << m.creator << "\n"
                << "sha256: " << m.sha256 << " (" << m.file_bytes << " bytes)\n"
                << "signing key: " << result.public_key_base64 << "\n";
    }
    (result.valid ? std::cout : std::cerr) << (result.valid ? "" : "argusd: NOT VALID: ") << result.message << "\n";
    return result.valid ? 0 : 1;
  } catch (const Error& error) {
    std::cerr << "argusd: " << error.what() << "\n";
    return 1;
  }
}

} // namespace argus
