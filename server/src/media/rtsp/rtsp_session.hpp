#pragma once
// One RTSP session with a camera, over TCP with interleaved RTP: connect, OPTIONS, DESCRIBE (following one redirect),
// track selection (track_selection.hpp), SETUP of the video and the AAC audio, PLAY; then keep-alives at half the
// session timeout, RTCP sent on the interleaved channels, TEARDOWN at the end. The read loop belongs to RtspSource,
// which reads the packets through reader() and hands responses it finds there to on_response().
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "media/rtsp/rtsp_url.hpp"
#include "media/rtsp/track_selection.hpp"

namespace argus::media::rtsp {

class InterleavedReader;
class RtspAuthenticator;
class RtspClient;
class RtspConnection;
struct RtspResponse;

class RtspSession {
public:
  using Clock = std::chrono::steady_clock;

  explicit RtspSession(RtspUrl url);
  ~RtspSession();

  //! Up to PLAY's answer, before the deadline. Throws SourceFailure (reasons as RtspClient::request says; a
  //! non-success answer is stream_error, a stream without H.264/H.265 video unsupported_video) or
  //! RtspUnsupportedStream.
  void start(Clock::time_point deadline);
  const TrackSelection& tracks() const { return tracks_; }
  //! Interleaved channel of the video's RTP (its RTCP: + 1), and of the audio's when it was set up.
  int video_channel() const { return video_channel_; }
  std::optional<int> audio_channel() const { return audio_channel_; }
  //! RTP times PLAY's RTP-Info gave for the video and audio tracks.
  std::optional<std::uint32_t> video_start_rtp() const { return video_start_rtp_; }
  std::optional<std::uint32_t> audio_start_rtp() const { return audio_start_rtp_; }

  InterleavedReader& reader() { return *reader_; }
  RtspConnection& connection() { return *connection_; }
  //! Sends a keep-alive (GET_PARAMETER when the server lists it, else OPTIONS) when it is due.
  void keep_alive(Clock::time_point now);
  Clock::time_point next_keep_alive() const { return next_keep_alive_; }
  //! Sends an interleaved packet (RTCP) on `channel`; false when the connection failed.
  bool send_interleaved(int channel, std::span<const std::uint8_t> packet);
  //! A response read while streaming (keep-alive answers): checked and otherwise ignored.
  void on_response(const RtspResponse& response);
  //! TEARDOWN without waiting for its answer (best effort), then closes the connection.
  void teardown();
  //! Makes every wait end promptly; any thread.
  void interrupt();

private:
  void connect_and_describe(Clock::time_point deadline, RtspResponse& describe);
  void set_up(Clock::time_point deadline);
  void play(Clock::time_point deadline);

  RtspUrl url_;               // the camera's, or where it redirected us (credentials kept)
  std::string request_url_;   // url_ without credentials
  std::string aggregate_url_; // PLAY, keep-alives and TEARDOWN go there
  std::unique_ptr<RtspConnection> connection_;
  std::unique_ptr<InterleavedReader> reader_;
  std::unique_ptr<RtspAuthenticator> authenticator_;
  std::unique_ptr<RtspClient> client_;
  TrackSelection tracks_;
  bool get_parameter_ = false;
  int video_channel_ = 0;
  std::optional<int> audio_channel_;
  std::optional<std::uint32_t> video_start_rtp_;
  std::optional<std::uint32_t> audio_start_rtp_;
  bool playing_ = false;
  Clock::time_point next_keep_alive_ = Clock::time_point::max();
};

} // namespace argus::media::rtsp
