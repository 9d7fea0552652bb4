#pragma once
// ISO-BMFF (fragmented MP4) writing without FFmpeg: a box writer, the init segment (ftyp + moov with avc1/avcC or
// hvc1/hvcC and mvex/trex, timescale 90000; plus an mp4a/esds track when the camera has audio) and media fragments
// (moof + mdat, a traf per track, default-base-is-moof).
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "media/media_types.hpp"

namespace argus::media {

//! Appends big-endian fields and nested boxes to a byte vector; box sizes are patched when a box is closed.
class BoxWriter {
public:
  explicit BoxWriter(std::vector<std::uint8_t>& out) : out_(out) {}

  void u8(std::uint8_t v) { out_.push_back(v); }
  void u16(std::uint16_t v);
  void u32(std::uint32_t v);
  void u64(std::uint64_t v);
  void zeros(std::size_t n) { out_.insert(out_.end(), n, 0); }
  void bytes(std::span<const std::uint8_t> data) { out_.insert(out_.end(), data.begin(), data.end()); }
  void fourcc(std::string_view code);
  //! Opens a box (size patched by end()); returns its start offset.
  std::size_t begin(std::string_view type);
  //! Opens a full box with version and flags.
  std::size_t begin_full(std::string_view type, std::uint8_t version, std::uint32_t flags);
  //! Closes the box opened at start.
  void end(std::size_t start);
  //! Current size of the output.
  std::size_t size() const { return out_.size(); }
  //! Overwrites a big-endian u32 at offset.
  void patch_u32(std::size_t offset, std::uint32_t v);

private:
  std::vector<std::uint8_t>& out_;
};

//! One sample of a fragment. data is length-prefixed (AVCC/HVCC).
struct FragmentSample {
  std::int64_t dts_90k = 0;
  std::int64_t duration_90k = 0;
  std::int32_t cts_offset_90k = 0; // pts - dts
  bool keyframe = false;
  std::span<const std::uint8_t> data;
};

//! The audio samples of a fragment (dts and durations on the 90 kHz timeline, data raw AAC frames), written in the
//! audio track's timescale (its sample rate).
struct AudioFragmentSamples {
  std::uint32_t timescale = 0;
  std::span<const FragmentSample> samples;
};

//! The init segment: the video track (1), and with info.audio an audio track (2, mp4a/esds, timescale = rate).
std::vector<std::uint8_t> build_init_segment(const StreamInfo& info);
//! Appends moof(mfhd, traf(tfhd, tfdt, trun)) + mdat for the video samples (tfdt = first sample's dts); returns its
//! size.
std::size_t append_fragment(std::vector<std::uint8_t>& out, std::uint32_t sequence,
                            std::span<const FragmentSample> samples);
//! The same with a second traf for the audio samples when there are any (their data after the video's in the mdat).
std::size_t append_fragment(std::vector<std::uint8_t>& out, std::uint32_t sequence,
                            std::span<const FragmentSample> samples, const AudioFragmentSamples& audio);
//! Appends what append_fragment writes before the samples' bytes: moof and the mdat box header (whose size counts
//! the samples that follow). Head + every video sample's data + every audio sample's data = append_fragment's bytes.
std::size_t append_fragment_head(std::vector<std::uint8_t>& out, std::uint32_t sequence,
                                 std::span<const FragmentSample> samples, const AudioFragmentSamples& audio);
//! Bytes to reserve for a head of that many samples (enough for every head append_fragment_head writes).
std::size_t fragment_head_capacity(std::size_t samples, std::size_t audio_samples);
//! A 90 kHz timestamp in another timescale (rounded).
std::int64_t ticks_90k_to_timescale(std::int64_t ticks_90k, std::uint32_t timescale);

} // namespace argus::media
