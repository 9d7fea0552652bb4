// `argusd doors` (issue 13) on a demo data directory: argusd --demo ran on it once and stopped, so Northwind
// (organization 1) has "HQ doors" (integration 1) with doorsim's four doors mapped to its cameras, and Contoso
// (organization 2, cameras 2001 and 2002) has no door partner. A partner set up with the CLI and its door sync against
// a real tools/doorsim; map and unmap; every refusal exits 2 and changes nothing.
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "demo/doorsim_launcher.hpp"
#include "support/argusd_process.hpp"

namespace argus::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* k_secret = "whsec-7f3c2a10-do-not-print";
constexpr const char* k_token = "tok-91be44c0-do-not-print";

class DoorsCli : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(server_.stop(), 0) << server_.output();
    files_ = server_.data_dir() / "doors-cli-files";
    fs::create_directories(files_);
    secret_file_ = file("secret", std::string(k_secret) + "\n");
    token_file_ = file("token", std::string(k_token) + "\r\n");
  }

  //! `argusd doors VERB --data-dir DIR ARGS...`
  CliResult doors(const std::string& verb, std::vector<std::string> args = {}) {
    args.insert(args.begin(), {"doors", verb, "--data-dir", server_.data_dir().string()});
    return run_argusd_cli(args);
  }

  //! Writes a file under the test's directory; its path.
  std::string file(const std::string& name, const std::string& content) {
    std::ofstream(files_ / name, std::ios::binary) << content;
    return (files_ / name).string();
  }

  //! set-partner for an organization with the test's secret and token files, plus `more` options.
  CliResult set_partner(const std::string& org_id, const std::string& name, const std::string& base_url,
                        std::vector<std::string> more = {}) {
    std::vector<std::string> args{"--org-id", org_id, "--name", name, "--base-url", base_url};
    args.insert(args.end(), {"--webhook-secret-file", secret_file_, "--command-token-file", token_file_});
    args.insert(args.end(), more.begin(), more.end());
    return doors("set-partner", args);
  }

  //! What `doors list` shows of both demo organizations.
  std::string both_lists() {
    auto northwind = doors("list", {"--org-id", "1"});
    auto contoso = doors("list", {"--org-id", "2"});
    EXPECT_EQ(northwind.exit_code, 0) << northwind.output;
    EXPECT_EQ(contoso.exit_code, 0) << contoso.output;
    return northwind.output + contoso.output;
  }

  //! The id in set-partner's "created integration N" / "updated integration N".
  static std::int64_t integration_id(const CliResult& result) {
    std::smatch match;
    if (!std::regex_search(result.output, match, std::regex("(created|updated) integration ([0-9]+) ")))
      return 0;
    return std::stoll(match[2]);
  }

  ArgusdProcess server_;
  fs::path files_;
  std::string secret_file_;
  std::string token_file_;
};

TEST_F(DoorsCli, SetPartnerThenListShowsTheIntegrationWithoutItsSecrets) {
  auto created = set_partner("2", "Flagship doors", "https://doors.example.com/argus/", {"--commands", "on"});
  ASSERT_EQ(created.exit_code, 0) << created.output;
  auto id = integration_id(created);
  ASSERT_GT(id, 1) << created.output;
  auto webhook = "/n1/access_control/partners/" + std::to_string(id) + "/events";
  EXPECT_NE(created.output.find("created integration " + std::to_string(id) + " 'Flagship doors'"), std::string::npos);
  EXPECT_NE(created.output.find(webhook), std::string::npos) << created.output;

  auto listed = doors("list", {"--org-id", "2"});
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  EXPECT_NE(listed.output.find("integration " + std::to_string(id) + " 'Flagship doors'"), std::string::npos)
      << listed.output;
  EXPECT_NE(listed.output.find("partner API https://doors.example.com/argus/, commands on, networks 201"),
            std::string::npos)
      << listed.output;
  EXPECT_NE(listed.output.find(webhook), std::string::npos);

  // The same name again: the same integration, pointed elsewhere; without --commands they stay on.
  auto updated = set_partner("2", "Flagship doors", "http://10.0.0.7:4100");
  ASSERT_EQ(updated.exit_code, 0) << updated.output;
  EXPECT_EQ(integration_id(updated), id) << updated.output;
  EXPECT_NE(updated.output.find("updated integration"), std::string::npos);
  listed = doors("list", {"--org-id", "2"});
  EXPECT_NE(listed.output.find("partner API http://10.0.0.7:4100, commands on"), std::string::npos) << listed.output;
  auto off = set_partner("2", "Flagship doors", "http://10.0.0.7:4100", {"--commands", "off"});
  EXPECT_EQ(off.exit_code, 0) << off.output;
  EXPECT_NE(doors("list", {"--org-id", "2"}).output.find("commands off"), std::string::npos);

  auto northwind = doors("list", {"--org-id", "1"}).output;
  EXPECT_NE(northwind.find("integration 1 'HQ doors'"), std::string::npos) << northwind;
  EXPECT_EQ(northwind.find("Flagship doors"), std::string::npos) << northwind;
  for (const auto& output : {created.output, updated.output, listed.output, northwind}) {
    EXPECT_EQ(output.find(k_secret), std::string::npos) << output;
    EXPECT_EQ(output.find(k_token), std::string::npos) << output;
  }
}

