#include "support/postgres_cluster.hpp"

#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "store/postgres/pg_connection.hpp"

namespace argus::testing {
namespace {

constexpr const char* k_owner = "nobody"; // who runs the cluster when the tests run as root
constexpr const char* k_superuser = "argus";

std::filesystem::path find_bin_dir() {
  std::vector<std::filesystem::path> candidates;
  if (const char* configured = std::getenv("ARGUS_PG_BINDIR"))
    candidates.emplace_back(configured);
  std::error_code error;
  std::vector<std::filesystem::path> versions;
  for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", error))
    versions.push_back(entry.path() / "bin");
  std::sort(versions.rbegin(), versions.rend());
  candidates.insert(candidates.end(), versions.begin(), versions.end());
  candidates.emplace_back("/usr/local/bin");
  candidates.emplace_back("/usr/bin");
  for (const auto& dir : candidates) {
    if (std::filesystem::exists(dir / "initdb") && std::filesystem::exists(dir / "pg_ctl"))
      return dir;
  }
  return {};
}

int free_loopback_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  int port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
    port = ntohs(address.sin_port);
  ::close(fd);
  return port;
}

std::unique_ptr<PostgresCluster>& the_cluster() {
  static std::unique_ptr<PostgresCluster> cluster;
  return cluster;
}

} // namespace

PostgresCluster* PostgresCluster::instance(std::string* why_not) {
  static std::once_flag once;
  static std::string absent;  // why there is no cluster to test against: a skip
  static std::string failure; // why the cluster did not start though PostgreSQL is installed: an error
  std::call_once(once, [] {
    auto bin_dir = find_bin_dir();
    if (bin_dir.empty()) {
      absent = "PostgreSQL's initdb and pg_ctl are not installed (scripts/setup.sh installs postgresql)";
      return;
    }
    std::string pattern = (std::filesystem::temp_directory_path() / "argus-pg-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) {
      failure = "cannot make a temporary directory for PostgreSQL";
      return;
    }
    std::filesystem::path dir = pattern;
    if (::geteuid() == 0) {
      const passwd* owner = ::getpwnam(k_owner);
      if (!owner || ::chown(dir.c_str(), owner->pw_uid, owner->pw_gid) != 0) {
        failure = std::string("cannot hand the cluster directory to user ") + k_owner;
        return;
      }
    }
    try {
      the_cluster().reset(new PostgresCluster(bin_dir, dir, free_loopback_port()));
    } catch (const std::exception& error) {
      failure = error.what(); // the directory stays, with the logs the message names
    }
  });
  if (!failure.empty())
    throw std::runtime_error("the test PostgreSQL cluster did not start: " + failure);
  if (!the_cluster() && why_not)
    *why_not = absent;
  return the_cluster().get();
}

PostgresCluster::PostgresCluster(std::filesystem::path bin_dir, std::filesystem::path dir, int port)
    : bin_dir_(std::move(bin_dir)), dir_(std::move(dir)), port_(port) {
  // Durability is not under test: no fsync makes initdb and every commit quick.
  if (run("initdb -D " + (dir_ / "data").string() + " -U " + k_superuser +
          " --auth=trust --no-sync --encoding=UTF8 --locale=C") != 0)
    throw std::runtime_error("initdb failed: see " + (dir_ / "initdb.log").string());
  start();
}

PostgresCluster::~PostgresCluster() {
  if (running_)
    run("pg_ctl stop -D " + (dir_ / "data").string() + " -m immediate -w");
  std::error_code error;
  std::filesystem::remove_all(dir_, error);
}

int PostgresCluster::run(const std::string& command) const {
  std::string as_owner = ::geteuid() == 0 ? std::string("runuser -u ") + k_owner + " -- " : "";
  std::string line =
      "cd / && " + as_owner + (bin_dir_ / "").string() + command + " >>" + (dir_ / "initdb.log").string() + " 2>&1";
  return std::system(line.c_str());
}

void PostgresCluster::start() {
  std::string options = "-p " + std::to_string(port_) + " -k " + dir_.string() +
                        " -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
                        " -c full_page_writes=off -c max_connections=200";
  if (run("pg_ctl start -D " + (dir_ / "data").string() + " -l " + (dir_ / "server.log").string() + " -w -t 60 -o '" +
          options + "'") != 0)
    throw std::runtime_error("pg_ctl start failed: see " + (dir_ / "server.log").string());
  running_ = true;
}

void PostgresCluster::stop() {
  run("pg_ctl stop -D " + (dir_ / "data").string() + " -m fast -w");
  running_ = false;
}

std::string PostgresCluster::url(const std::string& database) const {
  return std::string("postgresql://") + k_superuser + "@127.0.0.1:" + std::to_string(port_) + "/" + database;
}

std::string PostgresCluster::create_database() {
  std::string name = "t_" + std::to_string(++databases_);
  store::PgConnection admin(url("postgres"));
  admin.execute_script("CREATE DATABASE " + name);
  return url(name);
}

} // namespace argus::testing
