#pragma once
// Hands every stream event of the recorder to several StreamObservers in order (argusd: the live hub, then motion
// analytics). The list is fixed at construction; each observer must not block, as with a single one.
#include <initializer_list>
#include <vector>

#include "media/recorder.hpp"

namespace argus::media {

class StreamObserverFanout : public StreamObserver {
public:
  //! Null entries are skipped.
  StreamObserverFanout(std::initializer_list<StreamObserver*> observers);

  void on_stream_start(std::int64_t camera_id, const std::string& stream, const StreamInfo& info,
                       const std::vector<std::uint8_t>& init_segment) override;
  void on_packet(std::int64_t camera_id, const std::string& stream, const SharedPacket& packet) override;
  void on_part(std::int64_t camera_id, const std::string& stream, const Fragment& part) override;
  void on_fragment(std::int64_t camera_id, const std::string& stream, const Fragment& fragment) override;
  void on_stream_stop(std::int64_t camera_id, const std::string& stream, const StreamStatus& why) override;

private:
  std::vector<StreamObserver*> observers_;
};

} // namespace argus::media
