#pragma once
// Feeds one RTSP media's appsrc with a clip's access units in real time, looping forever. Timestamps are re-stamped
// at the clip's constant frame rate by a FramePacer, so they never jump back at the loop point. Streaming costs no
// encoding: frames are wrapped, not copied (keyframes are copied once to insert the timestamp SEI). While `paused` is
// true (the camera hangs) nothing is pushed; afterwards the timeline skips ahead like a real camera's clock, without a
// burst. When `wanted` points at another clip of the same footage (another size, same frame rate and GOPs), the feeder
// switches to it at the next keyframe: the appsrc caps get the new size and the keyframe carries its new parameter
// sets in-band, as a camera whose resolution is changed while streaming sends them.
#include <cstddef>
#include <cstdint>

#include "frame_pacer.hpp"
#include "media_feeder.hpp"

typedef struct _GstElement GstElement;

namespace argus::camsim {

class FootageClip;

class StreamFeeder : public MediaFeeder {
public:
  //! Takes a reference on appsrc. The clips, `wanted` and `paused` must outlive the feeder (read on the main loop).
  StreamFeeder(GstElement* appsrc, const FootageClip* const& wanted, bool timestamp_sei, const bool& paused);
  ~StreamFeeder() override;
  StreamFeeder(const StreamFeeder&) = delete;
  StreamFeeder& operator=(const StreamFeeder&) = delete;

  void tick() override;

private:
  void push(std::size_t frame_index, std::uint64_t pts_ns);
  //! Switches to the wanted clip when it changed and the next frame is a keyframe.
  void follow_wanted_clip();
  static void set_caps(GstElement* appsrc, const FootageClip& clip);

  GstElement* appsrc_;
  const FootageClip* const& wanted_;
  const FootageClip* clip_;
  bool timestamp_sei_;
  const bool& paused_;
  std::size_t next_frame_;
  FramePacer pacer_;
};

} // namespace argus::camsim
