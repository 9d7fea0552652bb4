// Feedback (spec 03 §7 "Feedback", §8 'Feedback failed to send'): POST /n/{networkId}/manage/support/wish stores what
// a member wrote, with who, where and with which browser, for the organization's administrators, who read it with
// GET /api/v1/organizations/{orgId}/feedback (org-write administrators, newest first, paged by id).
#include "api/api_routes.hpp"
#include "api/network_access.hpp"
#include "api/request_parsing.hpp"
#include "api/text_input.hpp"
#include "common/error.hpp"
#include "media/history_playlist.hpp"
#include "store/database.hpp"

namespace argus::api {
namespace {

constexpr std::size_t k_max_wish_chars = 5000;
constexpr std::size_t k_max_hash_chars = 128;
constexpr std::size_t k_max_url_chars = 2048;
constexpr std::size_t k_max_user_agent = 255;
constexpr std::int64_t k_per_hour = 10;
constexpr std::int64_t k_default_page = 50;
constexpr std::int64_t k_max_page = 100;

std::string optional_string(const nlohmann::json& body, const char* field, std::size_t max_chars) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null())
    return "";
  if (!it->is_string())
    throw Error(Error::Kind::invalid_input, std::string(field) + " must be text");
  auto text = it->get<std::string>();
  if (char_count(text) > max_chars)
    throw Error(Error::Kind::invalid_input,
                std::string(field) + " must be at most " + std::to_string(max_chars) + " characters");
  return text;
}

http::Response send_wish(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  const auto& network = require_listed_network(caller, path_id(request, "networkId"));
  auto body = parse_json_object(request);
  auto wish_field = body.find("wish");
  if (wish_field == body.end() || !wish_field->is_string())
    throw Error(Error::Kind::invalid_input, "wish must be text");
  auto wish = trimmed(wish_field->get<std::string>());
  if (wish.empty())
    throw Error(Error::Kind::invalid_input, "Please write your feedback");
  if (char_count(wish) > k_max_wish_chars)
    throw Error(Error::Kind::invalid_input, "wish must be at most 5000 characters");
  auto hash = optional_string(body, "wish_hash", k_max_hash_chars);
  auto url = optional_string(body, "sessionRecordingURL", k_max_url_chars);
  if (!url.empty() && url.rfind("https://", 0) != 0 && url.rfind("http://", 0) != 0)
    throw Error(Error::Kind::invalid_input, "sessionRecordingURL must be an http(s) URL");
  auto now = context.now_ms();
  if (context.database.feedback_count_since(caller.user->user.id, now - 3'600'000) >= k_per_hour)
    throw Error(Error::Kind::rate_limited, "Too much feedback in one hour; please try again later");
  store::FeedbackRecord feedback;
  feedback.organization_id = caller.org->organization.id;
  feedback.user_id = caller.user->user.id;
  feedback.user_name = caller.user->user.name;
  feedback.user_email = caller.user->user.email;
  feedback.network_id = network.id;
  feedback.network_name = network.name;
  feedback.wish = wish;
  feedback.wish_hash = hash;
  if (!url.empty())
    feedback.session_recording_url = url;
  feedback.user_agent = request.header("user-agent").substr(0, k_max_user_agent);
  feedback.created_ms = now;
  auto id = context.database.insert_feedback(feedback);
  return http::Response::json({{"id", id}}, 201);
}

nlohmann::json feedback_json(const store::FeedbackRecord& feedback) {
  return {{"id", feedback.id},
          {"wish", feedback.wish},
          {"wish_hash", feedback.wish_hash},
          {"session_recording_url",
           feedback.session_recording_url ? nlohmann::json(*feedback.session_recording_url) : nlohmann::json(nullptr)},
          {"user_name", feedback.user_name},
          {"user_email", feedback.user_email},
          {"network_id", feedback.network_id ? nlohmann::json(*feedback.network_id) : nlohmann::json(nullptr)},
          {"network_name", feedback.network_name},
          {"user_agent", feedback.user_agent},
          {"created_at", media::iso8601_utc_ms(feedback.created_ms)}};
}

http::Response list_feedback(ApiContext& context, const http::Request& request, const SessionContext& caller) {
  auto organization_id = caller_administering_org(context, caller, path_id(request, "orgId")).org->organization.id;
  auto limit = k_default_page;
  if (auto text = request.query_param("limit"); text && !text->empty())
    limit = std::min(parse_id(*text, "limit"), k_max_page);
  if (limit < 1)
    throw Error(Error::Kind::invalid_input, "limit must be at least 1");
  auto before = query_id(request, "before_id");
  auto page = context.database.feedback_of_organization(organization_id, before, limit + 1);
  bool has_more = static_cast<std::int64_t>(page.size()) > limit;
  if (has_more)
    page.pop_back();
  auto items = nlohmann::json::array();
  for (const auto& feedback : page)
    items.push_back(feedback_json(feedback));
  auto response = http::Response::json({{"items", std::move(items)}, {"has_more", has_more}});
  response.add_header("Cache-Control", "no-cache");
  return response;
}

} // namespace

void register_feedback_routes(RouteRegistrar& routes, ApiContext& context) {
  (void)context;
  routes.add_session("POST", "/n/{networkId}/manage/support/wish", send_wish);
  routes.add_session("GET", "/api/v1/organizations/{orgId}/feedback", list_feedback);
}

} // namespace argus::api
