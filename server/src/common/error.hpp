#pragma once
// One error type for the whole server. Library codes (SQLite, libsodium, AVERROR) become an Error::Kind at the
// boundary where they occur; the kind becomes an HTTP status in exactly one place (http_status_for below).
#include <cstdint>
#include <stdexcept>
#include <string>

namespace argus {

class Error : public std::runtime_error {
public:
  enum class Kind {
    invalid_input,
    unauthenticated,
    permission_denied,
    not_found,
    conflict,
    too_large,
    rate_limited,
    unavailable,
    misdirected,
    internal
  };

  Error(Kind kind, std::string message) : std::runtime_error(std::move(message)), kind_(kind) {}

  //! What went wrong, in terms a caller can act on.
  Kind kind() const { return kind_; }

private:
  Kind kind_;
};

//! A write that failed for lack of room (a full disk or database, a quota, a file size limit): kind unavailable, so
//! a call that must write answers 503 with "Storage full: <detail>" instead of a 500.
class StorageFullError : public Error {
public:
  explicit StorageFullError(const std::string& detail) : Error(Kind::unavailable, "Storage full: " + detail) {}
};

//! A network's content asked of a shard that does not serve it (kind misdirected: 421). The answer names the shard
//! that does ({"errors": [...], "shard_id": N}), so the portal moves its base path to /n{N} (spec 01 §4); no content of
//! the network is read or returned.
class MisdirectedError : public Error {
public:
  MisdirectedError(std::int64_t network_id, std::int64_t shard_id)
      : Error(Kind::misdirected,
              "Network " + std::to_string(network_id) + " is served by shard " + std::to_string(shard_id)),
        shard_id_(shard_id) {}

  //! The shard that serves the network.
  std::int64_t shard_id() const { return shard_id_; }

private:
  std::int64_t shard_id_;
};

//! True for the errno values that mean "no room to write": ENOSPC, EDQUOT, EFBIG.
bool is_no_space_errno(int error_number);

//! The single mapping from error kind to HTTP status code.
int http_status_for(Error::Kind kind);

//! A stable lower-case name of the kind ("not_found"), for logs.
const char* kind_name(Error::Kind kind);

} // namespace argus
