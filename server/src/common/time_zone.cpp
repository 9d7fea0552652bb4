#include "common/time_zone.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>

namespace argus {
namespace {

constexpr std::size_t k_header_bytes = 44;
constexpr std::size_t k_max_file_bytes = 1 << 20;

bool is_safe_zone_name(std::string_view name) {
  if (name.empty() || name.size() > 64 || name.front() == '/')
    return false;
  char previous = '/';
  for (char c : name) {
    bool allowed = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
                   c == '-' || c == '+' || c == '/';
    if (!allowed && !(c == '.' && previous != '/')) // no "..", no hidden files
      return false;
    previous = c;
  }
  return name.back() != '/';
}

// Big-endian reads over the file's bytes, failing instead of reading past the end.
class Reader {
public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  bool has(std::size_t count) const { return offset_ <= bytes_.size() && bytes_.size() - offset_ >= count; }
  std::int64_t integer(std::size_t width) {
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < width; ++i)
      value = (value << 8) | static_cast<unsigned char>(bytes_[offset_ + i]);
    offset_ += width;
    if (width == 4)
      return static_cast<std::int32_t>(static_cast<std::uint32_t>(value));
    return static_cast<std::int64_t>(value);
  }
  void skip(std::size_t count) { offset_ += count; }
  std::size_t offset() const { return offset_; }

private:
  const std::string& bytes_;
  std::size_t offset_ = 0;
};

struct Counts {
  std::int64_t isut = 0, isstd = 0, leap = 0, time = 0, type = 0, chars = 0;
};

std::optional<Counts> read_header(Reader& reader, char& version) {
  if (!reader.has(k_header_bytes))
    return std::nullopt;
  std::string magic;
  for (int i = 0; i < 4; ++i)
    magic += static_cast<char>(reader.integer(1));
  if (magic != "TZif")
    return std::nullopt;
  version = static_cast<char>(reader.integer(1));
  reader.skip(15);
  Counts counts{reader.integer(4), reader.integer(4), reader.integer(4),
                reader.integer(4), reader.integer(4), reader.integer(4)};
  bool sane = counts.type >= 1 && counts.type <= 256 && counts.time >= 0 && counts.time <= 100000 &&
              counts.isut >= 0 && counts.isstd >= 0 && counts.leap >= 0 && counts.chars >= 0;
  return sane ? std::optional(counts) : std::nullopt;
}

std::size_t data_bytes(const Counts& counts, std::size_t time_width) {
  return counts.time * time_width + counts.time + counts.type * 6 + counts.chars +
         counts.leap * (time_width + 4) + counts.isstd + counts.isut;
}

} // namespace

TimeZone TimeZone::utc() {
  return TimeZone{};
}

std::optional<TimeZone> TimeZone::load(std::string_view name, const std::filesystem::path& zoneinfo) {
  if (name == "UTC" || name == "Etc/UTC")
    return utc();
  if (!is_safe_zone_name(name))
    return std::nullopt;
  std::ifstream in(zoneinfo / std::string(name), std::ios::binary);
  if (!in)
    return std::nullopt;
  std::string bytes;
  bytes.resize(k_max_file_bytes);
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(in.gcount()));

  Reader reader(bytes);
  char version = 0;
  auto counts = read_header(reader, version);
  std::size_t time_width = 4;
  if (counts && version >= '2') { // skip the 32-bit block; the 64-bit one follows with its own header
    if (!reader.has(data_bytes(*counts, 4)))
      return std::nullopt;
    reader.skip(data_bytes(*counts, 4));
    counts = read_header(reader, version);
    time_width = 8;
  }
  if (!counts || !reader.has(data_bytes(*counts, time_width)))
    return std::nullopt;

  TimeZone zone;
  std::vector<std::int64_t> times;
  for (std::int64_t i = 0; i < counts->time; ++i)
    times.push_back(reader.integer(time_width));
  std::vector<std::int64_t> type_of;
  for (std::int64_t i = 0; i < counts->time; ++i)
    type_of.push_back(reader.integer(1));
  std::vector<std::int32_t> type_offsets;
  for (std::int64_t i = 0; i < counts->type; ++i) {
    type_offsets.push_back(static_cast<std::int32_t>(reader.integer(4)));
    reader.skip(2); // isdst, designation index
  }
  if (!std::is_sorted(times.begin(), times.end()))
    return std::nullopt;
  for (auto type : type_of)
    if (type >= counts->type)
      return std::nullopt;
  zone.initial_offset_ = type_offsets.front();
  zone.transitions_ = std::move(times);
  for (auto type : type_of)
    zone.offsets_.push_back(type_offsets[static_cast<std::size_t>(type)]);
  return zone;
}

TimeZone TimeZone::load_or_utc(std::string_view name) {
  auto zone = load(name);
  return zone ? *zone : utc();
}

std::int64_t TimeZone::offset_seconds_at(std::int64_t utc_seconds) const {
  // Past the last transition the last offset holds: Debian's zoneinfo files list transitions to 2037.
  auto after = std::upper_bound(transitions_.begin(), transitions_.end(), utc_seconds);
  if (after == transitions_.begin())
    return initial_offset_;
  return offsets_[static_cast<std::size_t>(std::distance(transitions_.begin(), after) - 1)];
}

} // namespace argus
