#pragma once
// A test suite that shares one camsim and one argusd (the demo org, no demo cameras) between its tests:
//   class MyTest : public CamsimSuite<MyTest> {
//   public:
//     static void SetUpTestSuite() { start_camsim(2, /*with_credentials=*/true); }
//   };
// Each suite (Suite) has its own pair; tests skip when camsim or its footage is not built.
#include <filesystem>
#include <memory>

#include <gtest/gtest.h>

#include "demo/camsim_launcher.hpp"
#include "support/argusd_process.hpp"
#include "support/camera_helpers.hpp"
#include "support/demo_media.hpp"

namespace argus::testing {

//! The credentials camsim asks for when started with_credentials (they must never reach a log or an answer).
inline constexpr const char* k_camsim_user = "operator";
inline constexpr const char* k_camsim_password = "Gd7pQx2Rk9";

template <typename Suite> class CamsimSuite : public ::testing::Test {
public:
  static void TearDownTestSuite() {
    server_.reset();
    camsim_.reset();
  }

protected:
  //! Starts camsim with `cameras` cameras (behind k_camsim_user/k_camsim_password when with_credentials; the first
  //! audio_cameras with a microphone) and argusd.
  static void start_camsim(int cameras, bool with_credentials, int audio_cameras = 0) {
    if (!media_available())
      return;
    demo::CamsimOptions options;
    options.cameras = cameras;
    options.audio_cameras = audio_cameras;
    if (with_credentials) {
      options.user = k_camsim_user;
      options.password = k_camsim_password;
    }
    options.binary = std::filesystem::path(ARGUSD_PATH).parent_path() / "camsim";
    options.footage_dir = *demo::CamsimLauncher::find_footage_dir(options.binary.parent_path());
    camsim_ = std::make_unique<demo::CamsimLauncher>(options);
    server_ = std::make_unique<ArgusdProcess>();
  }

  void SetUp() override {
    if (!media_available())
      GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
    ASSERT_TRUE(server_ && camsim_);
  }

  static ArgusdProcess& server() { return *server_; }
  static demo::CamsimLauncher& camsim() { return *camsim_; }

  static inline std::unique_ptr<demo::CamsimLauncher> camsim_;
  static inline std::unique_ptr<ArgusdProcess> server_;
};

} // namespace argus::testing
