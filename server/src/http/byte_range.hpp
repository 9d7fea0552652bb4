#pragma once
// HTTP Range (RFC 9110 §14) for one file: parses "bytes=a-b", "bytes=a-" and "bytes=-n" against a size and builds
// the 200 / 206 / 416 answer around a Response::file region. Multi-range requests are answered with the whole file
// (allowed by the RFC: a server may ignore Range); any other malformed or unsatisfiable range is 416 with
// "Content-Range: bytes */size". Beast-free.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "http/response.hpp"

namespace argus::http {

struct ByteRange {
  enum class Kind { whole, partial, unsatisfiable };
  Kind kind = Kind::whole;
  std::uint64_t offset = 0; // partial: first byte
  std::uint64_t length = 0; // partial: byte count (>= 1)
};

//! The range a Range header value selects in a file of size bytes ("" = no header = whole).
ByteRange parse_byte_range(std::string_view header, std::uint64_t size);

//! The answer for the first size bytes of path under a Range header value: 200 (whole; streamed from the file when
//! size is the file's length and whole_file is true), 206 with Content-Range, or 416. Always sets Accept-Ranges.
Response file_range_response(const std::filesystem::path& path, std::uint64_t size, std::string_view range_header,
                             std::string content_type, bool whole_file = true);

} // namespace argus::http
