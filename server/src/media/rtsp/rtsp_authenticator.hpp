#pragma once
// RTSP authentication (RFC 2326 §D, RFC 2617): Basic, and Digest with MD5, with or without qop=auth. Takes the
// challenges of a 401 and then authorizes every request. Credentials never leave this class except inside the
// Authorization header.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace argus::media::rtsp {

class RtspAuthenticator {
public:
  RtspAuthenticator(std::optional<std::string> user, std::string password);

  bool has_credentials() const { return user_.has_value(); }
  //! Reads the WWW-Authenticate values of a 401 (Digest preferred over Basic); false when none can be answered (no
  //! credentials, another scheme, another algorithm).
  bool take_challenge(const std::vector<std::string>& www_authenticate);
  //! The Authorization header value for a request, empty before a challenge was taken.
  std::string authorization(std::string_view method, std::string_view uri);

private:
  enum class Scheme { none, basic, digest };
  std::optional<std::string> user_;
  std::string password_;
  Scheme scheme_ = Scheme::none;
  std::string realm_;
  std::string nonce_;
  std::string opaque_;
  bool qop_auth_ = false;
  std::uint32_t nonce_count_ = 0;
  std::string cnonce_;
};

//! The Digest "response" value (RFC 2617 §3.2.2.1, MD5): with qop "auth" (nc, cnonce used) or without qop.
std::string digest_response(std::string_view user, std::string_view realm, std::string_view password,
                            std::string_view method, std::string_view uri, std::string_view nonce, std::string_view qop,
                            std::string_view nonce_count, std::string_view cnonce);

//! Lower-case hex MD5 of `text`.
std::string md5_hex(std::string_view text);

//! Standard base64 with padding.
std::string encode_base64(std::string_view bytes);

} // namespace argus::media::rtsp
