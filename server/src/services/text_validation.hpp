#pragma once
// Free text from clients (names, notes, tags): trimmed, valid UTF-8, no control characters, within a length in code
// points. Pure (fuzz/fuzz_wall_requests.cpp runs it without the store).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace argus::services {

//! The text without leading and trailing spaces, tabs, CR and LF.
std::string_view trim_blanks(std::string_view text);
//! Code points of valid UTF-8, or nullopt for invalid UTF-8 or a control character.
std::optional<std::size_t> printable_length(std::string_view text);
//! 1..max code points after trimming, no control characters (min_length 0 allows ""); the trimmed text, or
//! Error(invalid_input) naming the field.
std::string validate_text(std::string_view field, std::string_view value, std::size_t max_length,
                          std::size_t min_length = 0);

} // namespace argus::services
