#include "media/rtsp/session_description.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace argus::media::rtsp {
namespace {

constexpr std::size_t k_max_media = 32;

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

std::string upper(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
  return out;
}

std::optional<int> to_int(std::string_view text) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

// "a=rtpmap:96 H264/90000" → the media's encoding, when 96 is its payload type.
void parse_rtpmap(std::string_view value, SdpMedia& media) {
  auto space = value.find(' ');
  if (space == std::string_view::npos || to_int(value.substr(0, space)) != media.payload_type)
    return;
  auto format = trim(value.substr(space + 1));
  auto slash = format.find('/');
  media.encoding = upper(format.substr(0, slash));
  if (slash == std::string_view::npos)
    return;
  auto rate = format.substr(slash + 1);
  auto second = rate.find('/');
  media.clock_rate = to_int(rate.substr(0, second)).value_or(0);
  if (second != std::string_view::npos)
    media.channels = to_int(rate.substr(second + 1)).value_or(0);
}

// "a=fmtp:96 packetization-mode=1; sprop-parameter-sets=Z0IAH5WoFAFuQA==,aM48gA==".
void parse_fmtp(std::string_view value, SdpMedia& media) {
  auto space = value.find(' ');
  if (space == std::string_view::npos || to_int(value.substr(0, space)) != media.payload_type)
    return;
  auto rest = value.substr(space + 1);
  while (!rest.empty()) {
    auto semicolon = rest.find(';');
    auto item = trim(rest.substr(0, semicolon));
    rest = semicolon == std::string_view::npos ? std::string_view() : rest.substr(semicolon + 1);
    auto equals = item.find('=');
    if (item.empty() || equals == 0)
      continue;
    auto name = lower(trim(item.substr(0, equals)));
    media.fmtp[name] = equals == std::string_view::npos ? "" : std::string(trim(item.substr(equals + 1)));
  }
}

void apply_static_payload_type(SdpMedia& media) {
  struct Static {
    int type;
    const char* encoding;
    int rate;
  };
  static constexpr Static k_static[] = {{0, "PCMU", 8000}, {8, "PCMA", 8000}, {26, "JPEG", 90000}};
  for (const auto& s : k_static) {
    if (media.payload_type == s.type) {
      media.encoding = s.encoding;
      media.clock_rate = s.rate;
    }
  }
}

} // namespace

std::optional<std::string> SdpMedia::parameter(const std::string& name) const {
  auto it = fmtp.find(name);
  if (it == fmtp.end())
    return std::nullopt;
  return it->second;
}

SessionDescription parse_sdp(std::string_view text) {
  SessionDescription out;
  SdpMedia* media = nullptr;
  while (!text.empty()) {
    auto newline = text.find('\n');
    auto line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    if (line.size() < 2 || line[1] != '=')
      continue;
    auto value = line.substr(2);
    if (line[0] == 'm') {
      if (out.media.size() >= k_max_media) {
        media = nullptr;
        continue;
      }
      // m=<media> <port> <proto> <fmt> ...
      SdpMedia next;
      auto first_space = value.find(' ');
      next.type = lower(value.substr(0, first_space));
      std::size_t fields = 0, at = first_space;
      while (at != std::string_view::npos && fields < 3) {
        auto start = value.find_first_not_of(' ', at);
        if (start == std::string_view::npos)
          break;
        auto end = value.find(' ', start);
        if (++fields == 3)
          next.payload_type =
              to_int(value.substr(start, end == std::string_view::npos ? end : end - start)).value_or(-1);
        at = end;
      }
      apply_static_payload_type(next);
      out.media.push_back(std::move(next));
      media = &out.media.back();
      continue;
    }
    if (line[0] != 'a')
      continue;
    auto colon = value.find(':');
    auto attribute = value.substr(0, colon);
    auto argument = colon == std::string_view::npos ? std::string_view() : trim(value.substr(colon + 1));
    if (attribute == "control") {
      (media ? media->control : out.control) = std::string(argument);
    } else if (media && attribute == "rtpmap") {
      parse_rtpmap(argument, *media);
    } else if (media && attribute == "fmtp") {
      parse_fmtp(argument, *media);
    }
  }
  return out;
}

std::optional<std::vector<std::uint8_t>> decode_base64(std::string_view text) {
  std::vector<std::uint8_t> out;
  out.reserve(text.size() * 3 / 4);
  std::uint32_t bits = 0;
  int count = 0;
  bool padding = false;
  for (char c : text) {
    int value;
    if (c >= 'A' && c <= 'Z')
      value = c - 'A';
    else if (c >= 'a' && c <= 'z')
      value = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      value = c - '0' + 52;
    else if (c == '+')
      value = 62;
    else if (c == '/')
      value = 63;
    else if (c == '=') {
      padding = true;
      continue;
    } else if (std::isspace(static_cast<unsigned char>(c)))
      continue;
    else
      return std::nullopt;
    if (padding)
      return std::nullopt; // data after padding
    bits = (bits << 6) | static_cast<std::uint32_t>(value);
    if (++count == 4) {
      out.push_back(static_cast<std::uint8_t>(bits >> 16));
      out.push_back(static_cast<std::uint8_t>(bits >> 8));
      out.push_back(static_cast<std::uint8_t>(bits));
      bits = 0;
      count = 0;
    }
  }
  if (count == 1)
    return std::nullopt;
  if (count == 2) {
    out.push_back(static_cast<std::uint8_t>(bits >> 4));
  } else if (count == 3) {
    out.push_back(static_cast<std::uint8_t>(bits >> 10));
    out.push_back(static_cast<std::uint8_t>(bits >> 2));
  }
  return out;
}

std::optional<std::vector<std::uint8_t>> decode_hex(std::string_view text) {
  if (text.size() % 2 != 0)
    return std::nullopt;
  std::vector<std::uint8_t> out;
  out.reserve(text.size() / 2);
  for (std::size_t i = 0; i < text.size(); i += 2) {
    unsigned value = 0;
    auto [end, error] = std::from_chars(text.data() + i, text.data() + i + 2, value, 16);
    if (error != std::errc() || end != text.data() + i + 2)
      return std::nullopt;
    out.push_back(static_cast<std::uint8_t>(value));
  }
  return out;
}

} // namespace argus::media::rtsp
