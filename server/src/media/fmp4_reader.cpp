#include "media/fmp4_reader.hpp"

#include "media/media_types.hpp"

namespace argus::media {
namespace {

std::uint32_t be32(std::span<const std::uint8_t> d, std::size_t at) {
  return (std::uint32_t{d[at]} << 24) | (std::uint32_t{d[at + 1]} << 16) | (std::uint32_t{d[at + 2]} << 8) | d[at + 3];
}

std::uint64_t be64(std::span<const std::uint8_t> d, std::size_t at) {
  return (std::uint64_t{be32(d, at)} << 32) | be32(d, at + 4);
}

//! A box of `size` bytes at `at` lies inside `total` bytes. Never `at + size > total`: a 64-bit size near 2^64 wraps
//! that sum around (fuzz/crashes/*-fmp4-*-size-wrap.bin).
bool fits(std::uint64_t at, std::uint64_t size, std::uint64_t total) {
  return at <= total && size <= total - at;
}

//! Finds the child box of the given type inside a container's payload.
std::optional<std::span<const std::uint8_t>> child(std::span<const std::uint8_t> payload, std::string_view type) {
  std::size_t at = 0;
  while (at < payload.size()) {
    auto header = read_box_header(payload.subspan(at));
    if (!header || !fits(at, header->size, payload.size()))
      return std::nullopt;
    if (header->type == type)
      return payload.subspan(at + header->header_size, header->size - header->header_size);
    at += header->size;
  }
  return std::nullopt;
}

// One traf: its track, tfdt and trun (sample durations, sizes, the first sample's sync flag, the data offset).
bool parse_traf(std::span<const std::uint8_t> traf, ParsedTrackRun& out, bool& keyframe) {
  auto tfhd = child(traf, "tfhd");
  auto tfdt = child(traf, "tfdt");
  auto trun = child(traf, "trun");
  if (!tfhd || tfhd->size() < 8 || !tfdt || tfdt->size() < 8 || !trun || trun->size() < 8)
    return false;
  out.track_id = be32(*tfhd, 4);
  if ((*tfdt)[0] == 1 && tfdt->size() < 12)
    return false;
  out.base_dts = (*tfdt)[0] == 1 ? static_cast<std::int64_t>(be64(*tfdt, 4)) : be32(*tfdt, 4);
  std::uint32_t flags = be32(*trun, 0) & 0xffffff;
  std::uint32_t count = be32(*trun, 4);
  std::size_t at = 8;
  if (flags & 0x1) {
    if (at + 4 > trun->size())
      return false;
    out.data_offset = static_cast<std::int32_t>(be32(*trun, at));
    out.has_data_offset = true;
    at += 4;
  }
  std::uint32_t first_flags = 0;
  bool has_first_flags = flags & 0x4;
  if (has_first_flags) {
    if (at + 4 > trun->size())
      return false;
    first_flags = be32(*trun, at);
    at += 4;
  }
  std::size_t per_sample = 4 * (((flags >> 8) & 1) + ((flags >> 9) & 1) + ((flags >> 10) & 1) + ((flags >> 11) & 1));
  // Samples without fields of their own are not bounded by the box's size: the count alone is.
  if (count > k_max_samples_per_run || at + per_sample * count > trun->size())
    return false;
  if (per_sample == 0) {
    keyframe = count > 0 && has_first_flags && !(first_flags & 0x00010000);
    return true;
  }
  for (std::uint32_t i = 0; i < count; ++i) {
    std::uint32_t sample_flags = first_flags;
    if (flags & 0x100) {
      out.sample_durations.push_back(be32(*trun, at));
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
      keyframe = (has_first_flags || (flags & 0x400)) && !(sample_flags & 0x00010000);
  }
  return true;
}

// The moof's trafs: the video track's run fills the fragment's own fields, the others go to other_tracks.
bool parse_moof(std::span<const std::uint8_t> moof, ParsedFragment& out) {
  auto mfhd = child(moof, "mfhd");
  if (!mfhd || mfhd->size() < 8)
    return false;
  out.sequence = be32(*mfhd, 4);
  bool have_video = false;
  std::size_t at = 0;
  while (at < moof.size()) {
    auto header = read_box_header(moof.subspan(at));
    if (!header || !fits(at, header->size, moof.size()))
      return false;
    if (header->type == "traf") {
      ParsedTrackRun run;
      bool keyframe = false;
      if (!parse_traf(moof.subspan(at + header->header_size, header->size - header->header_size), run, keyframe))
        return false;
      if (run.track_id == k_video_track_id && !have_video) {
        have_video = true;
        out.base_dts_90k = run.base_dts;
        out.keyframe = keyframe;
        out.sample_sizes = std::move(run.sample_sizes);
        out.sample_durations = std::move(run.sample_durations);
        out.data_offset = run.data_offset;
        out.has_data_offset = run.has_data_offset;
        for (auto duration : out.sample_durations)
          out.duration_90k += duration;
      } else {
        out.other_tracks.push_back(std::move(run));
      }
    }
    at += header->size;
  }
  return have_video;
}

// Each run's data lies inside the mdat payload (payload_start..end, offsets from the moof), the runs fill it exactly.
bool runs_fit_mdat(const ParsedFragment& fragment, std::uint64_t payload_start, std::uint64_t payload_end) {
  std::uint64_t total = 0;
  auto fits = [&](bool has_offset, std::int64_t offset, const std::vector<std::uint32_t>& sizes) {
    std::uint64_t bytes = 0;
    for (auto size : sizes)
      bytes += size;
    total += bytes;
    if (!has_offset)
      return true;
    return offset >= 0 && static_cast<std::uint64_t>(offset) >= payload_start &&
           static_cast<std::uint64_t>(offset) + bytes <= payload_end;
  };
  if (!fits(fragment.has_data_offset, fragment.data_offset, fragment.sample_sizes))
    return false;
  for (const auto& run : fragment.other_tracks) {
    if (!fits(run.has_data_offset, run.data_offset, run.sample_sizes))
      return false;
  }
  return total == payload_end - payload_start;
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
    if (!fits(at, header->size, data.size()))
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
    if (!moof || moof->type != "moof" || !fits(at, moof->size, data.size()))
      break;
    auto mdat_at = at + moof->size;
    auto mdat = read_box_header(data.subspan(mdat_at));
    if (!mdat || mdat->type != "mdat" || !fits(mdat_at, mdat->size, data.size()))
      break;
    ParsedFragment fragment;
    fragment.offset = at;
    fragment.size = moof->size + mdat->size;
    if (!parse_moof(data.subspan(at + moof->header_size, moof->size - moof->header_size), fragment))
      break;
    auto payload_start = moof->size + mdat->header_size;
    if (!fragment.has_data_offset) {
      fragment.data_offset = static_cast<std::int64_t>(payload_start); // the first run starts the mdat payload
      fragment.has_data_offset = true;
    }
    if (!runs_fit_mdat(fragment, payload_start, moof->size + mdat->size))
      break;
    out.push_back(std::move(fragment));
    at += out.back().size;
  }
  if (valid_bytes)
    *valid_bytes = at;
  return out;
}

} // namespace argus::media