TEST_F(DoorsCli, MapShowsTheCameraOnTheDoorAndUnmapRemovesIt) {
  const std::string before = "1\tdoor-stair-b\tStairwell B\tno\t1004\n";
  ASSERT_NE(doors("list", {"--org-id", "1"}).output.find(before), std::string::npos);

  auto mapped = doors("map", {"--door-uuid", "door-stair-b", "--camera-id", "1003"});
  ASSERT_EQ(mapped.exit_code, 0) << mapped.output;
  EXPECT_NE(mapped.output.find("door 'door-stair-b' (Stairwell B) now shows on camera 1003"), std::string::npos)
      << mapped.output;
  EXPECT_NE(doors("list", {"--org-id", "1"}).output.find("1\tdoor-stair-b\tStairwell B\tno\t1003,1004\n"),
            std::string::npos);
  auto again = doors("map", {"--door-uuid", "door-stair-b", "--camera-id", "1003", "--integration-id", "1"});
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("already shows on"), std::string::npos) << again.output;

  auto unmapped = doors("unmap", {"--door-uuid", "door-stair-b", "--camera-id", "1003"});
  ASSERT_EQ(unmapped.exit_code, 0) << unmapped.output;
  EXPECT_NE(unmapped.output.find("no longer shows on camera 1003"), std::string::npos) << unmapped.output;
  EXPECT_NE(doors("list", {"--org-id", "1"}).output.find(before), std::string::npos);
  auto not_mapped = doors("unmap", {"--door-uuid", "door-stair-b", "--camera-id", "1003"});
  EXPECT_EQ(not_mapped.exit_code, 0) << not_mapped.output;
  EXPECT_NE(not_mapped.output.find("was not mapped to"), std::string::npos) << not_mapped.output;

  // A camera of a network the integration does not serve (HQ doors serves Warehouse HQ only) is mapped, with a note.
  auto elsewhere = doors("map", {"--door-uuid", "door-stair-b", "--camera-id", "1011"});
  EXPECT_EQ(elsewhere.exit_code, 0) << elsewhere.output;
  EXPECT_NE(elsewhere.output.find("does not serve network 102"), std::string::npos) << elsewhere.output;
}

TEST_F(DoorsCli, EveryRefusalExitsTwoWithAOneLineReasonAndChangesNothing) {
  const auto before = both_lists();
  auto empty = file("empty", "");
  auto newline = file("newline", "\n");
  auto two_lines = file("two-lines", "first\nsecond\n");
  auto oversized = file("oversized", std::string(4097, 'x'));
  auto missing = (files_ / "missing").string();
  const std::string directory = files_.string();
  auto with_secret = [&](const std::string& secret_file) {
    return doors("set-partner", {"--org-id", "2", "--name", "X", "--base-url", "http://127.0.0.1:4100",
                                 "--webhook-secret-file", secret_file, "--command-token-file", token_file_});
  };
  const std::map<std::string, CliResult> refusals = {
      {"no verb", run_argusd_cli({"doors"})},
      {"unknown verb", doors("frobnicate")},
      {"missing --base-url", doors("set-partner", {"--org-id", "2", "--name", "X", "--webhook-secret-file",
                                                   secret_file_, "--command-token-file", token_file_})},
      {"unknown option", doors("list", {"--org-id", "2", "--secret", "x"})},
      {"ftp URL", set_partner("2", "X", "ftp://127.0.0.1/doors")},
      {"rtsp URL", set_partner("2", "X", "rtsp://127.0.0.1/doors")},
      {"URL without a host", set_partner("2", "X", "http:///v1")},
      {"not a URL", set_partner("2", "X", "127.0.0.1:4100")},
      {"--commands maybe", set_partner("2", "X", "http://127.0.0.1:4100", {"--commands", "maybe"})},
      {"--org-id abc", set_partner("abc", "X", "http://127.0.0.1:4100")},
      {"unknown org", set_partner("99", "X", "http://127.0.0.1:4100")},
      {"missing secret file", with_secret(missing)},
      {"secret file is a directory", with_secret(directory)},
      {"empty secret file", with_secret(empty)},
      {"secret file of a newline", with_secret(newline)},
      {"secret file of two lines", with_secret(two_lines)},
      {"secret file over 4 KiB", with_secret(oversized)},
      {"list of an unknown org", doors("list", {"--org-id", "99"})},
      {"sync of an unknown integration", doors("sync", {"--integration-id", "99"})},
      {"unknown door", doors("map", {"--door-uuid", "door-nope", "--camera-id", "1003"})},
      {"unknown camera", doors("map", {"--door-uuid", "door-front", "--camera-id", "999999"})},
      {"unknown integration",
       doors("map", {"--door-uuid", "door-front", "--camera-id", "1003", "--integration-id", "99"})},
      {"camera of another organization", doors("map", {"--door-uuid", "door-front", "--camera-id", "2001"})},
      {"unmap, camera of another organization", doors("unmap", {"--door-uuid", "door-front", "--camera-id", "2001"})},
  };
  for (const auto& [what, result] : refusals) {
    EXPECT_EQ(result.exit_code, 2) << what << ": " << result.output;
    EXPECT_EQ(result.output.rfind("argusd: ", 0), 0u) << what << ": " << result.output;
  }
  auto says = [&](const std::string& what, const std::string& text) {
    EXPECT_NE(refusals.at(what).output.find(text), std::string::npos) << what << ": " << refusals.at(what).output;
  };
  says("camera of another organization", "camera 2001 is in organization 2, door 'door-front' in organization 1");
  says("unknown door", "no door 'door-nope'");
  says("unknown camera", "no camera with id 999999");
  says("unknown org", "no organization with id 99");
  says("ftp URL", "--base-url must be an http:// or https:// URL");
  says("secret file over 4 KiB", "larger than 4 KiB");
  says("empty secret file", "is empty");
  says("secret file of a newline", "is empty");
  says("missing secret file", "--webhook-secret-file: cannot read");
  EXPECT_EQ(both_lists(), before);
}

