#pragma once
// What api handlers need from the rest of the server: the services and the data directory. Built by Application.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>

#include "services/catalog.hpp"
#include "services/clock.hpp"
#include "store/recording_records.hpp"

namespace argus::store {
class Database;
}
namespace argus::services {
class CometdClients;
class CsrfService;
class ExportQueue;
class ShareLinks;
class SimilarityJobs;
class LoginThrottle;
class PasswordHasher;
class ReportLimiter;
class TelemetryWriter;
class SessionService;
class SignInCodes;
class Outbox;
class ProofOfWorkCaptcha;
class PasswordPolicy;
class TwoFactor;
class TwoFactorChallenges;
class OrgChoices;
class SingleSignOn;
class AccessLog;
class AccessControl;
} // namespace argus::services
namespace argus::media {
class LiveHub;
class SnapshotService;
} // namespace argus::media

namespace argus::objects {
class ObjectService;
}

namespace argus::api {

struct ApiContext {
  store::Database& database;
  services::Catalog& catalog;
  services::SessionService& sessions;
  services::CsrfService& csrf;
  services::LoginThrottle& throttle;
  const services::PasswordHasher& hasher;
  std::filesystem::path data_dir;
  media::LiveHub* live_hub = nullptr;          // live media (null: live endpoints answer offline)
  media::SnapshotService* snapshots = nullptr; // JPEG snapshots (null: offline)
  //! The export queue and the share-link keys (null: exports answer 503).
  services::ExportQueue* exports = nullptr;
  const services::ShareLinks* share_links = nullptr;
  //! One memory report per session per interval (client_telemetry_api.cpp); null: not limited (tests).
  services::ReportLimiter* memory_reports = nullptr;
  //! The portal's telemetry (motion search batches, memory reports) stored off the HTTP threads; null: stored at once
  //! (tests).
  services::TelemetryWriter* telemetry = nullptr;
  //! One motion search telemetry batch per session per interval (motion_telemetry_api.cpp); null: not limited.
  services::ReportLimiter* motion_telemetry_batches = nullptr;
  //! Longest consolidated motion event, s (--motion-max-event-s); unset: analytics::k_max_event_s (5 minutes).
  std::optional<std::int64_t> motion_max_event_s = std::nullopt;
  //! Object detection (null: none runs; tracks already stored are still searched).
  objects::ObjectService* objects = nullptr;
  //! Finished similarity search jobs kept for polling (null: similarity calls answer 503).
  services::SimilarityJobs* similarity_jobs = nullptr;
  //! The player's object-detections channel clients (null: /cometd answers 503).
  services::CometdClients* cometd = nullptr;
  //! Authenticator two-factor and the sign-ins waiting for it (null: sign-in is by password only, and the
  //! two-factor routes answer 503).
  services::TwoFactor* two_factor = nullptr;
  services::TwoFactorChallenges* two_factor_challenges = nullptr;
  //! Sign-ins waiting for the user to choose one of their organizations (null: a user of several organizations is
  //! signed in to the first, with no choice; unit tests that do not exercise the choice).
  services::OrgChoices* org_choices = nullptr;
  //! SAML single sign-on (null: /login/sso answers 503 and no session signs out at an identity provider).
  services::SingleSignOn* single_sign_on = nullptr;
  //! Sign-ins waiting for a code sent by e-mail or text message (null: users with a code setting cannot sign in, 503).
  services::SignInCodes* sign_in_codes = nullptr;
  //! Password rules (null: length and e-mail rules only, no common-password list).
  const services::PasswordPolicy* password_policy = nullptr;
  //! E-mail sent in the background: password-reset links (null: none is sent; the answer is the same).
  services::Outbox* mail_outbox = nullptr;
  //! The sign-in captcha (null: a throttled sign-in only waits).
  services::ProofOfWorkCaptcha* captcha = nullptr;
  //! The organizations' access logs (null: nothing is logged; unit tests that do not read them).
  services::AccessLog* access_log = nullptr;
  //! Door access control: partner webhooks and quick grant (null: the webhook answers 503 and quick grant 502).
  services::AccessControl* access_control = nullptr;
  //! One reset link per account per minute (null: not limited).
  services::ReportLimiter* reset_links = nullptr;
  //! This argusd's shard (--shard-id): it serves the content of the networks whose shard_id it is.
  std::int64_t shard_id = 1;
  //! The portal's address as users reach it, for links in e-mails (e.g. "https://argus.example.com").
  std::string public_url = "http://127.0.0.1:8080";
  //! The clock of password expiry and reset links (tests inject theirs).
  services::Clock now_ms = services::system_now_ms;
  //! Called after a camera's source was added, changed (its URLs) or removed (nullopt), and before a removed camera's
  //! recordings are deleted: the recorder starts, restarts or stops that camera. Null: no recorder (tests).
  std::function<void(std::int64_t camera_id, const std::optional<store::CameraSourceRecord>& source)>
      on_camera_source_changed = {};
};

//! The signed-in caller of a session route: session, user and current organization, resolved on the server.
struct SessionContext {
  std::string token;
  store::SessionRecord session;
  std::shared_ptr<const services::UserSnapshot> user;
  std::shared_ptr<const services::OrgSnapshot> org;
  const store::MembershipRecord* membership = nullptr; // in org; never null
  std::int64_t served_shard = 1;                       // this argusd's --shard-id (ApiContext::shard_id)
  store::Database* store = nullptr; // for what must be read now, not from the snapshot (a network's shard); may be null

  //! The caller's permissions in the current organization.
  const services::PermissionService& permissions() const { return user->permissions(org->organization.id); }
};

} // namespace argus::api
