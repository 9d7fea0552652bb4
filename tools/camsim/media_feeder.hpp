#pragma once
// What RtspCameraServer attaches to a new pipeline: something that pushes the frames due by now into its appsrc,
// called from a timer on the GLib main loop (StreamFeeder: footage; ClockFeeder: frames drawn and encoded live).

namespace argus::camsim {

class MediaFeeder {
public:
  virtual ~MediaFeeder() = default;
  //! Pushes every frame that is due by now. Does nothing until the pipeline plays.
  virtual void tick() = 0;
};

} // namespace argus::camsim
