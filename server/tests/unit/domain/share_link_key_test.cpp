// The share links' key lives in the store on both engines (store_engine.hpp): every shard makes and checks the same
// links (a network's exports move with the network), a data directory's key of an earlier version is adopted so that
// links already given keep working, and a broken key file is refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/error.hpp"
#include "services/share_links.hpp"
#include "store_engine.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;
using services::ShareLinks;

class ShareLinkKey : public StoreTest {
protected:
  void SetUp() override {
    StoreTest::SetUp();
    dir_ = fs::temp_directory_path() / ("argus-share-key-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write_key(const std::string& name, const std::string& bytes) {
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
    return dir_ / name;
  }

  fs::path dir_;
};

TEST_P(ShareLinkKey, EveryShardOfTheStoreMakesAndChecksTheSameLinks) {
  auto first_shard = ShareLinks::load_or_create(*database, dir_ / "shard1-none.key");
  auto second_shard = ShareLinks::load_or_create(*database, dir_ / "shard2-none.key");
  auto nonce = ShareLinks::new_nonce();
  EXPECT_TRUE(second_shard.matches(first_shard.token(42, nonce), 42, nonce));
  EXPECT_FALSE(fs::exists(dir_ / "shard1-none.key")) << "no key file any more: the store holds it";
}

TEST_P(ShareLinkKey, AnEarlierVersionsKeyFileIsAdoptedSoThatGivenLinksKeepWorking) {
  auto legacy = write_key("share_link.key", std::string(32, 'k'));
  auto adopted = ShareLinks::load_or_create(*database, legacy);
  // The same key file over another (fresh) store: the same links.
  auto other_location = StoreLocation(GetParam());
  auto other_store = other_location.open();
  EXPECT_EQ(ShareLinks::load_or_create(*other_store, legacy).token(7, "n"), adopted.token(7, "n"));
  // Once stored, the store's key wins over any file.
  auto later = ShareLinks::load_or_create(*database, write_key("other.key", std::string(32, 'x')));
  EXPECT_EQ(later.token(7, "n"), adopted.token(7, "n"));
}

TEST_P(ShareLinkKey, ABrokenKeyFileIsRefused) {
  EXPECT_THROW(ShareLinks::load_or_create(*database, write_key("short.key", "short")), Error);
}

ARGUS_ON_BOTH_STORE_ENGINES(ShareLinkKey);

} // namespace
} // namespace argus::testing
