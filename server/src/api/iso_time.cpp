#include "api/iso_time.hpp"

#include <ctime>

namespace argus::api {
namespace {

bool digits(std::string_view text, std::size_t at, std::size_t count, int& value) {
  if (at + count > text.size())
    return false;
  value = 0;
  for (std::size_t i = at; i < at + count; ++i) {
    if (text[i] < '0' || text[i] > '9')
      return false;
    value = value * 10 + (text[i] - '0');
  }
  return true;
}

} // namespace

std::optional<std::int64_t> parse_iso8601_ms(std::string_view text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!digits(text, 0, 4, year) || text.size() < 20 || text[4] != '-' || !digits(text, 5, 2, month) ||
      text[7] != '-' || !digits(text, 8, 2, day) || (text[10] != 'T' && text[10] != 't') ||
      !digits(text, 11, 2, hour) || text[13] != ':' || !digits(text, 14, 2, minute) || text[16] != ':' ||
      !digits(text, 17, 2, second))
    return std::nullopt;
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return std::nullopt;
  std::size_t at = 19;
  std::int64_t millis = 0;
  if (at < text.size() && text[at] == '.') {
    ++at;
    int scale = 100;
    std::size_t start = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
      if (at - start < 3) {
        millis += (text[at] - '0') * scale;
        scale /= 10;
      }
      ++at;
    }
    if (at == start || at - start > 9)
      return std::nullopt;
  }
  std::int64_t offset_minutes = 0;
  if (at < text.size() && (text[at] == 'Z' || text[at] == 'z')) {
    ++at;
  } else if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
    int sign = text[at] == '-' ? -1 : 1;
    int zone_hours = 0, zone_minutes = 0;
    if (!digits(text, at + 1, 2, zone_hours) || at + 3 >= text.size() || text[at + 3] != ':' ||
        !digits(text, at + 4, 2, zone_minutes) || zone_hours > 23 || zone_minutes > 59)
      return std::nullopt;
    offset_minutes = sign * (zone_hours * 60 + zone_minutes);
    at += 6;
  } else {
    return std::nullopt;
  }
  if (at != text.size())
    return std::nullopt;
  std::tm fields{};
  fields.tm_year = year - 1900;
  fields.tm_mon = month - 1;
  fields.tm_mday = day;
  fields.tm_hour = hour;
  fields.tm_min = minute;
  fields.tm_sec = second;
  auto seconds = timegm(&fields);
  if (fields.tm_mday != day) // 2026-02-30 rolled over
    return std::nullopt;
  return (static_cast<std::int64_t>(seconds) - offset_minutes * 60) * 1000 + millis;
}

} // namespace argus::api
