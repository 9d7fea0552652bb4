#include "services/camera_admin.hpp"

#include <algorithm>
#include <cctype>
#include <random>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "media/stream_name.hpp"
#include "services/camera_defaults.hpp"
#include "services/text_validation.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

[[noreturn]] void invalid(std::string message) {
  throw Error(Error::Kind::invalid_input, std::move(message));
}

store::CameraSourceRecord default_source(std::int64_t camera_id) {
  store::CameraSourceRecord source;
  source.camera_id = camera_id;
  return source;
}

bool in_scope(const store::CameraRecord& camera, const std::optional<CameraScope>& scope) {
  return !scope || (camera.organization_id == scope->organization_id && camera.network_id == scope->network_id);
}

std::optional<std::string> url_or_none(std::string_view field, const std::optional<std::string>& url) {
  if (!url || url->empty())
    return std::nullopt;
  return validate_rtsp_url(field, *url);
}

// Every listed imager must be one of the camera's imagers 1 … imager_count-1.
void check_imagers_exist(const std::vector<ImagerSourceInput>& imagers, std::int64_t imager_count) {
  for (const auto& imager : imagers) {
    if (imager.imager_id < imager_count)
      continue;
    if (imager_count == 1)
      invalid("imagers: this camera has one imager, whose URLs are main_rtsp_url and sub_rtsp_url");
    invalid("imagers: imager " + std::to_string(imager.imager_id) + " is not an imager of this camera (it has " +
            std::to_string(imager_count) + ": 1 to " + std::to_string(imager_count - 1) +
            " besides imager 0, whose URLs are main_rtsp_url and sub_rtsp_url)");
  }
}

// The imagers' sources after an input: a listed imager's URLs replace its old ones (none: its source goes).
std::vector<store::ImagerSourceRecord> merged_imagers(std::vector<store::ImagerSourceRecord> current,
                                                      const std::vector<ImagerSourceInput>& changes) {
  for (const auto& change : changes) {
    std::erase_if(current, [&](const auto& imager) { return imager.imager_id == change.imager_id; });
    if (change.main_rtsp_url || change.sub_rtsp_url)
      current.push_back({change.imager_id, change.main_rtsp_url, change.sub_rtsp_url});
  }
  std::sort(current.begin(), current.end(), [](const auto& a, const auto& b) { return a.imager_id < b.imager_id; });
  return current;
}

} // namespace

std::string validate_rtsp_url(std::string_view field, std::string_view url) {
  auto fail = [&](const std::string& why) { invalid(std::string(field) + " " + why); };
  if (url.empty())
    fail("must not be empty");
  if (url.size() > 2048)
    fail("must be at most 2048 characters");
  for (char c : url) {
    auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte >= 0x7f)
      fail("must not contain spaces, control or non-ASCII characters");
  }
  auto colon = url.find("://");
  std::string scheme(url.substr(0, colon == std::string_view::npos ? 0 : colon));
  std::transform(scheme.begin(), scheme.end(), scheme.begin(), [](unsigned char c) { return std::tolower(c); });
  if (colon == std::string_view::npos || (scheme != "rtsp" && scheme != "rtsps"))
    fail("must be an rtsp:// or rtsps:// URL");
  auto rest = url.substr(colon + 3);
  auto authority = rest.substr(0, rest.find_first_of("/?#"));
  auto at = authority.rfind('@');
  auto host_port = at == std::string_view::npos ? authority : authority.substr(at + 1);
  std::string_view host = host_port;
  std::string_view port;
  if (!host_port.empty() && host_port.front() == '[') {
    auto close = host_port.find(']');
    if (close == std::string_view::npos)
      fail("has an unterminated IPv6 host");
    host = host_port.substr(1, close - 1);
    auto after = host_port.substr(close + 1);
    if (!after.empty()) {
      if (after.front() != ':')
        fail("has an invalid host");
      port = after.substr(1);
      if (port.empty())
        fail("has an empty port");
    }
    if (host.empty() || host.find_first_not_of("0123456789abcdefABCDEF:.") != std::string_view::npos)
      fail("has an invalid IPv6 host");
  } else {
    auto port_colon = host_port.rfind(':');
    if (port_colon != std::string_view::npos) {
      host = host_port.substr(0, port_colon);
      port = host_port.substr(port_colon + 1);
      if (port.empty())
        fail("has an empty port");
    }
    if (host.empty())
      fail("must name a host");
    for (char c : host) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.' && c != '_')
        fail("has an invalid host");
    }
  }
  if (!port.empty()) {
    if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string_view::npos ||
        std::stoi(std::string(port)) < 1 || std::stoi(std::string(port)) > 65535) {
      fail("has an invalid port");
    }
  }
  return std::string(url);
}

