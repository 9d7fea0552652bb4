#pragma once
// What a camera supervisor pulls packets from: rtsp::RtspSource or IngestSource (libavformat) in production, chosen by
// SourceSelector; fakes in tests.
#include <optional>

#include "media/media_types.hpp"
#include "media/stream_status.hpp"

namespace argus::media {

class PacketSource {
public:
  virtual ~PacketSource() = default;
  //! Connects and reads until the stream description is known. Throws SourceFailure saying why it failed (any other
  //! exception counts as stream_error).
  virtual void open() = 0;
  //! The stream description (valid after open()).
  virtual const StreamInfo& info() const = 0;
  //! Next packet, starting with a keyframe; nullopt at end of stream. Throws SourceFailure on failure or timeout.
  virtual std::optional<EncodedPacket> read() = 0;
  //! Makes a blocked open()/read() fail promptly; callable from any thread.
  virtual void interrupt() = 0;
};

} // namespace argus::media
