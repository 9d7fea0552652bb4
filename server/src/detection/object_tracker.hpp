#pragma once
// Tracks of detected objects across the frames of one camera (SORT-like): each track's box is predicted by a
// constant-velocity Kalman filter per box coordinate (centre x, centre y, width, height), detections are matched to
// predictions by IoU (highest first, same object class only), unmatched detections start tentative tracks, and a
// track ends when it has not been seen for `max_gap_ms` — or for 2.5 frame intervals when frames come further apart
// than that (a busy detector gives a camera a frame every few seconds: a track seen in the last frame or missed in one
// goes on). Times are the frames' UTC milliseconds: detection runs at a varying rate (gated by motion and by the
// detector's share of the CPU), so the filters step by elapsed time, not by frame.
#include <cstdint>
#include <optional>
#include <vector>

#include "detection/detection.hpp"

namespace argus::detection {

struct TrackPoint {
  std::int64_t ts_ms = 0;
  BoxPx box;
  float confidence = 0;
};

struct Track {
  std::int64_t id = 0;
  ObjectClass object_class = ObjectClass::person;
  VehicleType vehicle_type = VehicleType::none; // of the best point
  std::vector<TrackPoint> points; // oldest first, at most Options::max_points (the oldest dropped first)
  std::size_t best_point = 0;     // the point worth a thumbnail: the most confident, larger boxes first on ties
  bool confirmed = false;         // seen in min_hits frames; tentative tracks that end are dropped, never reported

  std::int64_t first_ms() const { return points.front().ts_ms; }
  std::int64_t last_ms() const { return points.back().ts_ms; }
  //! Whether the box's centre travelled more than `fraction` of its mean diagonal (a standing person's box jitters
  //! by ~0.1 of it).
  bool moved(float fraction = 0.3f) const;
  //! Whether it has two points and its box's centre moved less than `fraction` of their mean diagonal between them.
  bool still_since_previous(float fraction) const;
};

class ObjectTracker {
public:
  struct Options {
    float min_iou = 0.2f;             // a detection joins a predicted track box overlapping at least this much
    int min_hits = 2;                 // frames before a track is confirmed
    std::int64_t max_gap_ms = 2'000;  // unseen for longer (and for 2.5 frame intervals): the track ends
    std::size_t max_points = 600;     // box history kept per track
  };

  //! Track ids start at first_track_id (the caller keeps them unique per camera across restarts).
  explicit ObjectTracker(std::int64_t first_track_id);
  ObjectTracker(std::int64_t first_track_id, Options options);

  //! Adds one frame's detections at ts_ms (not before the previous frame's; older frames are ignored); answers the
  //! track id of each detection, in order.
  std::vector<std::int64_t> update(std::int64_t ts_ms, const std::vector<Detection>& detections);
  //! Confirmed tracks unseen for longer than the allowed gap at now_ms (or all with `everything`), taken out of the
  //! tracker.
  std::vector<Track> take_finished(std::int64_t now_ms, bool everything = false);
  //! A track still followed (confirmed or not), or null.
  const Track* find(std::int64_t track_id) const;
  //! The tracks still followed, confirmed or not.
  std::size_t active_count() const { return live_.size(); }
  //! The id the next new track gets.
  std::int64_t next_track_id() const { return next_id_; }

private:
  struct Axis { // one box coordinate: position and velocity with their covariance
    double position = 0, velocity = 0;
    double p00 = 0, p01 = 0, p11 = 0;
    void predict(double dt_s, double process_noise);
    void correct(double measured, double measurement_noise);
  };
  struct LiveTrack {
    Track track;
    Axis cx, cy, w, h;
    std::int64_t filtered_ms = 0;
    int hits = 0;
    BoxPx predicted(std::int64_t ts_ms) const;
  };

  void start_track(std::int64_t ts_ms, const Detection& detection);
  void add_detection(LiveTrack& live, std::int64_t ts_ms, const Detection& detection);

  Options options_;
  std::int64_t next_id_;
  std::int64_t last_ms_ = 0;
  bool has_frame_ = false;
  std::int64_t allowed_gap_ms_; // max_gap_ms, or 2.5 times the last frame interval when that is longer
  std::vector<LiveTrack> live_;
};

} // namespace argus::detection
