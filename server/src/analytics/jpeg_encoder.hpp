#pragma once
// Encodes Pictures as baseline JPEG with libavcodec's mjpeg encoder, keeping the encoder open while the size stays the
// same (recaps of one stream all have one size). FFmpeg stays inside jpeg_encoder.cpp.
#include <memory>
#include <string>

#include "analytics/picture.hpp"

namespace argus::analytics {

class JpegEncoder {
public:
  //! quality: libavcodec qscale (2 best .. 31 worst).
  explicit JpegEncoder(int quality = 5);
  ~JpegEncoder();
  JpegEncoder(const JpegEncoder&) = delete;
  JpegEncoder& operator=(const JpegEncoder&) = delete;

  //! The JPEG bytes of a picture. Throws Error(internal) when encoding fails.
  std::string encode(const Picture& picture);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace argus::analytics
