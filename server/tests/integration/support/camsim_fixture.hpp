#pragma once
// The fixture of the camsim tests (camsim_test.cpp, camsim_audio_test.cpp): one camsim with two cameras behind
// credentials, on free ports, with 3 s clips made from OpenCV's sample videos (so that a few seconds of reading cross
// the loop point), and its control API.
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "demo/camsim_launcher.hpp"
#include "support/http_client.hpp"

namespace argus::testing {

class CamsimTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    std::string pattern = (std::filesystem::temp_directory_path() / "argus-camsim-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    temp_dir_ = pattern;
    const std::string data = "/usr/share/doc/opencv-doc/examples/data/";
    std::string command = "FOOTAGE_SECONDS=3 FOOTAGE_SOURCES='" + data + "vtest.avi " + data + "tree.avi' '" +
                          ARGUS_SOURCE_DIR + "/scripts/prepare-footage.sh' '" + temp_dir_.string() + "' >/dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    demo::CamsimOptions options;
    options.cameras = 2;
    options.footage_dir = temp_dir_;
    options.user = "camera";
    options.password = "s3cret:/@";
    camsim_ = std::make_unique<demo::CamsimLauncher>(options);
  }
  static void TearDownTestSuite() {
    camsim_.reset();
    std::error_code ec;
    std::filesystem::remove_all(temp_dir_, ec);
  }

  static HttpClient control() {
    // control_url() is "http://127.0.0.1:PORT/n1"
    const auto& url = camsim_->control_url();
    auto port_start = url.rfind(':') + 1;
    return HttpClient("127.0.0.1", static_cast<std::uint16_t>(std::stoi(url.substr(port_start))));
  }
  static std::string control_path(const std::string& suffix) { return "/n1" + suffix; }

  static inline std::filesystem::path temp_dir_;
  static inline std::unique_ptr<demo::CamsimLauncher> camsim_;
};

} // namespace argus::testing
