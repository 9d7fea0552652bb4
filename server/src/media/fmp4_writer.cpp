#include "media/fmp4_writer.hpp"

namespace argus::media {
namespace {

constexpr std::uint32_t k_track_id = 1;
constexpr std::uint32_t k_sync_sample_flags = 0x02000000;     // sample_depends_on = 2 (independent)
constexpr std::uint32_t k_non_sync_sample_flags = 0x01010000; // depends_on = 1, is_non_sync_sample

void write_matrix(BoxWriter& w) {
  for (std::uint32_t v : {0x00010000u, 0u, 0u, 0u, 0x00010000u, 0u, 0u, 0u, 0x40000000u})
    w.u32(v);
}

void write_sample_entry(BoxWriter& w, const StreamInfo& info) {
  bool h264 = info.codec == VideoCodec::h264;
  auto entry = w.begin(h264 ? "avc1" : "hvc1");
  w.zeros(6);
  w.u16(1); // data_reference_index
  w.zeros(16);
  w.u16(static_cast<std::uint16_t>(info.width));
  w.u16(static_cast<std::uint16_t>(info.height));
  w.u32(0x00480000); // 72 dpi
  w.u32(0x00480000);
  w.u32(0);
  w.u16(1); // frame_count
  w.zeros(32); // compressorname
  w.u16(0x0018);
  w.u16(0xffff);
  auto config = w.begin(h264 ? "avcC" : "hvcC");
  w.bytes(info.extradata);
  w.end(config);
  w.end(entry);
}

} // namespace

void BoxWriter::u16(std::uint16_t v) {
  out_.insert(out_.end(), {static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)});
}

void BoxWriter::u32(std::uint32_t v) {
  out_.insert(out_.end(), {static_cast<std::uint8_t>(v >> 24), static_cast<std::uint8_t>(v >> 16),
                           static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)});
}

void BoxWriter::u64(std::uint64_t v) {
  u32(static_cast<std::uint32_t>(v >> 32));
  u32(static_cast<std::uint32_t>(v));
}

void BoxWriter::fourcc(std::string_view code) {
  for (int i = 0; i < 4; ++i)
    out_.push_back(static_cast<std::uint8_t>(i < static_cast<int>(code.size()) ? code[i] : ' '));
}

std::size_t BoxWriter::begin(std::string_view type) {
  auto start = out_.size();
  u32(0);
  fourcc(type);
  return start;
}

std::size_t BoxWriter::begin_full(std::string_view type, std::uint8_t version, std::uint32_t flags) {
  auto start = begin(type);
  u32((std::uint32_t{version} << 24) | (flags & 0xffffff));
  return start;
}

void BoxWriter::end(std::size_t start) {
  patch_u32(start, static_cast<std::uint32_t>(out_.size() - start));
}

void BoxWriter::patch_u32(std::size_t offset, std::uint32_t v) {
  out_[offset] = static_cast<std::uint8_t>(v >> 24);
  out_[offset + 1] = static_cast<std::uint8_t>(v >> 16);
  out_[offset + 2] = static_cast<std::uint8_t>(v >> 8);
  out_[offset + 3] = static_cast<std::uint8_t>(v);
}