TEST_F(DoorsCli, SyncFetchesThePartnersDoorsAndAPartnerThatCannotBeReachedFails) {
  demo::DoorsimOptions options;
  options.webhook_url = "http://127.0.0.1:9/n1/access_control/partners/2/events"; // no events are sent
  options.secret_file = secret_file_;
  options.token_file = token_file_;
  options.interval_s = 0;
  demo::DoorsimLauncher doorsim(options);

  auto created = set_partner("2", "Flagship doors", doorsim.url());
  ASSERT_EQ(created.exit_code, 0) << created.output;
  auto id = std::to_string(integration_id(created));
  auto synced = doors("sync", {"--integration-id", id});
  ASSERT_EQ(synced.exit_code, 0) << synced.output;
  for (const auto* line : {"\tdoor-front\tFront entrance\tno\t-\n", "\tdoor-dock\tLoading dock\tno\t-\n",
                           "\tdoor-server\tServer room\tno\t-\n", "\tdoor-stair-b\tStairwell B\tno\t-\n"})
    EXPECT_NE(synced.output.find(id + line), std::string::npos) << line << synced.output;
  EXPECT_EQ(synced.output.find("\n1\tdoor-front"), std::string::npos) << "Northwind's doors are not this integration's";

  // door-front is now a door of both integrations: map needs --integration-id, and takes Contoso's cameras only.
  auto ambiguous = doors("map", {"--door-uuid", "door-front", "--camera-id", "2001"});
  EXPECT_EQ(ambiguous.exit_code, 2) << ambiguous.output;
  EXPECT_NE(ambiguous.output.find("is in integrations 1," + id + ": choose one with --integration-id"),
            std::string::npos)
      << ambiguous.output;
  auto foreign = doors("map", {"--door-uuid", "door-front", "--camera-id", "1001", "--integration-id", id});
  EXPECT_EQ(foreign.exit_code, 2) << foreign.output;
  auto mapped = doors("map", {"--door-uuid", "door-front", "--camera-id", "2001", "--integration-id", id});
  ASSERT_EQ(mapped.exit_code, 0) << mapped.output;
  auto listed = doors("list", {"--org-id", "2"}).output;
  EXPECT_NE(listed.find(id + "\tdoor-front\tFront entrance\tno\t2001\n"), std::string::npos) << listed;

  // A wrong command token: doorsim answers 401, the sync fails (exit 1) and the doors stay as they were.
  auto wrong_token = file("wrong-token", "not-the-token\n");
  auto rekeyed = doors("set-partner", {"--org-id", "2", "--name", "Flagship doors", "--base-url", doorsim.url(),
                                       "--webhook-secret-file", secret_file_, "--command-token-file", wrong_token});
  ASSERT_EQ(rekeyed.exit_code, 0) << rekeyed.output;
  auto refused = doors("sync", {"--integration-id", id});
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_NE(refused.output.find("HTTP 401"), std::string::npos) << refused.output;

  // Nothing listens on the partner's port: exit 1 naming the partner, the doors unchanged (not marked gone).
  auto closed = "http://127.0.0.1:" + std::to_string(find_free_port());
  ASSERT_EQ(set_partner("2", "Flagship doors", closed).exit_code, 0);
  auto unreachable = doors("sync", {"--integration-id", id});
  EXPECT_EQ(unreachable.exit_code, 1) << unreachable.output;
  EXPECT_NE(unreachable.output.find("door sync of integration " + id + " from " + closed +
                                    " failed: the access-control partner cannot be reached"),
            std::string::npos)
      << unreachable.output;
  EXPECT_EQ(doors("list", {"--org-id", "2"}).output.find("\tyes\t"), std::string::npos);
}

} // namespace
} // namespace argus::testing
