#include "mime_decoding.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "utf8_text.hpp"

namespace argus::democatcher {
namespace {

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 26;
  if (c >= '0' && c <= '9')
    return c - '0' + 52;
  if (c == '+')
    return 62;
  if (c == '/')
    return 63;
  return -1;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

// RFC 2047 "Q": quoted-printable where "_" is a space.
std::string decode_q(std::string_view text) {
  std::string spaced(text);
  std::replace(spaced.begin(), spaced.end(), '_', ' ');
  return decode_quoted_printable(spaced);
}

struct EncodedWord {
  std::string text; // decoded, UTF-8
  std::size_t length = 0;
};

// The encoded word "=?charset?B|Q?text?=" at value[at], or nullopt.
std::optional<EncodedWord> encoded_word_at(std::string_view value, std::size_t at) {
  if (value.substr(at, 2) != "=?")
    return std::nullopt;
  auto charset_end = value.find('?', at + 2);
  if (charset_end == std::string_view::npos || charset_end + 3 > value.size() || value[charset_end + 2] != '?')
    return std::nullopt;
  auto text_start = charset_end + 3;
  auto text_end = value.find("?=", text_start);
  if (text_end == std::string_view::npos)
    return std::nullopt;
  auto text = value.substr(text_start, text_end - text_start);
  if (text.find_first_of(" \t") != std::string_view::npos)
    return std::nullopt;
  auto charset = value.substr(at + 2, charset_end - at - 2);
  charset = charset.substr(0, charset.find('*')); // RFC 2231 language suffix
  char encoding = static_cast<char>(std::toupper(static_cast<unsigned char>(value[charset_end + 1])));
  if (encoding != 'B' && encoding != 'Q')
    return std::nullopt;
  auto bytes = encoding == 'B' ? decode_base64(text) : decode_q(text);
  return EncodedWord{charset_to_utf8(bytes, charset), text_end + 2 - at};
}

} // namespace

std::string decode_base64(std::string_view text) {
  std::string out;
  unsigned int bits = 0;
  int bit_count = 0;
  for (char c : text) {
    if (c == '=')
      break;
    int value = base64_value(c);
    if (value < 0)
      continue;
    bits = (bits << 6) | static_cast<unsigned int>(value);
    bit_count += 6;
    if (bit_count >= 8) {
      bit_count -= 8;
      out += static_cast<char>((bits >> bit_count) & 0xFF);
    }
  }
  return out;
}

std::string decode_quoted_printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '=') {
      out += text[i];
      continue;
    }
    if (text.substr(i + 1, 2) == "\r\n") {
      i += 2;
    } else if (text.substr(i + 1, 1) == "\n") {
      i += 1;
    } else if (i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      out += '=';
    }
  }
  return out;
}

std::string charset_to_utf8(std::string_view bytes, std::string_view charset) {
  auto name = lower(charset);
  if (name == "iso-8859-1" || name == "latin1" || name == "iso_8859-1" || name == "windows-1252")
    return latin1_to_utf8(bytes);
  return valid_utf8(bytes);
}

std::string decode_header_value(std::string_view value) {
  std::string out;
  std::size_t pending_space = 0; // whitespace after an encoded word: dropped when another encoded word follows
  bool after_word = false;
  for (std::size_t at = 0; at < value.size();) {
    if (auto word = encoded_word_at(value, at)) {
      if (!after_word)
        out.append(value.substr(at - pending_space, pending_space));
      out += word->text;
      at += word->length;
      after_word = true;
      pending_space = 0;
      continue;
    }
    if (value[at] == ' ' || value[at] == '\t') {
      ++pending_space;
      ++at;
      continue;
    }
    out.append(value.substr(at - pending_space, pending_space));
    pending_space = 0;
    after_word = false;
    out += value[at++];
  }
  out.append(value.substr(value.size() - pending_space, pending_space));
  return valid_utf8(out);
}

} // namespace argus::democatcher
