// TimeZone against glibc's own reading of the same zoneinfo files (TZ + localtime_r) as the reference.
#include "common/time_zone.hpp"

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

namespace argus {
namespace {

std::int64_t glibc_offset(const std::string& zone, std::int64_t utc_seconds) {
  ::setenv("TZ", zone.c_str(), 1);
  ::tzset();
  std::time_t seconds = utc_seconds;
  std::tm local{};
  ::localtime_r(&seconds, &local);
  return local.tm_gmtoff;
}

class TimeZoneTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (const char* tz = std::getenv("TZ"))
      saved_tz_ = tz;
  }
  void TearDown() override {
    if (saved_tz_)
      ::setenv("TZ", saved_tz_->c_str(), 1);
    else
      ::unsetenv("TZ");
    ::tzset();
  }
  std::optional<std::string> saved_tz_;
};

TEST_F(TimeZoneTest, OffsetsMatchGlibcAcrossZonesYearsAndDaylightSavingChanges) {
  for (std::string name : {"Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "Australia/Lord_Howe",
                           "America/Sao_Paulo", "Pacific/Chatham", "Europe/Dublin", "America/St_Johns"}) {
    auto zone = TimeZone::load(name);
    ASSERT_TRUE(zone) << name;
    // Every 6 hours and 7 minutes from 1990 to 2036: crosses every change of those years at varying distances.
    for (std::int64_t t = 631152000; t < 2082758400; t += 6 * 3600 + 7 * 60)
      ASSERT_EQ(zone->offset_seconds_at(t), glibc_offset(name, t)) << name << " at " << t;
  }
}

TEST_F(TimeZoneTest, TheHourAroundAChangeSwitchesAtTheExactSecond) {
  auto berlin = TimeZone::load("Europe/Berlin");
  ASSERT_TRUE(berlin);
  constexpr std::int64_t k_spring_2026 = 1774746000; // 2026-03-29 01:00:00 UTC
  EXPECT_EQ(berlin->offset_seconds_at(k_spring_2026 - 1), 3600);
  EXPECT_EQ(berlin->offset_seconds_at(k_spring_2026), 7200);
}

TEST_F(TimeZoneTest, UtcAndUnusableNamesAndFilesAreRefused) {
  EXPECT_EQ(TimeZone::utc().offset_seconds_at(1774746000), 0);
  EXPECT_EQ(TimeZone::load("UTC")->offset_seconds_at(0), 0);
  for (std::string bad : {"", "../../etc/passwd", "/etc/localtime", "Europe/../../etc/passwd", "Nowhere/Atlantis",
                          "Europe/", "Europe/Berlin\n", "Europe/.hidden"})
    EXPECT_FALSE(TimeZone::load(bad)) << bad;
  EXPECT_EQ(TimeZone::load_or_utc("Nowhere/Atlantis").offset_seconds_at(1774746000), 0);

  auto dir = std::filesystem::temp_directory_path() / ("argus-tz-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "Test");
  std::ifstream source("/usr/share/zoneinfo/Europe/Berlin", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(source)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 200u);
  std::ofstream(dir / "Test/Whole", std::ios::binary) << bytes;
  std::ofstream(dir / "Test/Cut", std::ios::binary) << bytes.substr(0, bytes.size() / 3);
  std::ofstream(dir / "Test/Text", std::ios::binary) << "not a zone file";
  EXPECT_TRUE(TimeZone::load("Test/Whole", dir));
  EXPECT_FALSE(TimeZone::load("Test/Cut", dir));
  EXPECT_FALSE(TimeZone::load("Test/Text", dir));
  std::filesystem::remove_all(dir);
}

} // namespace
} // namespace argus
