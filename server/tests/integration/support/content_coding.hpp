#pragma once
// Brotli and gzip in both directions for tests of the static files' content codings (libbrotli, zlib).
#include <string>

namespace argus::testing {

//! Brotli at the build's quality (11).
std::string brotli_compress(const std::string& data);
//! The decoded bytes; throws std::runtime_error when data is not a complete Brotli stream.
std::string brotli_decompress(const std::string& data);
//! A gzip member (RFC 1952) at level 9.
std::string gzip_compress(const std::string& data);
//! The decoded bytes; throws std::runtime_error when data is not a complete gzip member.
std::string gzip_decompress(const std::string& data);

} // namespace argus::testing
