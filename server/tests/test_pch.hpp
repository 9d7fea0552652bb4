#pragma once
// Precompiled header of the test programs (CMakeLists.txt, argus_test_target): GoogleTest, nlohmann::json and the
// standard headers most tests include, parsed once per test program instead of ~7 s per test source.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
