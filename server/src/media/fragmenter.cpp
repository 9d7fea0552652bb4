#include "media/fragmenter.hpp"

#include "media/fmp4_writer.hpp"

namespace argus::media {
namespace {

Fragment build(std::uint32_t sequence, std::span<const FragmentSample> samples, const AudioFragmentSamples& audio,
               bool clock_reset, std::vector<SharedPacket> payload) {
  Fragment fragment;
  fragment.sequence = sequence;
  fragment.clock_reset = clock_reset;
  fragment.start_90k = samples.front().dts_90k;
  fragment.keyframe = samples.front().keyframe;
  fragment.sample_count = static_cast<std::uint32_t>(samples.size());
  fragment.audio_sample_count = static_cast<std::uint32_t>(audio.samples.size());
  for (const auto& s : samples)
    fragment.duration_90k += s.duration_90k;
  auto bytes = std::make_shared<FragmentBytes>();
  bytes->head.reserve(fragment_head_capacity(samples.size(), audio.samples.size()));
  append_fragment_head(bytes->head, sequence, samples, audio);
  bytes->samples = std::move(payload);
  fragment.bytes = std::move(bytes);
  return fragment;
}

} // namespace

Fragmenter::Fragmenter(const StreamInfo& info, FragmenterOptions options, Handler on_fragment, Handler on_part)
    : options_(options), on_fragment_(std::move(on_fragment)), on_part_(std::move(on_part)),
      init_segment_(build_init_segment(info)),
      audio_timescale_(info.audio ? static_cast<std::uint32_t>(info.audio->sample_rate) : 0),
      last_duration_90k_(options.default_duration_90k) {}

void Fragmenter::push(SharedPacket shared) {
  const auto& packet = *shared;
  if (packet.track == MediaTrack::audio) {
    if (audio_timescale_ > 0)
      gop_audio_.push_back(std::move(shared));
    return;
  }
  if (!gop_.empty()) {
    // The newest sample's real duration is now known: it replaces the estimate it was committed with (which the
    // live part that may already hold that sample keeps; the next part's tfdt is this packet's dts, exact anyway).
    auto& last = gop_.back();
    auto duration = packet.dts_90k - last.packet->dts_90k;
    if (duration <= 0 || duration > options_.max_fragment_90k)
      duration = estimate_duration(*last.packet);
    gop_duration_90k_ += duration - last.duration_90k;
    part_duration_90k_ += part_start_ < gop_.size() ? duration - last.duration_90k : 0;
    last.duration_90k = duration;
    last_duration_90k_ = duration;
    if (packet.keyframe || gop_duration_90k_ >= options_.max_fragment_90k) {
      emit_part();
      emit_fragment();
    }
  }
  auto duration = estimate_duration(packet);
  gop_.push_back({std::move(shared), duration});
  gop_duration_90k_ += duration;
  part_duration_90k_ += duration;
  // Live parts close on the frame that completes them (no wait for the next frame): its duration is an estimate.
  if (parts_enabled() && part_duration_90k_ >= options_.part_target_90k)
    emit_part();
}

void Fragmenter::flush() {
  emit_part();
  emit_fragment();
}

std::int64_t Fragmenter::estimate_duration(const EncodedPacket& packet) const {
  return packet.duration_90k > 0 ? packet.duration_90k : last_duration_90k_;
}

Fragment Fragmenter::build_from(std::size_t first_sample, std::size_t first_audio, std::size_t end_audio,
                                std::uint32_t sequence) const {
  std::vector<FragmentSample> samples;
  samples.reserve(gop_.size() - first_sample);
  std::vector<SharedPacket> payload;
  payload.reserve(gop_.size() - first_sample + end_audio - first_audio);
  bool clock_reset = false;
  for (auto i = first_sample; i < gop_.size(); ++i) {
    const auto& p = *gop_[i].packet;
    samples.push_back(
        {p.dts_90k, gop_[i].duration_90k, static_cast<std::int32_t>(p.pts_90k - p.dts_90k), p.keyframe, p.data});
    payload.push_back(gop_[i].packet);
    clock_reset = clock_reset || p.clock_reset;
  }
  std::vector<FragmentSample> audio;
  audio.reserve(end_audio - first_audio);
  for (auto i = first_audio; i < end_audio; ++i) {
    const auto& a = *gop_audio_[i];
    audio.push_back({a.dts_90k, a.duration_90k, 0, true, a.data});
    payload.push_back(gop_audio_[i]);
  }
  return build(sequence, samples, {audio_timescale_, audio}, clock_reset, std::move(payload));
}

void Fragmenter::emit_part() {
  if (!parts_enabled() || part_start_ >= gop_.size())
    return;
  on_part_(build_from(part_start_, part_audio_end_, gop_audio_.size(), ++part_sequence_));
  part_start_ = gop_.size();
  part_audio_end_ = gop_audio_.size();
  part_duration_90k_ = 0;
}

void Fragmenter::emit_fragment() {
  if (gop_.empty())
    return;
  // With parts, the GOP carries the audio its parts carried; audio that came after the last part goes with the next.
  auto audio_end = parts_enabled() ? part_audio_end_ : gop_audio_.size();
  on_fragment_(build_from(0, 0, audio_end, ++fragment_sequence_));
  gop_audio_.erase(gop_audio_.begin(), gop_audio_.begin() + static_cast<std::ptrdiff_t>(audio_end));
  part_audio_end_ = 0;
  gop_.clear();
  gop_duration_90k_ = 0;
  part_start_ = 0;
  part_duration_90k_ = 0;
}

} // namespace argus::media