std::vector<std::uint8_t> build_init_segment(const StreamInfo& info) {
  std::vector<std::uint8_t> out;
  out.reserve(1024 + info.extradata.size());
  BoxWriter w(out);

  auto ftyp = w.begin("ftyp");
  w.fourcc("iso6");
  w.u32(0);
  for (auto brand : {"iso6", "iso5", "mp41", "dash"})
    w.fourcc(brand);
  w.fourcc(info.codec == VideoCodec::h264 ? "avc1" : "hvc1");
  w.end(ftyp);

  auto moov = w.begin("moov");
  auto mvhd = w.begin_full("mvhd", 0, 0);
  w.u32(0); // creation
  w.u32(0); // modification
  w.u32(static_cast<std::uint32_t>(k_timescale));
  w.u32(0); // duration: fragmented
  w.u32(0x00010000); // rate
  w.u16(0x0100);     // volume
  w.zeros(10);
  write_matrix(w);
  w.zeros(24);
  w.u32(k_track_id + 1); // next_track_ID
  w.end(mvhd);

  auto trak = w.begin("trak");
  auto tkhd = w.begin_full("tkhd", 0, 0x3); // enabled, in movie
  w.u32(0);
  w.u32(0);
  w.u32(k_track_id);
  w.u32(0);
  w.u32(0); // duration
  w.zeros(8);
  w.u16(0); // layer
  w.u16(0); // alternate group
  w.u16(0); // volume
  w.u16(0);
  write_matrix(w);
  w.u32(static_cast<std::uint32_t>(info.width) << 16);
  w.u32(static_cast<std::uint32_t>(info.height) << 16);
  w.end(tkhd);

  auto mdia = w.begin("mdia");
  auto mdhd = w.begin_full("mdhd", 0, 0);
  w.u32(0);
  w.u32(0);
  w.u32(static_cast<std::uint32_t>(k_timescale));
  w.u32(0);
  w.u16(0x55c4); // 'und'
  w.u16(0);
  w.end(mdhd);
  auto hdlr = w.begin_full("hdlr", 0, 0);
  w.u32(0);
  w.fourcc("vide");
  w.zeros(12);
  for (char c : std::string_view("VideoHandler"))
    w.u8(static_cast<std::uint8_t>(c));
  w.u8(0);
  w.end(hdlr);

  auto minf = w.begin("minf");
  auto vmhd = w.begin_full("vmhd", 0, 1);
  w.zeros(8);
  w.end(vmhd);
  auto dinf = w.begin("dinf");
  auto dref = w.begin_full("dref", 0, 0);
  w.u32(1);
  w.end(w.begin_full("url ", 0, 1)); // media data in the same file
  w.end(dref);
  w.end(dinf);
  auto stbl = w.begin("stbl");
  auto stsd = w.begin_full("stsd", 0, 0);
  w.u32(1);
  write_sample_entry(w, info);
  w.end(stsd);
  for (auto empty_table : {"stts", "stsc", "stco"}) {
    auto box = w.begin_full(empty_table, 0, 0);
    w.u32(0);
    w.end(box);
  }
  auto stsz = w.begin_full("stsz", 0, 0);
  w.u32(0);
  w.u32(0);
  w.end(stsz);
  w.end(stbl);
  w.end(minf);
  w.end(mdia);
  w.end(trak);

  auto mvex = w.begin("mvex");
  auto trex = w.begin_full("trex", 0, 0);
  w.u32(k_track_id);
  w.u32(1); // default_sample_description_index
  w.u32(0);
  w.u32(0);
  w.u32(0);
  w.end(trex);
  w.end(mvex);
  w.end(moov);
  return out;
}

std::size_t append_fragment(std::vector<std::uint8_t>& out, std::uint32_t sequence,
                            std::span<const FragmentSample> samples) {
  auto start = out.size();
  std::size_t payload = 0;
  for (const auto& s : samples)
    payload += s.data.size();
  out.reserve(out.size() + 128 + samples.size() * 16 + payload);
  BoxWriter w(out);

  auto moof = w.begin("moof");
  auto mfhd = w.begin_full("mfhd", 0, 0);
  w.u32(sequence);
  w.end(mfhd);
  auto traf = w.begin("traf");
  auto tfhd = w.begin_full("tfhd", 0, 0x020000); // default-base-is-moof
  w.u32(k_track_id);
  w.end(tfhd);
  auto tfdt = w.begin_full("tfdt", 1, 0);
  w.u64(static_cast<std::uint64_t>(samples.empty() ? 0 : samples.front().dts_90k));
  w.end(tfdt);
  // data offset, sample duration, size, flags, composition time offset (signed, version 1)
  auto trun = w.begin_full("trun", 1, 0x000001 | 0x000100 | 0x000200 | 0x000400 | 0x000800);
  w.u32(static_cast<std::uint32_t>(samples.size()));
  auto data_offset_at = w.size();
  w.u32(0);
  for (const auto& s : samples) {
    w.u32(static_cast<std::uint32_t>(s.duration_90k));
    w.u32(static_cast<std::uint32_t>(s.data.size()));
    w.u32(s.keyframe ? k_sync_sample_flags : k_non_sync_sample_flags);
    w.u32(static_cast<std::uint32_t>(s.cts_offset_90k));
  }
  w.end(trun);
  w.end(traf);
  w.end(moof);
  w.patch_u32(data_offset_at, static_cast<std::uint32_t>(out.size() - start + 8));

  auto mdat = w.begin("mdat");
  for (const auto& s : samples)
    w.bytes(s.data);
  w.end(mdat);
  return out.size() - start;
}

} // namespace argus::media
