#pragma once
// One pre-encoded H.264 or H.265 clip held in memory as Annex-B access units (one per frame), ready to be pushed to an
// RTP payloader without any encoding. Loaded once from an mp4 made by scripts/prepare-footage.sh.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace argus::camsim {

enum class ClipCodec { h264, h265 };

struct ClipFrame {
  std::size_t offset_bytes = 0; // into FootageClip::data()
  std::size_t size_bytes = 0;
  bool keyframe = false;
  std::size_t first_vcl_offset_bytes = 0; // within the frame: where an SEI may be inserted (before the first slice)
};

class FootageClip {
public:
  //! Reads every video packet of the file (H.264 or H.265, no B-frames) and converts it to Annex-B with the parameter
  //! sets (SPS/PPS, and VPS for H.265) before each keyframe. Throws std::runtime_error with a readable message when the
  //! file is unusable.
  explicit FootageClip(const std::filesystem::path& path);

  const std::string& name() const { return name_; }
  ClipCodec codec() const { return codec_; }
  int width() const { return width_; }
  int height() const { return height_; }
  int fps_num() const { return fps_num_; }
  int fps_den() const { return fps_den_; }
  //! Duration of one frame: the clip is played at a constant frame rate.
  std::uint64_t frame_duration_ns() const { return frame_duration_ns_; }
  //! Longest distance between two keyframes, including the wrap from the last GOP to the first frame.
  std::uint64_t keyframe_interval_ns() const { return keyframe_interval_ns_; }
  const std::vector<ClipFrame>& frames() const { return frames_; }
  const std::uint8_t* data() const { return data_.data(); }
  //! Index of the keyframe at or before the given frame index.
  std::size_t keyframe_at_or_before(std::size_t frame_index) const;

private:
  std::string name_;
  ClipCodec codec_ = ClipCodec::h264;
  int width_ = 0;
  int height_ = 0;
  int fps_num_ = 0;
  int fps_den_ = 1;
  std::uint64_t frame_duration_ns_ = 0;
  std::uint64_t keyframe_interval_ns_ = 0;
  std::vector<ClipFrame> frames_;
  std::vector<std::uint8_t> data_;
};

} // namespace argus::camsim
