#pragma once
// A throw-away PostgreSQL cluster for a test binary: initdb into a temporary directory and pg_ctl start on a free
// 127.0.0.1 port, on first use; stopped and deleted when the binary exits. initdb refuses to run as root, so under
// root the cluster belongs to the user `nobody` (runuser). The binaries are looked for in $ARGUS_PG_BINDIR,
// /usr/lib/postgresql/<newest>/bin, /usr/local/bin and /usr/bin.
#include <filesystem>
#include <string>

namespace argus::testing {

class PostgresCluster {
public:
  //! The binary's cluster, started on first call; nullptr when PostgreSQL is not installed (why_not says so: a test
  //! skips). Throws std::runtime_error when it is installed but the cluster did not start (a test fails).
  static PostgresCluster* instance(std::string* why_not = nullptr);

  //! A new empty database (t_1, t_2, ...) and its postgresql:// URL.
  std::string create_database();
  //! The URL of a database of the cluster.
  std::string url(const std::string& database) const;
  //! pg_ctl stop -m fast: open connections are cut.
  void stop();
  //! pg_ctl start again on the same port and data.
  void start();

  ~PostgresCluster();
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;

private:
  PostgresCluster(std::filesystem::path bin_dir, std::filesystem::path dir, int port);
  // Runs a PostgreSQL binary as the cluster's owner; answers its exit status.
  int run(const std::string& command) const;

  std::filesystem::path bin_dir_;
  std::filesystem::path dir_;
  int port_;
  int databases_ = 0;
  bool running_ = false;
};

} // namespace argus::testing
