#include "media/stream_observer_fanout.hpp"

namespace argus::media {

StreamObserverFanout::StreamObserverFanout(std::initializer_list<StreamObserver*> observers) {
  for (auto* observer : observers) {
    if (observer)
      observers_.push_back(observer);
  }
}

void StreamObserverFanout::on_stream_start(std::int64_t camera_id, const std::string& stream, const StreamInfo& info,
                                           const std::vector<std::uint8_t>& init_segment) {
  for (auto* observer : observers_)
    observer->on_stream_start(camera_id, stream, info, init_segment);
}

void StreamObserverFanout::on_packet(std::int64_t camera_id, const std::string& stream, const SharedPacket& packet) {
  for (auto* observer : observers_)
    observer->on_packet(camera_id, stream, packet);
}

void StreamObserverFanout::on_part(std::int64_t camera_id, const std::string& stream, const Fragment& part) {
  for (auto* observer : observers_)
    observer->on_part(camera_id, stream, part);
}

void StreamObserverFanout::on_fragment(std::int64_t camera_id, const std::string& stream, const Fragment& fragment) {
  for (auto* observer : observers_)
    observer->on_fragment(camera_id, stream, fragment);
}

void StreamObserverFanout::on_stream_stop(std::int64_t camera_id, const std::string& stream,
                                          const StreamStatus& why) {
  for (auto* observer : observers_)
    observer->on_stream_stop(camera_id, stream, why);
}

} // namespace argus::media
