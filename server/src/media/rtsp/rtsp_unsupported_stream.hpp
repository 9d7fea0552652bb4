#pragma once
// Thrown by RtspSource for a stream it could record only wrongly: frames that may be reordered (B-frames: decode
// timestamps need libavformat's parser), H.265 with decoding-order numbers, H.264 interleaved packetization. The
// source selector (media/source_selector.hpp) then records the stream through IngestSource, from then on.
#include <string>

#include "media/stream_status.hpp"

namespace argus::media::rtsp {

class RtspUnsupportedStream : public SourceFailure {
public:
  explicit RtspUnsupportedStream(std::string message)
      : SourceFailure(OfflineReason::stream_error, std::move(message)) {}
};

} // namespace argus::media::rtsp
