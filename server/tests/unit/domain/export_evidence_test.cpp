// Export evidence and share links (services/export_evidence, services/share_links): a signed manifest verifies
// against its file and fails on one flipped byte, a forged manifest, another key or a malformed envelope; the keys
// persist in their files (mode 0600); a share token is stable, and any altered character, another nonce or another
// job id fails.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "services/export_evidence.hpp"
#include "services/share_links.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::services {
namespace {
namespace fs = std::filesystem;

class ExportEvidenceTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("argus-evidence-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    file_ = dir_ / "clip.mp4";
    std::ofstream(file_, std::ios::binary) << std::string(100'000, 'x') << "the end";
  }
  void TearDown() override { fs::remove_all(dir_); }

  ExportManifest manifest() const {
    ExportManifest out;
    out.job_id = 7;
    out.organization_id = 1;
    out.network_id = 101;
    out.camera_id = 1001;
    out.camera_name = "Lobby Entrance";
    out.filename = "clip.mp4";
    out.t0_ms = 1'000;
    out.t1_ms = 61'000;
    out.media_first_ms = 0;
    out.media_end_ms = 62'000;
    out.file_bytes = static_cast<std::int64_t>(fs::file_size(file_));
    out.sha256 = sha256_of_file(file_);
    out.created_ms = 70'000;
    out.creator = "Alex Admin";
    return out;
  }

  fs::path dir_;
  fs::path file_;
};

TEST_F(ExportEvidenceTest, ASignedManifestVerifiesAgainstItsFile) {
  auto signer = ExportSigner::load_or_create(dir_ / "signing.key");
  auto envelope = signer.sign(manifest());
  auto result = verify_export(file_, envelope, signer.public_key_base64());
  EXPECT_TRUE(result.valid) << result.message;
  ASSERT_TRUE(result.manifest);
  EXPECT_EQ(result.manifest->camera_name, "Lobby Entrance");
  EXPECT_EQ(result.manifest->sha256, sha256_of_file(file_));
}

TEST_F(ExportEvidenceTest, OneFlippedByteForgeryOrAnotherKeyFails) {
  auto signer = ExportSigner::load_or_create(dir_ / "signing.key");
  auto envelope = signer.sign(manifest());
  {
    std::fstream out(file_, std::ios::in | std::ios::out | std::ios::binary);
    out.seekp(500);
    out.put('y');
  }
  auto altered = verify_export(file_, envelope);
  EXPECT_FALSE(altered.valid);
  EXPECT_NE(altered.message.find("SHA-256 differs"), std::string::npos) << altered.message;

  auto json = nlohmann::json::parse(envelope);
  auto text = json["manifest"].get<std::string>();
  text.replace(text.find("Alex Admin"), 10, "Eve Forger");
  json["manifest"] = text;
  auto forged = verify_export(file_, json.dump());
  EXPECT_FALSE(forged.valid);
  EXPECT_NE(forged.message.find("signature does not match"), std::string::npos) << forged.message;

  auto other = ExportSigner::load_or_create(dir_ / "other.key");
  EXPECT_FALSE(verify_export(file_, envelope, other.public_key_base64()).valid);
  EXPECT_FALSE(verify_export(file_, "not json").valid);
  EXPECT_FALSE(verify_export(file_, R"({"format":"argus-export-manifest/1","manifest":"{}","algorithm":"Ed25519",
                                       "public_key":"AAAA","signature":"AAAA"})")
                   .valid);
}

TEST_F(ExportEvidenceTest, TheKeysPersistInTheirFilesReadableByTheOwnerOnly) {
  auto first = ExportSigner::load_or_create(dir_ / "signing.key");
  auto again = ExportSigner::load_or_create(dir_ / "signing.key");
  EXPECT_EQ(first.public_key_base64(), again.public_key_base64());
  struct stat info {};
  ASSERT_EQ(::stat((dir_ / "signing.key").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600);
  std::ofstream(dir_ / "broken.key") << "short";
  EXPECT_THROW(ExportSigner::load_or_create(dir_ / "broken.key"), Error);
}

TEST_F(ExportEvidenceTest, AShareTokenMatchesOnlyItsJobAndNonceAndNoAlteredCharacter) {
  store::SqliteDatabase store(dir_ / "argus.db");
  auto links = ShareLinks::load_or_create(store, dir_ / "share.key");
  auto nonce = ShareLinks::new_nonce();
  auto token = links.token(42, nonce);
  EXPECT_EQ(token.rfind("42.", 0), 0u);
  EXPECT_EQ(ShareLinks::job_of(token), 42);
  EXPECT_TRUE(links.matches(token, 42, nonce));
  EXPECT_FALSE(links.matches(token, 42, ShareLinks::new_nonce()));
  EXPECT_FALSE(links.matches(links.token(43, nonce), 42, nonce));
  for (std::size_t i = 3; i < token.size(); ++i) {
    auto altered = token;
    altered[i] = altered[i] == 'A' ? 'B' : 'A';
    EXPECT_FALSE(links.matches(altered, 42, nonce)) << i;
  }
  EXPECT_FALSE(links.matches(token + "A", 42, nonce));
  for (const char* bad : {"", ".", "x.abc", "0.abc", "-1.abc", "12abc", "99999999999999999999.a"})
    EXPECT_FALSE(ShareLinks::job_of(bad).has_value()) << bad;
}

} // namespace
} // namespace argus::services
