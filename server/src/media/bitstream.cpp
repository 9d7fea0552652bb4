#include "media/bitstream.hpp"

#include <cstdio>
#include <cstring>

namespace argus::media {
namespace {

void put_u16(std::vector<std::uint8_t>& out, std::size_t value) {
  out.push_back(static_cast<std::uint8_t>(value >> 8));
  out.push_back(static_cast<std::uint8_t>(value));
}

int h264_type(std::span<const std::uint8_t> nal) {
  return nal.empty() ? -1 : nal[0] & 0x1f;
}

int h265_type(std::span<const std::uint8_t> nal) {
  return nal.empty() ? -1 : (nal[0] >> 1) & 0x3f;
}

bool is_parameter_set(VideoCodec codec, std::span<const std::uint8_t> nal) {
  if (codec == VideoCodec::h264)
    return h264_type(nal) == 7 || h264_type(nal) == 8;
  return h265_type(nal) >= 32 && h265_type(nal) <= 34;
}

std::size_t read_u16(std::span<const std::uint8_t> d, std::size_t at) {
  return (std::size_t{d[at]} << 8) | d[at + 1];
}

//! Removes emulation-prevention bytes (00 00 03 → 00 00) from the first max_bytes of a NAL unit.
std::vector<std::uint8_t> unescape_rbsp(std::span<const std::uint8_t> nal, std::size_t max_bytes) {
  std::vector<std::uint8_t> out;
  int zeros = 0;
  for (std::size_t i = 0; i < nal.size() && out.size() < max_bytes; ++i) {
    if (zeros >= 2 && nal[i] == 3) {
      zeros = 0;
      continue;
    }
    zeros = nal[i] == 0 ? zeros + 1 : 0;
    out.push_back(nal[i]);
  }
  return out;
}

} // namespace

std::string StreamInfo::codec_string() const {
  return audio ? video_codec_string() + "," + audio->codec_string() : video_codec_string();
}

std::string StreamInfo::video_codec_string() const {
  char text[64];
  const auto& x = extradata;
  if (codec == VideoCodec::h264) {
    if (x.size() < 4)
      return "avc1.42e01e";
    std::snprintf(text, sizeof text, "avc1.%02x%02x%02x", x[1], x[2], x[3]);
    return text;
  }
  if (x.size() < 13)
    return "hvc1.1.6.L93.B0";
  static const char* k_spaces[] = {"", "A", "B", "C"};
  std::uint32_t compat = (std::uint32_t{x[2]} << 24) | (std::uint32_t{x[3]} << 16) | (std::uint32_t{x[4]} << 8) | x[5];
  std::uint32_t reversed = 0;
  for (int bit = 0; bit < 32; ++bit)
    reversed |= ((compat >> bit) & 1u) << (31 - bit);
  std::string out = "hvc1.";
  out += k_spaces[x[1] >> 6];
  out += std::to_string(x[1] & 0x1f);
  std::snprintf(text, sizeof text, ".%X.%c%d", reversed, (x[1] & 0x20) ? 'H' : 'L', x[12]);
  out += text;
  int last = 11;
  while (last >= 6 && x[last] == 0)
    --last;
  for (int i = 6; i <= last; ++i) {
    std::snprintf(text, sizeof text, ".%X", x[i]);
    out += text;
  }
  return out;
}

bool is_annex_b(std::span<const std::uint8_t> d) {
  return (d.size() >= 3 && d[0] == 0 && d[1] == 0 && d[2] == 1) ||
         (d.size() >= 4 && d[0] == 0 && d[1] == 0 && d[2] == 0 && d[3] == 1);
}

namespace {

// Offset of the next 00 00 01 at or after `from`, or d.size(). Ingest runs this over every byte it records: memchr
// skips to the 0x01 bytes (rare in compressed data) instead of comparing byte by byte.
std::size_t next_start_code(std::span<const std::uint8_t> d, std::size_t from) {
  while (from + 2 < d.size()) {
    const auto* one = static_cast<const std::uint8_t*>(std::memchr(d.data() + from + 2, 1, d.size() - from - 2));
    if (!one)
      return d.size();
    auto at = static_cast<std::size_t>(one - d.data());
    if (d[at - 1] == 0 && d[at - 2] == 0)
      return at - 2;
    from = at - 1;
  }
  return d.size();
}

// Calls on_nal with every NAL unit of an Annex-B buffer (without start codes; the zeros before a start code are not
// part of the unit before it, those at the very end are).
template <typename OnNal>
void for_each_nal(std::span<const std::uint8_t> d, OnNal on_nal) {
  for (auto at = next_start_code(d, 0); at < d.size();) {
    auto start = at + 3;
    auto next = next_start_code(d, start);
    if (next == d.size()) {
      if (start < d.size())
        on_nal(d.subspan(start));
      return;
    }
    auto end = next;
    while (end > start && d[end - 1] == 0)
      --end;
    on_nal(d.subspan(start, end - start));
    at = next;
  }
}

} // namespace

std::vector<std::span<const std::uint8_t>> split_annex_b(std::span<const std::uint8_t> d) {
  std::vector<std::span<const std::uint8_t>> nals;
  for_each_nal(d, [&](std::span<const std::uint8_t> nal) { nals.push_back(nal); });
  return nals;
}

std::vector<std::uint8_t> annex_b_to_length_prefixed(std::span<const std::uint8_t> data) {
  std::vector<std::uint8_t> out;
  out.reserve(data.size() + 16);
  for_each_nal(data, [&](std::span<const std::uint8_t> nal) {
    if (nal.empty())
      return;
    auto n = nal.size();
    out.insert(out.end(), {static_cast<std::uint8_t>(n >> 24), static_cast<std::uint8_t>(n >> 16),
                           static_cast<std::uint8_t>(n >> 8), static_cast<std::uint8_t>(n)});
    out.insert(out.end(), nal.begin(), nal.end());
  });
  return out;
}

std::vector<std::uint8_t> avcc_from_annex_b(std::span<const std::uint8_t> parameter_sets) {
  std::vector<std::span<const std::uint8_t>> sps, pps;
  for (auto nal : split_annex_b(parameter_sets)) {
    if (h264_type(nal) == 7 && nal.size() >= 4)
      sps.push_back(nal);
    else if (h264_type(nal) == 8)
      pps.push_back(nal);
  }
  if (sps.empty() || pps.empty())
    return {};
  std::vector<std::uint8_t> out{1, sps[0][1], sps[0][2], sps[0][3], 0xff, static_cast<std::uint8_t>(0xe0 | sps.size())};
  for (auto nal : sps) {
    put_u16(out, nal.size());
    out.insert(out.end(), nal.begin(), nal.end());
  }
  out.push_back(static_cast<std::uint8_t>(pps.size()));
  for (auto nal : pps) {
    put_u16(out, nal.size());
    out.insert(out.end(), nal.begin(), nal.end());
  }
  int profile = sps[0][1];
  if (profile == 100 || profile == 110 || profile == 122 || profile == 144) // High profiles carry chroma/bit depth
    out.insert(out.end(), {0xfd, 0xf8, 0xf8, 0});
  return out;
}

std::vector<std::uint8_t> hvcc_from_annex_b(std::span<const std::uint8_t> parameter_sets) {
  std::vector<std::span<const std::uint8_t>> by_type[3]; // VPS 32, SPS 33, PPS 34
  for (auto nal : split_annex_b(parameter_sets)) {
    int type = h265_type(nal);
    if (type >= 32 && type <= 34)
      by_type[type - 32].push_back(nal);
  }
  if (by_type[0].empty() || by_type[1].empty() || by_type[2].empty())
    return {};
  // SPS: 2-byte NAL header, 1 byte (vps id, max sub layers, nesting), then 12 bytes of general profile_tier_level.
  auto sps = unescape_rbsp(by_type[1][0], 15);
  if (sps.size() < 15)
    return {};
  std::vector<std::uint8_t> out{1};
  out.insert(out.end(), sps.begin() + 3, sps.begin() + 15);
  out.insert(out.end(), {0xf0, 0x00, 0xfc, 0xfd, 0xf8, 0xf8, 0x00, 0x00, 0x0f, 3});
  for (int i = 0; i < 3; ++i) {
    out.push_back(static_cast<std::uint8_t>(0x80 | (32 + i)));
    put_u16(out, by_type[i].size());
    for (auto nal : by_type[i]) {
      put_u16(out, nal.size());
      out.insert(out.end(), nal.begin(), nal.end());
    }
  }
  return out;
}

std::vector<std::span<const std::uint8_t>> split_length_prefixed(std::span<const std::uint8_t> d) {
  std::vector<std::span<const std::uint8_t>> nals;
  std::size_t i = 0;
  while (i + 4 <= d.size()) {
    std::size_t n = (std::size_t{d[i]} << 24) | (std::size_t{d[i + 1]} << 16) | (std::size_t{d[i + 2]} << 8) | d[i + 3];
    i += 4;
    if (n > d.size() - i)
      break;
    nals.push_back(d.subspan(i, n));
    i += n;
  }
  return nals;
}

std::vector<std::span<const std::uint8_t>>
parameter_sets_in_access_unit(VideoCodec codec, std::span<const std::uint8_t> length_prefixed) {
  std::vector<std::span<const std::uint8_t>> sets;
  for (auto nal : split_length_prefixed(length_prefixed)) {
    if (is_parameter_set(codec, nal))
      sets.push_back(nal);
  }
  return sets;
}

std::vector<std::uint8_t> config_from_access_unit(VideoCodec codec, std::span<const std::uint8_t> length_prefixed) {
  std::vector<std::uint8_t> annex_b;
  for (auto nal : parameter_sets_in_access_unit(codec, length_prefixed)) {
    annex_b.insert(annex_b.end(), {0, 0, 0, 1});
    annex_b.insert(annex_b.end(), nal.begin(), nal.end());
  }
  if (annex_b.empty())
    return {};
  return codec == VideoCodec::h264 ? avcc_from_annex_b(annex_b) : hvcc_from_annex_b(annex_b);
}

std::vector<std::span<const std::uint8_t>> parameter_sets_in_config(VideoCodec codec,
                                                                    std::span<const std::uint8_t> config) {
  std::vector<std::span<const std::uint8_t>> sets;
  // Reads `count` entries of (u16 length, NAL unit) at `at`; false when the record ends early.
  auto read_nals = [&](std::size_t& at, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      if (at + 2 > config.size() || read_u16(config, at) > config.size() - at - 2)
        return false;
      sets.push_back(config.subspan(at + 2, read_u16(config, at)));
      at += 2 + sets.back().size();
    }
    return true;
  };
  std::size_t at = 0;
  if (codec == VideoCodec::h264) {
    at = 6; // version, profile, compatibility, level, length size, SPS count
    if (config.size() < at || !read_nals(at, config[5] & 0x1f) || at >= config.size())
      return {};
    std::size_t pps_count = config[at++];
    return read_nals(at, pps_count) ? sets : decltype(sets){};
  }
  at = 23; // 22 bytes of profile, tier, level and format fields, then the number of arrays
  if (config.size() < at)
    return {};
  for (std::size_t array = 0; array < config[22]; ++array) {
    if (at + 3 > config.size())
      return {};
    std::size_t count = read_u16(config, at + 1);
    at += 3;
    if (!read_nals(at, count))
      return {};
  }
  return sets;
}

bool contains_keyframe(VideoCodec codec, std::span<const std::uint8_t> d) {
  std::size_t i = 0;
  while (i + 4 < d.size()) {
    std::size_t n = (std::size_t{d[i]} << 24) | (std::size_t{d[i + 1]} << 16) | (std::size_t{d[i + 2]} << 8) | d[i + 3];
    i += 4;
    if (n == 0 || i + n > d.size())
      return false;
    auto nal = d.subspan(i, n);
    if (codec == VideoCodec::h264 ? h264_type(nal) == 5 : (h265_type(nal) >= 16 && h265_type(nal) <= 23))
      return true;
    i += n;
  }
  return false;
}

} // namespace argus::media
