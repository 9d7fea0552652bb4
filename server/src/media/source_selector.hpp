#pragma once
// Which PacketSource records a camera URL: rtsp:// goes to our own reader (rtsp/rtsp_source.hpp), everything else —
// rtsps://, files, other URLs — to IngestSource (libavformat). A stream the own reader gives up on
// (rtsp::RtspUnsupportedStream: reordered frames, payload formats it does not take) is recorded through the fallback
// from then on, for the life of the process: at open() the same attempt continues with the fallback; during read()
// the session ends (stream_error) and the supervisor's next attempt uses the fallback. docs/design/recording.md
// "Connecting".
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace argus::media {

class PacketSource;

class SourceSelector {
public:
  using Factory = std::function<std::unique_ptr<PacketSource>(const std::string& url)>;

  //! own: the RTSP reader; fallback: the source for everything else.
  SourceSelector(Factory own, Factory fallback);

  //! A new source for `url` (called for every connection attempt).
  std::unique_ptr<PacketSource> make(const std::string& url);
  //! Whether `url` is recorded through the fallback (not rtsp://, or given up on).
  bool uses_fallback(const std::string& url) const;

private:
  class SelectingSource;
  struct Memory {
    std::mutex mutex;
    std::set<std::string> fallback_urls;
  };
  Factory own_;
  Factory fallback_;
  std::shared_ptr<Memory> memory_;
};

} // namespace argus::media
