#pragma once
// The sign-in captcha (spec 01 §2 "a captcha appears after a captcha-mode response and is reset when it expires";
// docs/design/sessions.md "Captcha"): a self-hosted proof of work, no third-party service. A challenge is a SHA-256
// digest of a salt and a secret number below maxnumber; the browser finds the number by trying them (about a second
// on a laptop), a bot pays the same CPU for every attempt. argusd keeps no state per challenge: the challenge is
// signed with an HMAC-SHA256 key made at start, and the salt carries its expiry. A solution is accepted once.
//
// Wire format (the portal sends it base64-encoded JSON as mki_captcha_provider_response, with
// mki_captcha_provider_id "argus-pow"): {"algorithm": "SHA-256", "challenge": hex, "number": n, "salt": text,
// "signature": hex}.
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "services/clock.hpp"

namespace argus::services {

class ProofOfWorkCaptcha {
public:
  static constexpr const char* k_provider_id = "argus-pow";
  static constexpr std::int64_t k_lifetime_ms = 5 * 60'000;

  struct Challenge {
    std::string algorithm = "SHA-256";
    std::string challenge; // hex SHA-256 of salt + number
    std::int64_t maxnumber = 0;
    std::string salt;      // random hex + "?expires=<unix s>"
    std::string signature; // hex HMAC-SHA256(key, challenge)
    std::int64_t expires_ms = 0;
  };

  //! maxnumber: the secret number is uniform in [0, maxnumber]; the cost of a solution grows with it.
  ProofOfWorkCaptcha(Clock now_ms, std::int64_t maxnumber = 100'000);

  //! A new challenge, valid k_lifetime_ms.
  Challenge issue();
  //! Whether the base64 JSON solution is right, signed by this server, unexpired and not used before (it is then
  //! used up). Malformed input is simply false.
  bool verify(std::string_view solution_base64);

  //! SHA-256 of salt + decimal number, lower-case hex (what the browser computes).
  static std::string digest_hex(std::string_view salt, std::int64_t number);

private:
  std::string signature_hex(std::string_view challenge) const;
  void forget_expired(std::int64_t now); // mutex_ held

  Clock now_ms_;
  std::int64_t maxnumber_;
  std::string key_; // 32 random bytes
  std::mutex mutex_;
  std::map<std::string, std::int64_t> used_; // challenge hex → expiry
};

} // namespace argus::services
