#include "media/fmp4_reader.hpp"

namespace argus::media {
namespace {

std::uint32_t be32(std::span<const std::uint8_t> d, std::size_t at) {
  return (std::uint32_t{d[at]} << 24) | (std::uint32_t{d[at + 1]} << 16) | (std::uint32_t{d[at + 2]} << 8) | d[at + 3];
}

std::uint64_t be64(std::span<const std::uint8_t> d, std::size_t at) {
  return (std::uint64_t{be32(d, at)} << 32) | be32(d, at + 4);
}

//! Finds the child box of the given type inside a container's payload.
std::optional<std::span<const std::uint8_t>> child(std::span<const std::uint8_t> payload, std::string_view type) {
  std::size_t at = 0;
  while (at < payload.size()) {
    auto header = read_box_header(payload.subspan(at));
    if (!header || at + header->size > payload.size())
      return std::nullopt;
    if (header->type == type)
      return payload.subspan(at + header->header_size, header->size - header->header_size);
    at += header->size;
  }
  return std::nullopt;
}

bool parse_moof(std::span<const std::uint8_t> moof, ParsedFragment& out) {
  auto mfhd = child(moof, "mfhd");
  auto traf = child(moof, "traf");
  if (!mfhd || mfhd->size() < 8 || !traf)
    return false;
  out.sequence = be32(*mfhd, 4);
  auto tfdt = child(*traf, "tfdt");
  auto trun = child(*traf, "trun");
  if (!tfdt || tfdt->size() < 8 || !trun || trun->size() < 8)
    return false;
  out.base_dts_90k = (*tfdt)[0] == 1 ? static_cast<std::int64_t>(be64(*tfdt, 4)) : be32(*tfdt, 4);
  std::uint32_t flags = be32(*trun, 0) & 0xffffff;
  std::uint32_t count = be32(*trun, 4);
  std::size_t at = 8;
  if (flags & 0x1)
    at += 4;
  std::uint32_t first_flags = 0;
  bool has_first_flags = flags & 0x4;
  if (has_first_flags) {
    if (at + 4 > trun->size())
      return false;
    first_flags = be32(*trun, at);
    at += 4;
  }
  std::size_t per_sample = 4 * (((flags >> 8) & 1) + ((flags >> 9) & 1) + ((flags >> 10) & 1) + ((flags >> 11) & 1));
  if (at + per_sample * count > trun->size())
    return false;
  for (std::uint32_t i = 0; i < count; ++i) {
    std::uint32_t sample_flags = first_flags;
    if (flags & 0x100) {
      out.sample_durations.push_back(be32(*trun, at));
      out.duration_90k += be32(*trun, at);
      at += 4;
    }
    if (flags & 0x200) {
      out.sample_sizes.push_back(be32(*trun, at));
      at += 4;
    }
    if (flags & 0x400) {
      sample_flags = be32(*trun, at);
      at += 4;
    }
    if (flags & 0x800)
      at += 4;
    if (i == 0)
      out.keyframe = (has_first_flags || (flags & 0x400)) && !(sample_flags & 0x00010000);
  }
  return true;
}

} // namespace

std::optional<BoxHeader> read_box_header(std::span<const std::uint8_t> data) {
  if (data.size() < 8)
    return std::nullopt;
  BoxHeader header;
  header.size = be32(data, 0);
  header.type.assign(reinterpret_cast<const char*>(data.data()) + 4, 4);
  if (header.size == 1) {
    if (data.size() < 16)
      return std::nullopt;
    header.size = be64(data, 8);
    header.header_size = 16;
  }
  if (header.size < header.header_size)
    return std::nullopt;
  return header;
}

std::vector<BoxHeader> read_boxes(std::span<const std::uint8_t> data) {
  std::vector<BoxHeader> out;
  std::uint64_t at = 0;
  while (auto header = read_box_header(data.subspan(at))) {
    if (at + header->size > data.size())
      break;
    at += header->size;
    out.push_back(std::move(*header));
  }
  return out;
}

std::vector<ParsedFragment> read_fragments(std::span<const std::uint8_t> data, std::uint64_t* valid_bytes) {
  std::vector<ParsedFragment> out;
  std::uint64_t at = 0;
  while (true) {
    auto moof = read_box_header(data.subspan(at));
    if (!moof || moof->type != "moof" || at + moof->size > data.size())
      break;
    auto mdat_at = at + moof->size;
    auto mdat = read_box_header(data.subspan(mdat_at));
    if (!mdat || mdat->type != "mdat" || mdat_at + mdat->size > data.size())
      break;
    ParsedFragment fragment;
    fragment.offset = at;
    fragment.size = moof->size + mdat->size;
    if (!parse_moof(data.subspan(at + moof->header_size, moof->size - moof->header_size), fragment))
      break;
    std::uint64_t payload = 0;
    for (auto size : fragment.sample_sizes)
      payload += size;
    if (payload != mdat->size - mdat->header_size)
      break;
    out.push_back(std::move(fragment));
    at += out.back().size;
  }
  if (valid_bytes)
    *valid_bytes = at;
  return out;
}

} // namespace argus::media
