#pragma once
// Test helper: decodes access units the way a WebCodecs VideoDecoder configured from the frames transport would
// (libavcodec with the config's avcC/hvcC as extradata). Implemented in media_decode.cpp beside decode_media_file.
#include <string>
#include <vector>

#include "support/media_decode.hpp"

namespace argus::testing {

//! Decodes access units (AVCC/HVCC, decode order) with `extradata` (avcC/hvcC) as the decoder's configuration; codec
//! "h264" or "hevc". duration_s stays 0.
DecodeResult decode_access_units(const std::string& codec, const std::string& extradata,
                                 const std::vector<std::string>& access_units);

} // namespace argus::testing
