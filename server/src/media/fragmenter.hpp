#pragma once
// Cuts a stream of encoded packets into fMP4 fragments without decoding: one fragment per GOP (keyframe-aligned,
// what the recorder appends to chunk files) and, when asked, parts of about part_target_90k (what LL-HLS serves
// while the GOP is still open). A GOP fragment and the parts that cover it carry the same samples (only the duration
// written for a part's last sample may differ: an estimate, see push()); the recorder uses the former, the live hub
// the latter plus the former for full segments. Neither copies the media: a fragment is a small head (moof + mdat
// header) and the shared packets of its samples (FragmentBytes). Audio packets (a stream with StreamInfo::audio) go
// into the next part/fragment cut after they arrive, as a second traf: each audio sample is in exactly one part and in
// the GOP fragment that covers that part (docs/design/recording.md "Audio").
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "media/fragment_bytes.hpp"
#include "media/media_types.hpp"

namespace argus::media {

//! Where the recorder wrote a GOP fragment: its chunk file and byte range (what history serving reads too).
struct RecordedFragment {
  std::shared_ptr<const std::filesystem::path> file; // absolute; shared by every fragment of the chunk
  std::uint64_t offset_bytes = 0;
  std::uint64_t size_bytes = 0;
};

struct Fragment {
  std::uint32_t sequence = 0;     // per kind (GOP fragments and parts count separately), from 1
  std::int64_t start_90k = 0;     // dts of the first sample (wall-clock anchored)
  std::int64_t duration_90k = 0;  // sum of the sample durations
  bool keyframe = false;          // the first sample is a keyframe (always true for GOP fragments after the first)
  bool clock_reset = false;       // a sample's timestamps were re-anchored (the source clock jumped): a new run
  std::uint32_t sample_count = 0; // video samples
  std::uint32_t audio_sample_count = 0;
  SharedFragmentBytes bytes; // moof + mdat: a head and the samples' shared packets (never null once emitted)
  //! Set by the recorder once the GOP fragment is in its chunk file (before observers see it); never for parts, nor
  //! when nothing was written (storage full, a failed write).
  std::optional<RecordedFragment> recorded;
};

struct FragmenterOptions {
  std::int64_t part_target_90k = 0;          // 0: no parts
  std::int64_t max_fragment_90k = 10 * 90000; // a GOP longer than this is cut anyway (keyframe=false on the rest)
  std::int64_t default_duration_90k = 3600;   // duration of a sample when nothing better is known (25 fps)
};

class Fragmenter {
public:
  using Handler = std::function<void(Fragment&&)>;

  //! on_fragment receives whole GOP fragments; on_part (optional) receives parts.
  Fragmenter(const StreamInfo& info, FragmenterOptions options, Handler on_fragment, Handler on_part = {});

  //! The init segment matching every fragment and part.
  const std::vector<std::uint8_t>& init_segment() const { return init_segment_; }
  //! Adds a packet (decode order, dts never decreasing). GOP fragments carry real durations (each from the next
  //! packet's dts), so a GOP is emitted when the next keyframe arrives. A part is emitted as soon as the packet that
  //! completes it arrives; its last sample's duration is then an estimate (the packet's own duration, else the
  //! previous real one) — the next part's tfdt is the real dts, so the timeline stays exact (docs/design/live.md).
  void push(SharedPacket packet);
  //! The same for a packet not yet shared (tests, tools).
  void push(EncodedPacket&& packet) { push(std::make_shared<const EncodedPacket>(std::move(packet))); }
  //! Emits whatever is pending (end of stream).
  void flush();

private:
  std::int64_t estimate_duration(const EncodedPacket& packet) const;
  //! The samples of gop_ from first_sample on and the audio samples [first_audio, end_audio) of gop_audio_ as one
  //! fragment (a part or the GOP).
  Fragment build_from(std::size_t first_sample, std::size_t first_audio, std::size_t end_audio,
                      std::uint32_t sequence) const;
  bool parts_enabled() const { return on_part_ && options_.part_target_90k > 0; }
  void emit_part();
  void emit_fragment();

  struct Sample {
    SharedPacket packet;
    std::int64_t duration_90k = 0; // an estimate for the newest sample until the next packet arrives
  };

  FragmenterOptions options_;
  Handler on_fragment_;
  Handler on_part_;
  std::vector<std::uint8_t> init_segment_;
  std::uint32_t audio_timescale_ = 0; // 0: the stream has no audio (audio packets are ignored)
  std::int64_t last_duration_90k_; // the newest real sample duration
  std::vector<Sample> gop_;        // cleared per GOP, its capacity kept: no regrowth per GOP
  std::int64_t gop_duration_90k_ = 0;
  std::size_t part_start_ = 0; // index in gop_ of the first sample not yet in a part
  std::int64_t part_duration_90k_ = 0;
  std::vector<SharedPacket> gop_audio_;  // audio not yet in a GOP fragment
  std::size_t part_audio_end_ = 0;       // gop_audio_ before this index is in a part already
  std::uint32_t fragment_sequence_ = 0;
  std::uint32_t part_sequence_ = 0;
};

} // namespace argus::media
