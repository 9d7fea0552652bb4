#include "app/camera_cli.hpp"

#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <string>

#include "api/camera_admin_api.hpp"
#include "app/cli_options.hpp"
#include "common/error.hpp"
#include "media/url_redaction.hpp"
#include "services/camera_admin.hpp"

namespace argus {
namespace {

constexpr const char* k_usage =
    "usage: argusd camera add --data-dir D --network-id N --name NAME --main-url URL [--sub-url URL] [--tags a,b]\n"
    "                         [--retention-days N] [--mac aa:bb:cc:dd:ee:ff] [--serial S] [--model M] [--notes TEXT]\n"
    "                         [--imagers N]\n"
    "       argusd camera list --data-dir D [--network-id N]\n"
    "       argusd camera remove --data-dir D --camera-id ID\n"
    "       argusd camera set-source --data-dir D --camera-id ID --main-url URL [--sub-url URL] [--retention-days N]\n"
    "       argusd camera set-imager-source --data-dir D --camera-id ID --imager K [--main-url URL] [--sub-url URL]\n"
    "         (a multi-imager camera's imager K, 1 to its imagers - 1; without URLs the imager's source is removed)";

std::vector<std::string> split_tags(const std::string& text) {
  std::vector<std::string> tags;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto comma = text.find(',', start);
    auto item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.find_first_not_of(" \t") != std::string::npos)
      tags.push_back(item);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return tags;
}

services::CameraInput input_from(const CliOptions& options) {
  services::CameraInput input;
  auto text = [&](const char* name) -> std::optional<std::string> {
    auto it = options.find(name);
    return it == options.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
  input.name = text("name");
  input.main_rtsp_url = text("main-url");
  if (auto sub = text("sub-url"))
    input.sub_rtsp_url = std::optional<std::string>(*sub);
  if (auto tags = text("tags"))
    input.tags = split_tags(*tags);
  if (options.count("retention-days"))
    input.retention_days = number_option(options, "retention-days");
  input.mac = text("mac");
  input.serial = text("serial");
  input.model = text("model");
  input.notes = text("notes");
  if (options.count("imagers"))
    input.imager_count = number_option(options, "imagers");
  return input;
}

std::string redacted(const std::optional<std::string>& url) {
  return url && !url->empty() ? media::redact_url(*url) : "-";
}

int add(const CliOptions& options) {
  auto network_id = number_option(options, "network-id");
  auto input = services::validated(input_from(options)); // bad input → exit 2 before the database opens
  auto opened = open_store(options);
  auto& database = *opened;
  auto change = services::CameraAdmin(database, services::system_now_ms).create(network_id, input);
  std::cout << change.camera.id << "\n";
  return 0;
}

int list(const CliOptions& options) {
  std::optional<std::int64_t> network_id;
  if (options.count("network-id"))
    network_id = number_option(options, "network-id");
  auto opened = open_store(options);
  auto& database = *opened;
  std::map<std::int64_t, store::CameraSourceRecord> sources;
  for (auto& source : database.camera_sources())
    sources[source.camera_id] = source;
  std::cout << "id\tnetwork_id\tstatus\tmac\tserial\tretention_days\tname\tmain_url\tsub_url\n";
  for (const auto& organization : database.organizations()) {
    for (const auto& camera : database.cameras_of_organization(organization.id)) {
      if (network_id && camera.network_id != *network_id)
        continue;
      const auto& source = sources[camera.id];
      std::cout << camera.id << "\t" << camera.network_id << "\t" << camera.status << "\t" << camera.mac << "\t"
                << camera.serial << "\t" << source.retention_days << "\t" << camera.name << "\t"
                << redacted(source.main_rtsp_url) << "\t" << redacted(source.sub_rtsp_url) << "\n";
    }
  }
  return 0;
}

int remove(const CliOptions& options) {
  auto camera_id = number_option(options, "camera-id");
  auto opened = open_store(options);
  auto& database = *opened;
  auto files = services::CameraAdmin(database, services::system_now_ms).remove(camera_id);
  api::delete_camera_files(options.at("data-dir"), camera_id, files);
  std::cout << "camera " << camera_id << " removed (" << files.size() << " recording files)\n";
  return 0;
}

int set_source(const CliOptions& options) {
  auto camera_id = number_option(options, "camera-id");
  services::CameraInput input;
  input.main_rtsp_url = options.at("main-url");
  // Without --sub-url the sub-stream is cleared: the command sets the whole source.
  input.sub_rtsp_url = options.count("sub-url") ? std::optional<std::string>(options.at("sub-url")) : std::nullopt;
  if (options.count("retention-days"))
    input.retention_days = number_option(options, "retention-days");
  input = services::validated(input);
  auto opened = open_store(options);
  auto& database = *opened;
  services::CameraAdmin(database, services::system_now_ms).update(camera_id, input);
  std::cout << "camera " << camera_id << " source set\n";
  return 0;
}

int set_imager_source(const CliOptions& options) {
  auto camera_id = number_option(options, "camera-id");
  auto url = [&](const char* name) {
    return options.count(name) ? std::optional<std::string>(options.at(name)) : std::nullopt;
  };
  services::CameraInput input;
  input.imagers =
      std::vector<services::ImagerSourceInput>{{number_option(options, "imager"), url("main-url"), url("sub-url")}};
  input = services::validated(input);
  auto opened = open_store(options);
  auto& database = *opened;
  services::CameraAdmin(database, services::system_now_ms).update(camera_id, input);
  const auto& imager = input.imagers->front();
  std::cout << "camera " << camera_id << " imager " << imager.imager_id
            << (imager.main_rtsp_url || imager.sub_rtsp_url ? " source set\n" : " source removed\n");
  return 0;
}

} // namespace

int run_camera_command(int argc, char** argv) {
  std::string command = argc >= 3 ? argv[2] : "";
  return run_cli_command(k_usage, [&] {
    if (command == "add") {
      return add(parse_cli_options(argc, argv,
                                   {"data-dir", "network-id", "name", "main-url", "sub-url", "tags", "retention-days",
                                    "mac", "serial", "model", "notes", "imagers"},
                                   {"data-dir", "network-id", "name", "main-url"}));
    }
    if (command == "list")
      return list(parse_cli_options(argc, argv, {"data-dir", "network-id"}, {"data-dir"}));
    if (command == "remove")
      return remove(parse_cli_options(argc, argv, {"data-dir", "camera-id"}, {"data-dir", "camera-id"}));
    if (command == "set-source") {
      return set_source(parse_cli_options(argc, argv,
                                          {"data-dir", "camera-id", "main-url", "sub-url", "retention-days"},
                                          {"data-dir", "camera-id", "main-url"}));
    }
    if (command == "set-imager-source") {
      return set_imager_source(parse_cli_options(argc, argv, {"data-dir", "camera-id", "imager", "main-url", "sub-url"},
                                                 {"data-dir", "camera-id", "imager"}));
    }
    throw CliUsage{command.empty() ? "a camera command is required" : "unknown camera command '" + command + "'"};
  });
}

} // namespace argus
