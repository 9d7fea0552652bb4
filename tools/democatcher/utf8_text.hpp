#pragma once
// UTF-8 helpers for text that arrives from the network as bytes: everything democatcher keeps is valid UTF-8, so that
// it can always be written as JSON.
#include <cstddef>
#include <string>
#include <string_view>

namespace argus::democatcher {

//! The text with every byte that is not part of a well-formed UTF-8 sequence replaced by U+FFFD.
std::string valid_utf8(std::string_view bytes);
//! ISO-8859-1 bytes as UTF-8.
std::string latin1_to_utf8(std::string_view bytes);
//! The longest prefix of valid UTF-8 text that has at most max_bytes and ends on a character boundary.
std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes);
//! Number of code points (characters) in valid UTF-8 text.
std::size_t utf8_length(std::string_view text);

} // namespace argus::democatcher