std::string normalise_mac(std::string_view mac) {
  auto trimmed = trim_blanks(mac);
  bool ok = trimmed.size() == 17;
  std::string out;
  for (std::size_t i = 0; ok && i < trimmed.size(); ++i) {
    char c = trimmed[i];
    if (i % 3 == 2)
      ok = c == ':';
    else
      ok = std::isxdigit(static_cast<unsigned char>(c)) != 0;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (!ok)
    invalid("mac must look like aa:bb:cc:dd:ee:ff");
  return out;
}

std::string validate_serial(std::string_view serial) {
  auto trimmed = trim_blanks(serial);
  if (trimmed.empty() || trimmed.size() > 40)
    invalid("serial must be 1 to 40 characters");
  for (char c : trimmed) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-')
      invalid("serial may hold letters, digits and '-' only");
  }
  std::string out(trimmed);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
  return out;
}

std::vector<std::string> normalise_tags(const std::vector<std::string>& tags) {
  std::vector<std::string> out;
  for (const auto& tag : tags) {
    auto trimmed = trim_blanks(tag);
    auto length = printable_length(trimmed);
    if (trimmed.empty())
      invalid("tags must not be empty");
    if (!length || trimmed.find(',') != std::string_view::npos)
      invalid("tags must not contain commas or control characters");
    if (*length > 60)
      invalid("tags must be at most 60 characters each");
    if (std::find(out.begin(), out.end(), trimmed) == out.end())
      out.emplace_back(trimmed);
  }
  if (out.size() > 50)
    invalid("tags must be at most 50");
  return out;
}

std::int64_t validate_retention_days(std::int64_t days) {
  if (days < 1 || days > 3650)
    invalid("retention_days must be from 1 to 3650");
  return days;
}

std::int64_t validate_imager_count(std::int64_t count) {
  if (count < 1 || count > media::k_max_imagers)
    invalid("imager_count must be from 1 to " + std::to_string(media::k_max_imagers));
  return count;
}

std::vector<ImagerSourceInput> validated_imagers(const std::vector<ImagerSourceInput>& imagers) {
  std::vector<ImagerSourceInput> out;
  for (std::size_t i = 0; i < imagers.size(); ++i) {
    const auto& imager = imagers[i];
    auto field = "imagers[" + std::to_string(i) + "]";
    if (imager.imager_id < 1 || imager.imager_id >= media::k_max_imagers) {
      invalid(field + ".imager_id must be from 1 to " + std::to_string(media::k_max_imagers - 1) +
              " (imager 0's URLs are main_rtsp_url and sub_rtsp_url)");
    }
    for (const auto& earlier : out) {
      if (earlier.imager_id == imager.imager_id)
        invalid("imagers lists imager " + std::to_string(imager.imager_id) + " more than once");
    }
    out.push_back({imager.imager_id, url_or_none(field + ".main_rtsp_url", imager.main_rtsp_url),
                   url_or_none(field + ".sub_rtsp_url", imager.sub_rtsp_url)});
  }
  return out;
}

