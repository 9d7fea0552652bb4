#pragma once
// Small text helpers of request input shared by handlers (feedback, global search, door events): trimming, counting
// UTF-8 characters and ASCII lower case for case-insensitive matching.
#include <algorithm>
#include <cctype>
#include <string>

namespace argus::api {

//! The text without leading and trailing spaces, tabs and line breaks.
inline std::string trimmed(const std::string& text) {
  auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos)
    return "";
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

//! Characters of UTF-8 text (bytes that do not continue a sequence).
inline std::size_t char_count(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

//! ASCII letters in lower case (other bytes unchanged).
inline std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

} // namespace argus::api
