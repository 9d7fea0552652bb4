#pragma once
// A scriptable RTSP server on 127.0.0.1 (a FakeTcpServer) for the RTSP reader's tests: each connection runs a handler
// on its own thread with a Connection that reads requests (skipping the client's interleaved frames and counting RTCP),
// answers them and sends interleaved frames. serve_camera() plays a well-behaved camera around a CameraScript; hostile
// behaviour is written as handlers. Also: a clip packetized into RTP as a camera sends it (packetize, send_footage).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "media/media_types.hpp"
#include "support/fake_camera_servers.hpp"

namespace argus::testing {

struct RtspRequest {
  std::string method;
  std::string url;
  std::map<std::string, std::string> headers; // names lower case
  std::string header(const std::string& lower_name) const;
};

class RtspTestServer final : public FakeTcpServer {
public:
  class Connection {
  public:
    Connection(int fd, RtspTestServer& server) : fd_(fd), server_(server) {}
    //! The next request within the timeout (nullopt: the client left, the server stops, or nothing came).
    std::optional<RtspRequest> next_request(std::chrono::milliseconds timeout = std::chrono::seconds(5));
    //! Answers pending keep-alives (GET_PARAMETER, OPTIONS: 200) and notes TEARDOWN without blocking; false when the
    //! client left.
    bool service();
    void send(const std::string& bytes);
    void respond(const RtspRequest& request, int status,
                 const std::vector<std::pair<std::string, std::string>>& headers = {}, const std::string& body = {});
    void send_frame(int channel, const std::vector<std::uint8_t>& packet);
    bool stopping() const;
    bool closed() const { return closed_; }

  private:
    bool fill(std::chrono::milliseconds timeout);
    std::optional<RtspRequest> parse_buffered();

    int fd_;
    RtspTestServer& server_;
    std::string buffer_;
    bool closed_ = false;
  };
  using Handler = std::function<void(Connection&)>;

  explicit RtspTestServer(Handler handler) : FakeTcpServer(true), handler_(std::move(handler)) {}
  ~RtspTestServer() override { shut_down(); }
  //! rtsp://[userinfo@]127.0.0.1:PORT/path
  std::string url(const std::string& path = "/stream", const std::string& userinfo = "") const;
  //! Every request method received (all connections, in order), and the RTCP frames clients sent.
  std::vector<std::string> methods() const;
  int rtcp_frames() const { return rtcp_frames_; }
  //! The last request of that method.
  std::optional<RtspRequest> last(const std::string& method) const;

private:
  void serve(int fd) override;
  void note(const RtspRequest& request);

  Handler handler_;
  std::atomic<int> rtcp_frames_{0};
  mutable std::mutex mutex_;
  std::vector<RtspRequest> requests_;
};

//! An RTP packet (version 2, no CSRC, no extension) around `payload`.
std::vector<std::uint8_t> rtp_packet(int payload_type, bool marker, std::uint16_t sequence, std::uint32_t timestamp,
                                     std::uint32_t ssrc, std::span<const std::uint8_t> payload = {});

//! One frame of footage as RTP packets (marker on the last), with its timestamps.
struct RtpFrame {
  std::vector<std::vector<std::uint8_t>> packets;
  bool keyframe = false;
  bool audio = false;
  std::int64_t time_us = 0;       // presentation time in the file
  std::vector<std::uint8_t> data; // what the reader should deliver: length-prefixed NAL units, or the AAC frame
};

struct RtpFootage {
  std::string video_fmtp;           // "packetization-mode=1;sprop-parameter-sets=..." or sprop-vps/sps/pps
  std::string encoding;             // H264 / H265
  std::vector<std::uint8_t> config; // avcC/hvcC of the file
  int width = 0;
  int height = 0;
  std::string audio_fmtp; // mpeg4-generic fmtp (empty: no audio)
  int audio_rate = 0;
  std::int64_t duration_us = 0; // of the video, one frame interval included (a loop's length)
  std::vector<RtpFrame> frames; // video and audio in file order (decode order)
};

//! A clip (testing::clip) packetized into RTP (video payload type 96, audio 97; FU-A/FU beyond max_payload bytes).
RtpFootage packetize(const std::filesystem::path& clip, std::size_t max_payload = 1400);

struct CameraScript {
  std::string sdp_media; // from the first m= line on
  std::string session = "1A2B3C4D;timeout=60";
  std::optional<std::string> basic_credentials; // "user:pass": 401 unless the request carries them
  std::vector<std::pair<std::string, std::string>> play_headers;
  //! After PLAY: sends the stream (until it returns; the connection is then held open until the client leaves).
  std::function<void(RtspTestServer::Connection&)> stream;
};

//! A camera: OPTIONS, DESCRIBE, SETUP, PLAY (with the script's SDP and session), then script.stream, answering
//! keep-alives meanwhile.
void serve_camera(RtspTestServer::Connection& connection, const CameraScript& script);

//! Sends the footage's frames (video on channel 0, audio on 2) paced at `speed` × real time (0: as fast as possible),
//! at most max_frames of them, `loops` times over (sequence numbers and timestamps continue across loops).
void send_footage(RtspTestServer::Connection& connection, const RtpFootage& footage, double speed = 0,
                  std::size_t max_frames = SIZE_MAX, int loops = 1);

} // namespace argus::testing
