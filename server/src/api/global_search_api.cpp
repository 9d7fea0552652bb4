// Global search (spec 03 §5 "Global search", §7; docs/design/search.md): GET /vision/search?q&limit&categories over
// the cameras, video walls and export jobs of the caller's current organization. The FTS5 indexes (migration 0023)
// give candidates tier by tier — name starts with q, a word starts with q, q anywhere — and only what the caller may
// see is kept, so a hidden item never shows, not even as a count.
#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "api/api_routes.hpp"
#include "api/camera_media_access.hpp"
#include "api/export_access.hpp"
#include "api/request_parsing.hpp"
#include "api/text_input.hpp"
#include "common/error.hpp"
#include "media/history_playlist.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::size_t k_min_chars = 2;   // spec 03 §5: 'No results' from 2 characters
constexpr std::size_t k_max_chars = 100; // longer text is cut
constexpr std::int64_t k_default_limit = 10;
constexpr std::int64_t k_max_limit = 50;
constexpr std::int64_t k_candidates_per_tier = 200;
constexpr std::array<const char*, 3> k_categories = {"camera", "video_wall", "export_job"};
constexpr std::array<store::SearchTier, 3> k_tiers = {store::SearchTier::name_prefix, store::SearchTier::word_prefix,
                                                      store::SearchTier::substring};

//! The text cut to at most k_max_chars characters, never inside a UTF-8 sequence.
std::string cut(std::string text) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && ++chars > k_max_chars)
      return text.substr(0, i);
  }
  return text;
}

nlohmann::json camera_json(const services::OrgSnapshot& org, const store::CameraRecord& camera) {
  const auto* network = org.network(camera.network_id);
  return {{"id", camera.id},
          {"name", camera.name},
          {"network_id", camera.network_id},
          {"network_name", network ? network->name : ""},
          {"serial", camera.serial},
          {"model", camera.model},
          {"mac", camera.mac},
          {"tags", camera.tags}};
}

class Search {
public:
  Search(ApiContext& context, const SessionContext& caller, std::string text, std::int64_t limit)
      : context_(context), caller_(caller), text_(std::move(text)), limit_(limit) {}

  nlohmann::json run(const std::string& category) {
    std::vector<nlohmann::json> found;
    std::set<std::int64_t> seen;
    for (auto tier : k_tiers) {
      if (tier == store::SearchTier::substring && char_count(text_) < 3)
        break; // trigrams need three characters; two only match the start of a word
      auto candidates = context_.database.search_candidates(caller_.org->organization.id, category, text_, tier,
                                                            k_candidates_per_tier);
      std::erase_if(candidates, [&](const auto& candidate) { return !seen.insert(candidate.item_id).second; });
      std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
        auto left = lower(a.name), right = lower(b.name);
        return left != right ? left < right : a.item_id < b.item_id;
      });
      keep_visible(category, candidates, found);
      if (static_cast<std::int64_t>(found.size()) >= limit_)
        break;
    }
    if (static_cast<std::int64_t>(found.size()) > limit_)
      found.resize(static_cast<std::size_t>(limit_));
    return found;
  }

private:
  void keep_visible(const std::string& category, const std::vector<store::SearchCandidate>& candidates,
                    std::vector<nlohmann::json>& found) {
    if (category == "camera")
      keep_cameras(candidates, found);
    else if (category == "video_wall")
      keep_walls(candidates, found);
    else
      keep_exports(candidates, found);
  }

  bool full(const std::vector<nlohmann::json>& found) const {
    return static_cast<std::int64_t>(found.size()) >= limit_;
  }

  void keep_cameras(const std::vector<store::SearchCandidate>& candidates, std::vector<nlohmann::json>& found) {
    for (const auto& candidate : candidates) {
      if (full(found))
        return;
      const auto* camera = find_camera(*caller_.org, candidate.item_id);
      if (camera && may_watch(caller_, *camera))
        found.push_back(camera_json(*caller_.org, *camera));
    }
  }

  //! A wall shows when the caller sees one of its cameras (an empty wall: when the caller sees its network).
  void keep_walls(const std::vector<store::SearchCandidate>& candidates, std::vector<nlohmann::json>& found) {
    std::vector<std::int64_t> ids;
    for (const auto& candidate : candidates)
      ids.push_back(candidate.item_id);
    std::map<std::int64_t, std::vector<std::int64_t>> cameras_of;
    for (const auto& [wall_id, camera_id] : context_.database.wall_tile_cameras(ids))
      cameras_of[wall_id].push_back(camera_id);
    for (const auto& candidate : candidates) {
      if (full(found))
        return;
      const auto* network = caller_.org->network(candidate.network_id);
      if (!network)
        continue;
      const auto& cameras = cameras_of[candidate.item_id];
      bool visible = cameras.empty() ? !caller_.permissions().is_monitor_only(network->id) &&
                                           services::any_right(caller_.permissions().network_level_rights(*network))
                                     : std::any_of(cameras.begin(), cameras.end(), [&](std::int64_t camera_id) {
                                         const auto* camera = find_camera(*caller_.org, camera_id);
                                         return camera && may_watch(caller_, *camera);
                                       });
      if (visible)
        found.push_back({{"id", candidate.item_id}, {"name", candidate.name}, {"network_id", candidate.network_id}});
    }
  }

  void keep_exports(const std::vector<store::SearchCandidate>& candidates, std::vector<nlohmann::json>& found) {
    for (const auto& candidate : candidates) {
      if (full(found))
        return;
      const auto* network = caller_.org->network(candidate.network_id);
      if (!network)
        continue;
      auto job = context_.database.find_export_job(candidate.item_id);
      if (!job || job->organization_id != caller_.org->organization.id || !may_see_export(caller_, *network, *job))
        continue;
      found.push_back({{"id", job->id},
                       {"name", job->filename},
                       {"network_id", job->network_id},
                       {"camera_name", job->camera_name},
                       {"created_at", media::iso8601_utc_ms(job->created_ms)}});
    }
  }

  ApiContext& context_;
  const SessionContext& caller_;
  std::string text_;
  std::int64_t limit_;
};

http::Response global_search(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto text = cut(trimmed(request.query_param("q").value_or("")));
  if (char_count(text) < k_min_chars)
    throw Error(Error::Kind::invalid_input, "q must hold at least 2 characters");
  auto limit = k_default_limit;
  if (auto value = request.query_param("limit"); value && !value->empty())
    limit = std::min(parse_id(*value, "limit"), k_max_limit);
  if (limit < 1)
    throw Error(Error::Kind::invalid_input, "limit must be at least 1");
  std::vector<std::string> categories;
  for (const auto& name : split_list(request.query_param("categories").value_or(""))) {
    if (std::find(k_categories.begin(), k_categories.end(), name) == k_categories.end())
      throw Error(Error::Kind::invalid_input, "categories may only name camera, video_wall and export_job");
    categories.push_back(name);
  }
  if (categories.empty())
    categories.assign(k_categories.begin(), k_categories.end());
  Search search(context, caller, text, limit);
  nlohmann::json out = {{"camera", nlohmann::json::array()},
                        {"video_wall", nlohmann::json::array()},
                        {"export_job", nlohmann::json::array()}};
  for (const auto& category : categories)
    out[category] = search.run(category);
  auto response = http::Response::json(out);
  response.add_header("Cache-Control", "no-cache");
  return response;
}

} // namespace

void register_global_search_routes(RouteRegistrar& routes, ApiContext& context) {
  (void)context;
  routes.add_session("GET", "/vision/search", global_search);
}

} // namespace argus::api
