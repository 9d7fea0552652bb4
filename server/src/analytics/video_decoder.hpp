#pragma once
// libavcodec decoding of one H.264/H.265 stream for analysis: single thread, non-reference frames skipped
// (AVDISCARD_NONREF: free when the stream has them, harmless when it has none), and on demand a frame's luma
// downscaled for the detector or a colour copy downscaled for a recap (swscale, contexts cached). FFmpeg stays
// inside video_decoder.cpp.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "analytics/picture.hpp"

namespace argus::media {
struct StreamInfo;
}

namespace argus::analytics {

class VideoDecoder {
public:
  //! Opens a decoder for the stream (its avcC/hvcC extradata). Throws Error(unavailable) when it cannot.
  explicit VideoDecoder(const media::StreamInfo& info);
  ~VideoDecoder();
  VideoDecoder(const VideoDecoder&) = delete;
  VideoDecoder& operator=(const VideoDecoder&) = delete;

  //! One decoded frame, valid during the on_frame call only.
  class Frame {
  public:
    std::int64_t dts_90k = 0; // of the access unit that produced it (wall-clock anchored)
    int width = 0;
    int height = 0;
    //! The luma plane scaled to width x height into out (8-bit gray, stride = width).
    void luma(int out_width, int out_height, std::vector<std::uint8_t>& out) const;
    //! A colour copy scaled to out_width (height keeps the aspect ratio; both even).
    Picture picture(int out_width) const;

  private:
    friend class VideoDecoder;
    const void* frame_ = nullptr; // AVFrame
    VideoDecoder* decoder_ = nullptr;
  };

  //! Decodes one access unit (4-byte length-prefixed NAL units) and calls on_frame for every frame it completes.
  //! Returns false when libavcodec reported an error (the decoder carries on with the next unit).
  bool decode(std::span<const std::uint8_t> unit, std::int64_t dts_90k,
              const std::function<void(const Frame&)>& on_frame);
  //! Drops buffered state, e.g. after input was lost (the next unit should be a keyframe).
  void flush();
  //! Frames produced so far.
  std::int64_t frames_decoded() const { return frames_decoded_; }

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::int64_t frames_decoded_ = 0;
};

} // namespace argus::analytics
