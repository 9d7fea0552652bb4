#pragma once
// Feeds one clock camera stream's appsrc with raw I420 frames drawn live by a ClockPicture, paced in real time by a
// FramePacer. The capture time burned into a frame is CLOCK_REALTIME at the moment it is drawn, right before it goes
// to the encoder (x264enc in the same pipeline), as a real camera stamps a frame at capture. While `paused` is true
// (the camera hangs) nothing is drawn; afterwards the pacer skips ahead without a burst.
#include <cstdint>
#include <string>

#include "frame_pacer.hpp"
#include "media_feeder.hpp"

typedef struct _GstElement GstElement;

namespace argus::camsim {

class ClockPicture;

class ClockFeeder : public MediaFeeder {
public:
  //! The gst-rtsp-server launch description of a clock stream: appsrc "src" ! x264enc (zerolatency, ultrafast, no
  //! B-frames, a keyframe every 2 s, constrained baseline, SPS/PPS before every IDR) ! h264parse ! rtph264pay "pay0".
  //! The payloader must not insert SPS/PPS itself (config-interval=0): x264 cuts a frame into one slice per thread,
  //! and parameter sets inserted before each IDR slice split the frame in two for every depayloader.
  static std::string launch_description(int fps, int bitrate_kbps);

  //! Sets the appsrc's raw caps (I420 at the picture's size and fps) and takes a reference on it. The picture must
  //! outlive the feeder, and so must `paused` (read on the main loop).
  ClockFeeder(GstElement* appsrc, const ClockPicture& picture, int fps, const bool& paused);
  ~ClockFeeder() override;
  ClockFeeder(const ClockFeeder&) = delete;
  ClockFeeder& operator=(const ClockFeeder&) = delete;

  void tick() override;

private:
  void push(std::uint64_t pts_ns);

  GstElement* appsrc_;
  const ClockPicture& picture_;
  const bool& paused_;
  FramePacer pacer_;
  std::uint64_t next_frame_; // drives the motion and the sequence number in the code
};

} // namespace argus::camsim
