#include "media/fmp4_writer.hpp"

#include <functional>

namespace argus::media {
namespace {

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

// ISO 14496-1 descriptor: tag, then the size in 7-bit groups (high bit: more follow).
void write_descriptor_header(BoxWriter& w, std::uint8_t tag, std::size_t size) {
  w.u8(tag);
  int groups = 1;
  while (groups < 4 && (size >> (7 * groups)) != 0)
    ++groups;
  for (int group = groups - 1; group >= 0; --group)
    w.u8(static_cast<std::uint8_t>(((size >> (7 * group)) & 0x7f) | (group > 0 ? 0x80 : 0)));
}

std::size_t descriptor_size(std::size_t payload) {
  std::size_t length_bytes = 1;
  while (length_bytes < 4 && (payload >> (7 * length_bytes)) != 0)
    ++length_bytes;
  return 1 + length_bytes + payload;
}

// mp4a sample entry with its esds: ES_Descriptor(DecoderConfigDescriptor(DecoderSpecificInfo = the
// AudioSpecificConfig), SLConfigDescriptor) as ISO 14496-14 3.1.2 describes it.
void write_audio_sample_entry(BoxWriter& w, const AudioTrack& audio) {
  auto entry = w.begin("mp4a");
  w.zeros(6);
  w.u16(1); // data_reference_index
  w.zeros(8);
  w.u16(static_cast<std::uint16_t>(audio.channels));
  w.u16(16); // samplesize
  w.u32(0);  // pre_defined, reserved
  w.u32(audio.sample_rate <= 0xffff ? static_cast<std::uint32_t>(audio.sample_rate) << 16 : 0);
  auto esds = w.begin_full("esds", 0, 0);
  const auto& config = audio.audio_specific_config;
  auto specific_info = descriptor_size(config.size());
  auto decoder_config = descriptor_size(13 + specific_info);
  auto sl_config = descriptor_size(1);
  write_descriptor_header(w, 0x03, 3 + decoder_config + sl_config); // ES_Descriptor
  w.u16(static_cast<std::uint16_t>(k_audio_track_id));              // ES_ID
  w.u8(0);                                                          // no dependency, URL or OCR stream
  write_descriptor_header(w, 0x04, 13 + specific_info);             // DecoderConfigDescriptor
  w.u8(0x40);                                                       // objectTypeIndication: ISO 14496-3 audio
  w.u8(0x15);                                                       // streamType 5 (audio) << 2 | reserved 1
  w.u8(0);                                                          // bufferSizeDB (24 bits): unknown
  w.u16(0);
  w.u32(0);                                        // maxBitrate: unknown
  w.u32(0);                                        // avgBitrate: unknown (variable)
  write_descriptor_header(w, 0x05, config.size()); // DecoderSpecificInfo
  w.bytes(config);
  write_descriptor_header(w, 0x06, 1); // SLConfigDescriptor
  w.u8(0x02);                          // predefined: MP4
  w.end(esds);
  w.end(entry);
}

struct TrackHeader {
  std::uint32_t track_id = 0;
  std::uint32_t timescale = 0;
  bool audio = false;
  int width = 0; // video only
  int height = 0;
};

void write_trak(BoxWriter& w, const TrackHeader& track, const std::function<void(BoxWriter&)>& write_entry) {
  auto trak = w.begin("trak");
  auto tkhd = w.begin_full("tkhd", 0, 0x3); // enabled, in movie
  w.u32(0);
  w.u32(0);
  w.u32(track.track_id);
  w.u32(0);
  w.u32(0); // duration
  w.zeros(8);
  w.u16(0);                        // layer
  w.u16(0);                        // alternate group
  w.u16(track.audio ? 0x0100 : 0); // volume
  w.u16(0);
  write_matrix(w);
  w.u32(static_cast<std::uint32_t>(track.width) << 16);
  w.u32(static_cast<std::uint32_t>(track.height) << 16);
  w.end(tkhd);

  auto mdia = w.begin("mdia");
  auto mdhd = w.begin_full("mdhd", 0, 0);
  w.u32(0);
  w.u32(0);
  w.u32(track.timescale);
  w.u32(0);
  w.u16(0x55c4); // 'und'
  w.u16(0);
  w.end(mdhd);
  auto hdlr = w.begin_full("hdlr", 0, 0);
  w.u32(0);
  w.fourcc(track.audio ? "soun" : "vide");
  w.zeros(12);
  for (char c : std::string_view(track.audio ? "SoundHandler" : "VideoHandler"))
    w.u8(static_cast<std::uint8_t>(c));
  w.u8(0);
  w.end(hdlr);

  auto minf = w.begin("minf");
  if (track.audio) {
    auto smhd = w.begin_full("smhd", 0, 0);
    w.zeros(4); // balance, reserved
    w.end(smhd);
  } else {
    auto vmhd = w.begin_full("vmhd", 0, 1);
    w.zeros(8);
    w.end(vmhd);
  }
  auto dinf = w.begin("dinf");
  auto dref = w.begin_full("dref", 0, 0);
  w.u32(1);
  w.end(w.begin_full("url ", 0, 1)); // media data in the same file
  w.end(dref);
  w.end(dinf);
  auto stbl = w.begin("stbl");
  auto stsd = w.begin_full("stsd", 0, 0);
  w.u32(1);
  write_entry(w);
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
}

void write_trex(BoxWriter& w, std::uint32_t track_id) {
  auto trex = w.begin_full("trex", 0, 0);
  w.u32(track_id);
  w.u32(1); // default_sample_description_index
  w.u32(0);
  w.u32(0);
  w.u32(0); // default sample flags: sync samples (audio; video trafs give their own)
  w.end(trex);
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
  w.u32((info.audio ? k_audio_track_id : k_video_track_id) + 1); // next_track_ID
  w.end(mvhd);

  write_trak(w, {k_video_track_id, static_cast<std::uint32_t>(k_timescale), false, info.width, info.height},
             [&](BoxWriter& entry) { write_sample_entry(entry, info); });
  if (info.audio) {
    write_trak(w, {k_audio_track_id, static_cast<std::uint32_t>(info.audio->sample_rate), true},
               [&](BoxWriter& entry) { write_audio_sample_entry(entry, *info.audio); });
  }

  auto mvex = w.begin("mvex");
  write_trex(w, k_video_track_id);
  if (info.audio)
    write_trex(w, k_audio_track_id);
  w.end(mvex);
  w.end(moov);
  return out;
}

std::int64_t ticks_90k_to_timescale(std::int64_t ticks_90k, std::uint32_t timescale) {
  // Split so that UTC-sized timestamps times a 96 kHz rate do not overflow.
  auto seconds = ticks_90k / k_timescale;
  auto rest = ticks_90k % k_timescale;
  return seconds * timescale + (rest * timescale + k_timescale / 2) / k_timescale;
}

std::size_t append_fragment(std::vector<std::uint8_t>& out, std::uint32_t sequence,
                            std::span<const FragmentSample> samples) {
  return append_fragment(out, sequence, samples, AudioFragmentSamples{});
}

std::size_t append_fragment(std::vector<std::uint8_t>& out, std::uint32_t sequence,
                            std::span<const FragmentSample> samples, const AudioFragmentSamples& audio) {
  auto start = out.size();
  std::size_t payload = 0;
  for (const auto& s : samples)
    payload += s.data.size();
  for (const auto& s : audio.samples)
    payload += s.data.size();
  out.reserve(out.size() + fragment_head_capacity(samples.size(), audio.samples.size()) + payload);
  append_fragment_head(out, sequence, samples, audio);
  for (const auto& s : samples)
    out.insert(out.end(), s.data.begin(), s.data.end());
  for (const auto& s : audio.samples)
    out.insert(out.end(), s.data.begin(), s.data.end());
  return out.size() - start;
}

std::size_t fragment_head_capacity(std::size_t samples, std::size_t audio_samples) {
  return 160 + samples * 16 + audio_samples * 8;
}

std::size_t append_fragment_head(std::vector<std::uint8_t>& out, std::uint32_t sequence,
                                 std::span<const FragmentSample> samples, const AudioFragmentSamples& audio) {
  auto start = out.size();
  std::size_t payload = 0;
  for (const auto& s : samples)
    payload += s.data.size();
  std::size_t audio_payload = 0;
  for (const auto& s : audio.samples)
    audio_payload += s.data.size();
  BoxWriter w(out);

  auto moof = w.begin("moof");
  auto mfhd = w.begin_full("mfhd", 0, 0);
  w.u32(sequence);
  w.end(mfhd);
  auto traf = w.begin("traf");
  auto tfhd = w.begin_full("tfhd", 0, 0x020000); // default-base-is-moof
  w.u32(k_video_track_id);
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
  std::size_t audio_offset_at = 0;
  if (!audio.samples.empty()) {
    // The audio run in the track's timescale; its samples follow the video's in the mdat. Sync samples (trex).
    auto audio_traf = w.begin("traf");
    auto audio_tfhd = w.begin_full("tfhd", 0, 0x020000);
    w.u32(k_audio_track_id);
    w.end(audio_tfhd);
    auto audio_tfdt = w.begin_full("tfdt", 1, 0);
    w.u64(static_cast<std::uint64_t>(ticks_90k_to_timescale(audio.samples.front().dts_90k, audio.timescale)));
    w.end(audio_tfdt);
    auto audio_trun = w.begin_full("trun", 0, 0x000001 | 0x000100 | 0x000200); // data offset, duration, size
    w.u32(static_cast<std::uint32_t>(audio.samples.size()));
    audio_offset_at = w.size();
    w.u32(0);
    for (const auto& s : audio.samples) {
      w.u32(static_cast<std::uint32_t>(ticks_90k_to_timescale(s.duration_90k, audio.timescale)));
      w.u32(static_cast<std::uint32_t>(s.data.size()));
    }
    w.end(audio_trun);
    w.end(audio_traf);
  }
  w.end(moof);
  w.patch_u32(data_offset_at, static_cast<std::uint32_t>(out.size() - start + 8));
  if (audio_offset_at != 0)
    w.patch_u32(audio_offset_at, static_cast<std::uint32_t>(out.size() - start + 8 + payload));

  // The mdat header only: its size counts the payload the caller appends or sends after it.
  w.u32(static_cast<std::uint32_t>(8 + payload + audio_payload));
  w.fourcc("mdat");
  return out.size() - start;
}

} // namespace argus::media
