#pragma once
// Fixture base for tests against the demo's video: one argusd --demo (with its camsim) for the suite, each test
// skipped when camsim or its footage was not built.
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "support/api_helpers.hpp"
#include "support/demo_media.hpp"

namespace argus::testing {

class DemoMediaTest : public SharedArgusdTest {
protected:
  void SetUp() override {
    if (!media_available())
      GTEST_SKIP() << "build/bin/camsim or its footage is missing (make build)";
    SharedArgusdTest::SetUp();
  }

  //! "/n1/cameras/{id}/{rest}": a camera's media path (live, history, recordings, snapshot).
  static std::string camera_path(std::int64_t id, const std::string& rest) {
    return api("/cameras/" + std::to_string(id) + "/" + rest);
  }
};

} // namespace argus::testing
