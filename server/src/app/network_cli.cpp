#include "app/network_cli.hpp"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/cli_options.hpp"
#include "common/error.hpp"

namespace argus {
namespace {

namespace fs = std::filesystem;

constexpr const char* k_usage =
    "usage: argusd network list (--database URL | --data-dir D)\n"
    "       argusd network move --network-id N --to-shard S (--database URL | --data-dir D)\n"
    "                           [--from-data-dir OLD --to-data-dir NEW]\n"
    "         (with both data directories, the network's recordings, motion recaps and exports are copied to NEW)";

// The old shard's recorder lets go of a moved network's cameras at its next reconcile (every 5 s) and closes the
// chunk it was writing; the copy starts after that.
constexpr auto k_release_wait = std::chrono::seconds(12);

struct Located {
  store::NetworkRecord network;
  std::vector<std::int64_t> camera_ids;
};

std::optional<Located> find_network(store::Database& database, std::int64_t network_id) {
  for (const auto& organization : database.organizations()) {
    for (auto& network : database.networks_of_organization(organization.id)) {
      if (network.id != network_id)
        continue;
      Located found{network, {}};
      for (const auto& camera : database.cameras_of_organization(organization.id)) {
        if (camera.network_id == network_id)
          found.camera_ids.push_back(camera.id);
      }
      return found;
    }
  }
  return std::nullopt;
}

std::vector<std::int64_t> export_job_ids(store::Database& database, const store::NetworkRecord& network) {
  std::vector<std::int64_t> ids;
  store::ExportJobQuery query;
  query.organization_id = network.organization_id;
  query.network_id = network.id;
  query.limit = 500;
  for (;;) {
    auto page = database.export_jobs(query);
    for (const auto& job : page.jobs)
      ids.push_back(job.id);
    if (page.jobs.empty() || static_cast<std::int64_t>(ids.size()) >= page.total)
      return ids;
    query.offset += static_cast<std::int64_t>(page.jobs.size());
  }
}

// Copies the files under from/relative that are not yet at to/relative (the new shard may already be writing new
// chunks there). Answers the number of files copied.
std::int64_t copy_missing(const fs::path& from, const fs::path& to, const fs::path& relative) {
  std::int64_t copied = 0;
  if (!fs::is_directory(from / relative))
    return copied;
  for (const auto& entry : fs::recursive_directory_iterator(from / relative)) {
    auto target = to / fs::relative(entry.path(), from);
    if (entry.is_directory()) {
      fs::create_directories(target);
    } else if (entry.is_regular_file() && !fs::exists(target)) {
      fs::create_directories(target.parent_path());
      fs::copy_file(entry.path(), target);
      ++copied;
    }
  }
  return copied;
}

int list_networks(const CliOptions& options) {
  auto opened = open_store(options);
  auto& database = *opened;
  std::cout << "id\tshard_id\torganization_id\tname\n";
  for (const auto& organization : database.organizations()) {
    for (const auto& network : database.networks_of_organization(organization.id))
      std::cout << network.id << "\t" << network.shard_id << "\t" << organization.id << "\t" << network.name << "\n";
  }
  return 0;
}

int move_network(const CliOptions& options) {
  auto network_id = number_option(options, "network-id");
  auto to_shard = number_option(options, "to-shard");
  bool copy = options.count("from-data-dir") || options.count("to-data-dir");
  if (copy && !(options.count("from-data-dir") && options.count("to-data-dir")))
    throw CliUsage{"--from-data-dir and --to-data-dir go together"};
  fs::path from_dir = copy ? fs::path(options.at("from-data-dir")) : fs::path();
  fs::path to_dir = copy ? fs::path(options.at("to-data-dir")) : fs::path();
  if (copy && !fs::is_directory(from_dir))
    throw Error(Error::Kind::invalid_input, "no directory " + from_dir.string() + " (--from-data-dir)");
  if (copy && !fs::is_directory(to_dir))
    throw Error(Error::Kind::invalid_input, "no directory " + to_dir.string() + " (--to-data-dir)");
  if (copy && fs::exists(from_dir) && fs::exists(to_dir) && fs::equivalent(from_dir, to_dir))
    throw Error(Error::Kind::invalid_input, "--from-data-dir and --to-data-dir are the same directory");

  auto opened = open_store(options);
  auto& database = *opened;
  auto located = find_network(database, network_id);
  if (!located)
    throw Error(Error::Kind::not_found, "no network " + std::to_string(network_id));
  auto from_shard = located->network.shard_id;
  if (from_shard == to_shard) {
    std::cout << "network " << network_id << " is already on shard " << to_shard << "\n";
    return 0;
  }
  database.set_network_shard(network_id, to_shard);
  std::cout << "network " << network_id << " (" << located->network.name << "): shard " << from_shard << " -> "
            << to_shard << "; the shards follow within 5 s" << std::endl;
  if (!copy)
    return 0;

  std::cout << "waiting " << k_release_wait.count() << " s for shard " << from_shard << " to let go of its "
            << located->camera_ids.size() << " cameras" << std::endl;
  std::this_thread::sleep_for(k_release_wait);
  std::int64_t files = 0;
  for (auto camera_id : located->camera_ids) {
    files += copy_missing(from_dir, to_dir, fs::path("recordings") / std::to_string(camera_id));
    files += copy_missing(from_dir, to_dir, fs::path("motion") / std::to_string(camera_id));
  }
  for (auto job_id : export_job_ids(database, located->network))
    files += copy_missing(from_dir, to_dir, fs::path("exports") / std::to_string(job_id));
  std::cout << "copied " << files << " files from " << from_dir.string() << " to " << to_dir.string()
            << " (the originals stay in place: delete them once shard " << to_shard << " plays the network's "
            << "recordings)\n";
  return 0;
}

} // namespace

int run_network_command(int argc, char** argv) {
  std::string command = argc >= 3 ? argv[2] : "";
  return run_cli_command(k_usage, [&] {
    if (command == "list") {
      auto options = parse_cli_options(argc, argv, {"data-dir"}, {});
      if (!options.count("data-dir") && !options.count(k_database_option))
        throw CliUsage{"--database or --data-dir is required"};
      return list_networks(options);
    }
    if (command == "move") {
      auto options =
          parse_cli_options(argc, argv, {"data-dir", "network-id", "to-shard", "from-data-dir", "to-data-dir"},
                            {"network-id", "to-shard"});
      if (!options.count("data-dir") && !options.count(k_database_option))
        throw CliUsage{"--database or --data-dir is required"};
      return move_network(options);
    }
    throw CliUsage{command.empty() ? "a network command is required" : "unknown network command '" + command + "'"};
  });
}

} // namespace argus
