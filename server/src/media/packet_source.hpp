#pragma once
// What a camera supervisor pulls packets from: IngestSource (libavformat) in production, fakes in tests.
#include <optional>

#include "media/media_types.hpp"

namespace argus::media {

class PacketSource {
public:
  virtual ~PacketSource() = default;
  //! Connects and reads until the stream description is known. Throws argus::Error (unavailable, invalid_input).
  virtual void open() = 0;
  //! The stream description (valid after open()).
  virtual const StreamInfo& info() const = 0;
  //! Next packet, starting with a keyframe; nullopt at end of stream. Throws argus::Error on failure or timeout.
  virtual std::optional<EncodedPacket> read() = 0;
  //! Makes a blocked open()/read() fail promptly; callable from any thread.
  virtual void interrupt() = 0;
};

} // namespace argus::media
