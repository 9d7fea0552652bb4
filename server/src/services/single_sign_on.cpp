#include "services/single_sign_on.hpp"

#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "services/token_codec.hpp"
#include "store/database.hpp"

namespace argus::services {
namespace {

constexpr std::int64_t k_session_memory_ms = 30LL * 24 * 3600 * 1000; // the longest session (remember me)

SingleSignOn::Failed failed(SingleSignOn::Failure failure, const std::string& detail) {
  return SingleSignOn::Failed(failure, detail);
}

} // namespace

SingleSignOn::SingleSignOn(store::Database& database, saml::ServiceProvider provider,
                           std::function<std::int64_t()> now_ms)
    : database_(database), provider_(std::move(provider)), now_ms_(std::move(now_ms)) {}

void SingleSignOn::add(std::unordered_map<std::string, Started>& pending, const std::string& relay_state,
                       Started started) {
  std::lock_guard lock(mutex_);
  drop_expired(now_ms_());
  if (pending.size() >= k_max_pending)
    throw Error(Error::Kind::rate_limited, "Too many single sign-ons are under way. Please try again in a minute.");
  pending.emplace(relay_state, std::move(started));
}

std::optional<SingleSignOn::Started> SingleSignOn::take(std::unordered_map<std::string, Started>& pending,
                                                        const std::string& relay_state) {
  std::lock_guard lock(mutex_);
  auto found = pending.find(relay_state);
  if (found == pending.end())
    return std::nullopt;
  auto started = std::move(found->second);
  pending.erase(found);
  if (started.expires_ms <= now_ms_())
    return std::nullopt;
  return started;
}

void SingleSignOn::drop_expired(std::int64_t now_ms) {
  std::erase_if(started_, [now_ms](const auto& entry) { return entry.second.expires_ms <= now_ms; });
  std::erase_if(signing_out_, [now_ms](const auto& entry) { return entry.second.expires_ms <= now_ms; });
  std::erase_if(accepted_assertions_, [now_ms](const auto& entry) { return entry.second <= now_ms; });
  std::erase_if(sessions_,
                [now_ms](const auto& entry) { return entry.second.started_ms + k_session_memory_ms <= now_ms; });
}

std::string SingleSignOn::start(std::string_view identifier, const std::string& return_to) {
  auto sso = database_.find_sso_by_identifier(identifier);
  if (!sso)
    throw Error(Error::Kind::not_found, "no organization has this SSO identifier");
  Started started{
      .organization_id = sso->organization_id, .return_to = return_to, .expires_ms = now_ms_() + k_request_lifetime_ms};
  // The RelayState is chosen first so that the request carries it; the request's ID is known once it is built.
  auto relay_state = random_token_base64url(32);
  auto request = provider_.sign_in_request(sso->idp_metadata, relay_state);
  started.request_id = request.request_id;
  add(started_, relay_state, std::move(started));
  return request.redirect_url;
}

SingleSignOn::Verified SingleSignOn::finish(const std::string& relay_state, const std::string& saml_response) {
  auto started = take(started_, relay_state);
  if (!started)
    throw failed(Failure::expired, "no single sign-on under way for this RelayState (unknown, used or late)");
  auto sso = database_.find_sso_of_organization(started->organization_id);
  if (!sso)
    throw failed(Failure::invalid, "the organization no longer has single sign-on");
  saml::VerifiedSignIn verified;
  try {
    verified = provider_.verify_response(sso->idp_metadata, saml_response, started->request_id, now_ms_());
  } catch (const saml::RefusedResponse& refused) {
    throw failed(refused.refusal() == saml::Refusal::expired ? Failure::expired : Failure::invalid, refused.what());
  } catch (const Error& error) {
    throw failed(Failure::invalid, error.what());
  }
  remember_assertion(verified.assertion_id, verified.valid_until_ms);
  return Verified{started->organization_id, verified.name_id, started->return_to, verified.session_dump};
}

void SingleSignOn::remember_assertion(const std::string& assertion_id, std::int64_t valid_until_ms) {
  std::lock_guard lock(mutex_);
  auto now = now_ms_();
  drop_expired(now);
  // Kept at least as long as a sign-in request lives, so that no copy of it can come back while it is still valid.
  auto until = std::max(valid_until_ms, now + k_request_lifetime_ms);
  if (!accepted_assertions_.emplace(assertion_id, until).second)
    throw failed(Failure::expired, "this assertion was used before (replay)");
}

void SingleSignOn::remember_session(const std::string& session_token, std::int64_t organization_id,
                                    std::string session_dump) {
  if (session_dump.empty())
    return;
  std::lock_guard lock(mutex_);
  sessions_[token_digest_hex(session_token)] = SsoSession{organization_id, std::move(session_dump), now_ms_()};
}

std::optional<std::string> SingleSignOn::sign_out_url(const std::string& session_token) {
  SsoSession session;
  {
    std::lock_guard lock(mutex_);
    auto found = sessions_.find(token_digest_hex(session_token));
    if (found == sessions_.end())
      return std::nullopt;
    session = std::move(found->second);
    sessions_.erase(found);
  }
  auto sso = database_.find_sso_of_organization(session.organization_id);
  if (!sso)
    return std::nullopt;
  auto relay_state = random_token_base64url(32);
  add(signing_out_, relay_state,
      Started{.organization_id = session.organization_id, .expires_ms = now_ms_() + k_request_lifetime_ms});
  try {
    return provider_.logout_request_url(sso->idp_metadata, session.session_dump, relay_state);
  } catch (const Error& error) {
    spdlog::warn("single sign-out of organization {} not sent: {}", session.organization_id, error.what());
    return std::nullopt;
  }
}

void SingleSignOn::finish_sign_out(const std::string& relay_state, const std::string& query) {
  auto started = take(signing_out_, relay_state);
  if (!started)
    throw failed(Failure::expired, "no single sign-out under way for this RelayState");
  auto sso = database_.find_sso_of_organization(started->organization_id);
  if (!sso)
    throw failed(Failure::invalid, "the organization no longer has single sign-on");
  try {
    provider_.verify_logout_response(sso->idp_metadata, query);
  } catch (const saml::RefusedResponse& refused) {
    throw failed(Failure::invalid, refused.what());
  }
}

} // namespace argus::services