CameraInput validated(const CameraInput& input) {
  CameraInput out = input;
  if (input.name)
    out.name = validate_text("name", *input.name, 120, 1);
  if (input.model)
    out.model = validate_text("model", *input.model, 60);
  if (input.mac)
    out.mac = normalise_mac(*input.mac);
  if (input.serial)
    out.serial = validate_serial(*input.serial);
  if (input.notes)
    out.notes = validate_text("notes", *input.notes, 2000);
  if (input.tags)
    out.tags = normalise_tags(*input.tags);
  if (input.product_short_description)
    out.product_short_description = validate_text("product_short_description", *input.product_short_description, 120);
  if (input.main_rtsp_url)
    out.main_rtsp_url = validate_rtsp_url("main_rtsp_url", *input.main_rtsp_url);
  if (input.sub_rtsp_url) {
    if (!*input.sub_rtsp_url || input.sub_rtsp_url->value().empty())
      out.sub_rtsp_url = std::optional<std::string>{};
    else
      out.sub_rtsp_url = validate_rtsp_url("sub_rtsp_url", **input.sub_rtsp_url);
  }
  if (input.retention_days)
    out.retention_days = validate_retention_days(*input.retention_days);
  if (input.imager_count)
    out.imager_count = validate_imager_count(*input.imager_count);
  if (input.imagers)
    out.imagers = validated_imagers(*input.imagers);
  return out;
}

CameraAdmin::CameraAdmin(store::Database& database, Clock now_ms, Random random)
    : database_(database), now_ms_(std::move(now_ms)), random_(std::move(random)) {
  if (!random_) {
    random_ = [engine = std::make_shared<std::mt19937_64>(std::random_device{}())] { return (*engine)(); };
  }
}

std::string CameraAdmin::generate_mac() {
  for (int attempt = 0; attempt < 100; ++attempt) {
    auto bits = random_();
    char mac[18];
    // Locally administered (bit 1) unicast (bit 0 clear) in the first octet.
    std::snprintf(mac, sizeof mac, "%02x:%02x:%02x:%02x:%02x:%02x", static_cast<unsigned>((bits & 0xfc) | 0x02),
                  static_cast<unsigned>((bits >> 8) & 0xff), static_cast<unsigned>((bits >> 16) & 0xff),
                  static_cast<unsigned>((bits >> 24) & 0xff), static_cast<unsigned>((bits >> 32) & 0xff),
                  static_cast<unsigned>((bits >> 40) & 0xff));
    if (!database_.camera_id_with_mac(mac))
      return mac;
  }
  throw Error(Error::Kind::internal, "cannot generate a unique MAC");
}

std::string CameraAdmin::generate_serial() {
  static constexpr char k_alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // 32 symbols, no 0/O, 1/I
  for (int attempt = 0; attempt < 100; ++attempt) {
    auto bits = random_();
    std::string serial = "Q2";
    for (int i = 0; i < 10; ++i) {
      if (i == 2 || i == 6)
        serial += '-';
      serial += k_alphabet[bits & 31];
      bits >>= 5;
    }
    if (!database_.camera_id_with_serial(serial))
      return serial;
  }
  throw Error(Error::Kind::internal, "cannot generate a unique serial");
}

void CameraAdmin::check_unique(const store::CameraRecord& camera) {
  auto by_mac = database_.camera_id_with_mac(camera.mac);
  if (by_mac && *by_mac != camera.id)
    throw Error(Error::Kind::conflict, "mac is already used by another camera");
  auto by_serial = database_.camera_id_with_serial(camera.serial);
  if (by_serial && *by_serial != camera.id)
    throw Error(Error::Kind::conflict, "serial is already used by another camera");
}

std::int64_t CameraAdmin::organization_of_network(std::int64_t network_id) {
  for (const auto& organization : database_.organizations()) {
    for (const auto& network : database_.networks_of_organization(organization.id)) {
      if (network.id == network_id)
        return organization.id;
    }
  }
  throw Error(Error::Kind::not_found, "Network not found");
}

store::CameraRecord CameraAdmin::find(std::int64_t camera_id, const std::optional<CameraScope>& scope) {
  auto camera = database_.find_camera(camera_id);
  if (!camera || !in_scope(*camera, scope))
    throw Error(Error::Kind::not_found, "Camera not found");
  return *camera;
}

store::CameraSourceRecord CameraAdmin::source(std::int64_t camera_id, const std::optional<CameraScope>& scope) {
  find(camera_id, scope);
  return database_.find_camera_source(camera_id).value_or(default_source(camera_id));
}

