#include "http/accept_encoding.hpp"

#include <optional>
#include <vector>

#include "http/header_text.hpp"

namespace argus::http {
namespace {

constexpr int k_full_quality = 1000; // q-values in thousandths: "q=0.5" is 500
// identity when the client names neither it nor "*": acceptable, but below any coding it asked for.
constexpr int k_implicit_identity_quality = 1;

struct Preference {
  std::string_view coding; // as written; compared case-insensitively
  int quality = k_full_quality;
};

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size())
    return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i]))
      return false;
  }
  return true;
}

// tchar of RFC 9110 §5.6.2.
bool is_token(std::string_view text) {
  if (text.empty())
    return false;
  for (char c : text) {
    bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum && std::string_view("!#$%&'*+-.^_`|~").find(c) == std::string_view::npos)
      return false;
  }
  return true;
}

// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), in thousandths.
std::optional<int> parse_quality(std::string_view text) {
  if (text.empty() || (text[0] != '0' && text[0] != '1'))
    return std::nullopt;
  int quality = (text[0] - '0') * k_full_quality;
  if (text.size() == 1)
    return quality;
  if (text[1] != '.' || text.size() > 5)
    return std::nullopt;
  int scale = k_full_quality / 10;
  for (char c : text.substr(2)) {
    if (c < '0' || c > '9')
      return std::nullopt;
    quality += (c - '0') * scale;
    scale /= 10;
  }
  return quality <= k_full_quality ? std::optional<int>(quality) : std::nullopt;
}

// One list element "coding *( OWS ';' OWS parameter )"; nullopt when malformed.
std::optional<Preference> parse_element(std::string_view element) {
  auto semicolon = element.find(';');
  Preference preference{trim_ows(element.substr(0, semicolon)), k_full_quality};
  if (!is_token(preference.coding))
    return std::nullopt;
  while (semicolon != std::string_view::npos) {
    element.remove_prefix(semicolon + 1);
    semicolon = element.find(';');
    auto parameter = trim_ows(element.substr(0, semicolon));
    auto equals = parameter.find('=');
    if (equals == std::string_view::npos)
      return std::nullopt;
    if (!iequals(trim_ows(parameter.substr(0, equals)), "q"))
      continue; // codings take no other parameters; tolerate them
    auto quality = parse_quality(trim_ows(parameter.substr(equals + 1)));
    if (!quality)
      return std::nullopt;
    preference.quality = *quality;
  }
  return preference;
}

std::vector<Preference> parse_accept_encoding(std::string_view header) {
  std::vector<Preference> preferences;
  std::size_t start = 0;
  while (start <= header.size()) {
    auto comma = header.find(',', start);
    if (comma == std::string_view::npos)
      comma = header.size();
    auto element = trim_ows(header.substr(start, comma - start));
    if (!element.empty()) {
      if (auto preference = parse_element(element))
        preferences.push_back(*preference);
    }
    start = comma + 1;
  }
  return preferences;
}

bool names(const Preference& preference, ContentCoding coding) {
  switch (coding) {
  case ContentCoding::identity:
    return iequals(preference.coding, "identity");
  case ContentCoding::gzip:
    return iequals(preference.coding, "gzip") || iequals(preference.coding, "x-gzip");
  case ContentCoding::br:
    return iequals(preference.coding, "br");
  }
  return false;
}

// The quality the client gives a coding: its own entry first, then "*"; identity is acceptable unless refused.
int quality_of(const std::vector<Preference>& preferences, ContentCoding coding) {
  std::optional<int> wildcard;
  for (const auto& preference : preferences) {
    if (names(preference, coding))
      return preference.quality;
    if (preference.coding == "*" && !wildcard)
      wildcard = preference.quality;
  }
  if (wildcard)
    return *wildcard;
  return coding == ContentCoding::identity ? k_implicit_identity_quality : 0;
}

} // namespace

std::string_view content_coding_token(ContentCoding coding) {
  switch (coding) {
  case ContentCoding::identity:
    return "";
  case ContentCoding::gzip:
    return "gzip";
  case ContentCoding::br:
    return "br";
  }
  return "";
}

ContentCoding choose_content_coding(std::string_view accept_encoding, std::span<const ContentCoding> available) {
  auto preferences = parse_accept_encoding(accept_encoding);
  if (preferences.empty())
    return ContentCoding::identity;
  ContentCoding best = ContentCoding::identity;
  int best_quality = 0;
  auto consider = [&](ContentCoding coding) {
    int quality = quality_of(preferences, coding);
    if (quality > best_quality) {
      best = coding;
      best_quality = quality;
    }
  };
  for (auto coding : available)
    consider(coding);
  consider(ContentCoding::identity);
  return best;
}

} // namespace argus::http
