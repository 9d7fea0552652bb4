// argusd refuses option values outside their range with a message naming the option, before it creates anything in
// the data directory.
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/argusd_process.hpp"

namespace {

namespace fs = std::filesystem;
using argus::testing::run_argusd_cli;

TEST(CliOptions, DetectionOptionsOutOfRangeAreRefusedBeforeAnythingStarts) {
  const fs::path data_dir = fs::temp_directory_path() / ("argus-cli-options-" + std::to_string(::getpid()));
  fs::remove_all(data_dir);
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"--detect-cpu", "0"}, {"--detect-cpu", "101"}, {"--detect-cpu", "half"}, {"--detect-fps", "11"},
      {"--detect-workers", "0"}, {"--detect-workers", "65"}};
  for (const auto& [option, value] : refused) {
    auto result = run_argusd_cli({"--data-dir", data_dir.string(), "--listen", "127.0.0.1:0", option, value});
    EXPECT_NE(result.exit_code, 0) << option << " " << value << ": " << result.output;
    EXPECT_NE(result.output.find(option), std::string::npos) << option << " " << value << ": " << result.output;
    EXPECT_FALSE(fs::exists(data_dir)) << option << " " << value << " created the data directory";
  }
  fs::remove_all(data_dir);
}

TEST(CliOptions, AYoloDetectorNeedsItsModelAndAnUnknownDetectorIsRefused) {
  const fs::path data_dir = fs::temp_directory_path() / ("argus-cli-detector-" + std::to_string(::getpid()));
  fs::remove_all(data_dir);
  auto yolo = run_argusd_cli({"--data-dir", data_dir.string(), "--listen", "127.0.0.1:0", "--detector", "yolo"});
  EXPECT_NE(yolo.exit_code, 0) << yolo.output;
  EXPECT_NE(yolo.output.find("--detector yolo needs --detector-model FILE"), std::string::npos) << yolo.output;
  auto unknown = run_argusd_cli({"--data-dir", data_dir.string(), "--listen", "127.0.0.1:0", "--detector", "ssd"});
  EXPECT_NE(unknown.exit_code, 0) << unknown.output;
  EXPECT_NE(unknown.output.find("--detector"), std::string::npos) << unknown.output;
  EXPECT_FALSE(fs::exists(data_dir));
}

} // namespace