CameraChange CameraAdmin::create(std::int64_t network_id, const CameraInput& raw,
                                 const std::optional<CameraScope>& scope) {
  if (!raw.name)
    invalid("name is required");
  if (!raw.main_rtsp_url)
    invalid("main_rtsp_url is required");
  auto input = validated(raw);
  CameraChange change;
  database_.in_transaction([&] {
    auto organization_id = organization_of_network(network_id);
    if (scope && (scope->organization_id != organization_id || scope->network_id != network_id))
      throw Error(Error::Kind::not_found, "Network not found");
    store::CameraRecord camera;
    camera.network_id = network_id;
    camera.organization_id = organization_id;
    camera.name = *input.name;
    camera.model = input.model.value_or("RTSP");
    camera.notes = input.notes.value_or("");
    camera.tags = input.tags.value_or(std::vector<std::string>{});
    camera.product_short_description = input.product_short_description.value_or("RTSP camera");
    camera.status = "offline";
    camera.imager_count = input.imager_count.value_or(1);
    camera.type = camera.imager_count > 1 ? "multi_imager" : "standard";
    if (input.imagers)
      check_imagers_exist(*input.imagers, camera.imager_count);
    camera.mac = input.mac ? *input.mac : generate_mac();
    camera.serial = input.serial ? *input.serial : generate_serial();
    camera.channel_json = default_channel_json();
    CameraConfigValues config; // the real stream size is known once ingest sees it
    config.updated_at_s = now_ms_() / 1000;
    camera.config_json = camera_config_json(config);
    check_unique(camera);
    camera.id = database_.create_camera(camera);
    store::CameraSourceRecord source{camera.id, input.main_rtsp_url,
                                     input.sub_rtsp_url ? *input.sub_rtsp_url : std::nullopt,
                                     input.retention_days.value_or(30),
                                     merged_imagers({}, input.imagers.value_or(std::vector<ImagerSourceInput>{}))};
    database_.set_camera_source(source);
    change.camera = find(camera.id);
    change.source = source;
    change.source_changed = true;
  });
  return change;
}

CameraChange CameraAdmin::update(std::int64_t camera_id, const CameraInput& raw,
                                 const std::optional<CameraScope>& scope) {
  auto input = validated(raw);
  CameraChange change;
  database_.in_transaction([&] {
    auto camera = find(camera_id, scope);
    if (input.imager_count && *input.imager_count != camera.imager_count)
      invalid("imager_count is set when the camera is added and cannot change (this camera has " +
              std::to_string(camera.imager_count) + ")");
    if (input.imagers)
      check_imagers_exist(*input.imagers, camera.imager_count);
    if (input.name)
      camera.name = *input.name;
    if (input.model)
      camera.model = *input.model;
    if (input.mac)
      camera.mac = *input.mac;
    if (input.serial)
      camera.serial = *input.serial;
    if (input.notes)
      camera.notes = *input.notes;
    if (input.tags)
      camera.tags = *input.tags;
    if (input.product_short_description)
      camera.product_short_description = *input.product_short_description;
    check_unique(camera);
    database_.update_camera(camera);
    auto before = database_.find_camera_source(camera_id).value_or(default_source(camera_id));
    auto after = before;
    if (input.main_rtsp_url)
      after.main_rtsp_url = input.main_rtsp_url;
    if (input.sub_rtsp_url)
      after.sub_rtsp_url = *input.sub_rtsp_url;
    if (input.retention_days)
      after.retention_days = *input.retention_days;
    if (input.imagers)
      after.imagers = merged_imagers(after.imagers, *input.imagers);
    database_.set_camera_source(after);
    change.camera = find(camera_id);
    change.source = after;
    change.source_changed = before.main_rtsp_url != after.main_rtsp_url || before.sub_rtsp_url != after.sub_rtsp_url ||
                            before.imagers != after.imagers;
  });
  return change;
}

std::vector<std::string> CameraAdmin::remove(std::int64_t camera_id, const std::optional<CameraScope>& scope) {
  std::vector<std::string> files;
  database_.in_transaction([&] {
    find(camera_id, scope);
    files = database_.delete_camera(camera_id);
  });
  return files;
}

} // namespace argus::services
