#include "common/error.hpp"

#include <cerrno>

namespace argus {

bool is_no_space_errno(int error_number) {
  return error_number == ENOSPC || error_number == EDQUOT || error_number == EFBIG;
}

int http_status_for(Error::Kind kind) {
  switch (kind) {
  case Error::Kind::invalid_input: return 400;
  case Error::Kind::unauthenticated: return 401;
  case Error::Kind::permission_denied: return 403;
  case Error::Kind::not_found: return 404;
  case Error::Kind::conflict: return 409;
  case Error::Kind::too_large: return 413;
  case Error::Kind::rate_limited: return 429;
  case Error::Kind::unavailable: return 503;
  case Error::Kind::misdirected: return 421;
  case Error::Kind::internal: return 500;
  }
  return 500;
}

const char* kind_name(Error::Kind kind) {
  switch (kind) {
  case Error::Kind::invalid_input: return "invalid_input";
  case Error::Kind::unauthenticated: return "unauthenticated";
  case Error::Kind::permission_denied: return "permission_denied";
  case Error::Kind::not_found: return "not_found";
  case Error::Kind::conflict: return "conflict";
  case Error::Kind::too_large: return "too_large";
  case Error::Kind::rate_limited: return "rate_limited";
  case Error::Kind::unavailable: return "unavailable";
  case Error::Kind::misdirected: return "misdirected";
  case Error::Kind::internal: return "internal";
  }
  return "internal";
}

} // namespace argus
