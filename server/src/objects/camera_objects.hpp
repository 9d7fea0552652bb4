#pragma once
// The object analysis of one camera: each frame with motion goes through the detector and the camera's tracker; a
// track's best sighting gives its thumbnail (JPEG crop), clothing or vehicle colours (none at night) and appearance
// embedding. Each frame yields the row the player draws from and the rows of the confirmed tracks it touched; ended
// tracks come back once more as finished. Run by one thread at a time.
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "detection/object_tracker.hpp"
#include "store/object_records.hpp"

namespace cv {
class Mat;
}

namespace argus::detection {
class Detector;
}

namespace argus::objects {

//! What one frame (or the end of a camera's tracks) produced for the store.
struct CameraObjectsOutput {
  std::optional<store::ObjectFrameRecord> frame; // when a confirmed object was in the frame
  std::vector<store::ObjectTrackRecord> tracks;  // confirmed tracks seen in this frame, as they are now
  std::vector<store::ObjectTrackRecord> finished; // tracks that ended (final rows)
  // Objects were detected and every one continued a track whose box barely moved since its previous sighting
  // (CameraObjectsOptions::still_fraction): nothing new and nothing moving, so detection may slow down.
  bool still = false;
};

struct CameraObjectsOptions {
  detection::ObjectTracker::Options tracker;
  int thumbnail_max_side = 192; // the JPEG crop's longer side at most (pixels)
  // A box whose centre moved less than this fraction of its diagonal since the previous sighting is still (a standing
  // person's box jitters by ~0.05 of it between frames).
  float still_fraction = 0.1f;
};

class CameraObjects {
public:
  //! Track ids continue after last_track_id (the highest stored for this camera).
  CameraObjects(std::int64_t camera_id, std::int64_t last_track_id, CameraObjectsOptions options = {});

  //! Detects in a BGR frame taken at ts_ms (frames in time order; older ones are ignored).
  CameraObjectsOutput process(std::int64_t ts_ms, const cv::Mat& bgr_frame, detection::Detector& detector);
  //! Ends every track (the camera went quiet or stops).
  CameraObjectsOutput finish_all();
  std::int64_t camera_id() const { return camera_id_; }
  std::size_t active_tracks() const { return tracker_.active_count(); }

private:
  // What is kept of a track's best sighting, and how many of its frames were night pictures.
  struct Extras {
    std::vector<std::uint8_t> thumbnail;
    std::vector<std::uint8_t> embedding;
    std::uint32_t top = 0, bottom = 0, vehicle = 0;
    int frames = 0, night_frames = 0;
  };
  void take_best_sighting(Extras& extras, const detection::Track& track, const cv::Mat& bgr_frame,
                          detection::Detector& detector, bool night);
  store::ObjectTrackRecord record_of(const detection::Track& track, const Extras& extras) const;
  void collect_finished(std::vector<detection::Track> ended, CameraObjectsOutput& out);

  std::int64_t camera_id_;
  CameraObjectsOptions options_;
  detection::ObjectTracker tracker_;
  std::map<std::int64_t, Extras> extras_;
  std::int64_t last_ts_ms_ = 0;
};

} // namespace argus::objects
