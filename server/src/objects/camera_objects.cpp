#include "objects/camera_objects.hpp"

#include <algorithm>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "detection/appearance.hpp"
#include "detection/colour_attributes.hpp"
#include "detection/detector.hpp"
#include "objects/object_frame_codec.hpp"

namespace argus::objects {
namespace {

cv::Rect pixel_rect(const detection::BoxPx& box, const cv::Mat& frame, float margin = 0) {
  float dx = box.width() * margin, dy = box.height() * margin;
  int x0 = std::clamp(static_cast<int>(box.x0 - dx), 0, frame.cols);
  int y0 = std::clamp(static_cast<int>(box.y0 - dy), 0, frame.rows);
  int x1 = std::clamp(static_cast<int>(box.x1 + dx + 0.5F), 0, frame.cols);
  int y1 = std::clamp(static_cast<int>(box.y1 + dy + 0.5F), 0, frame.rows);
  return {x0, y0, std::max(0, x1 - x0), std::max(0, y1 - y0)};
}

std::vector<std::uint8_t> thumbnail_jpeg(const cv::Mat& frame, const detection::BoxPx& box, int max_side) {
  auto rect = pixel_rect(box, frame, 0.1F);
  if (rect.width < 2 || rect.height < 2)
    return {};
  cv::Mat crop = frame(rect);
  double scale = std::min(1.0, static_cast<double>(max_side) / std::max(rect.width, rect.height));
  cv::Mat scaled;
  if (scale < 1.0)
    cv::resize(crop, scaled, {}, scale, scale, cv::INTER_AREA);
  else
    scaled = crop;
  std::vector<std::uint8_t> jpeg;
  cv::imencode(".jpg", scaled, jpeg, {cv::IMWRITE_JPEG_QUALITY, 85});
  return jpeg;
}

} // namespace

CameraObjects::CameraObjects(std::int64_t camera_id, std::int64_t last_track_id, CameraObjectsOptions options)
    : camera_id_(camera_id), options_(options), tracker_(last_track_id + 1, options.tracker) {}

CameraObjectsOutput CameraObjects::process(std::int64_t ts_ms, const cv::Mat& bgr_frame,
                                           detection::Detector& detector) {
  CameraObjectsOutput out;
  if (bgr_frame.empty() || ts_ms <= last_ts_ms_)
    return out;
  last_ts_ms_ = ts_ms;
  auto detections = detector.detect(bgr_frame);
  bool night = detection::is_night_picture(bgr_frame);
  auto ids = tracker_.update(ts_ms, detections);

  std::vector<FrameObject> objects;
  out.still = !ids.empty();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const auto* track = tracker_.find(ids[i]);
    out.still = out.still && track && track->still_since_previous(options_.still_fraction);
    if (!track)
      continue;
    auto& extras = extras_[track->id];
    ++extras.frames;
    extras.night_frames += night ? 1 : 0;
    if (track->best_point + 1 == track->points.size())
      take_best_sighting(extras, *track, bgr_frame, detector, night);
    if (!track->confirmed)
      continue;
    const auto& box = detections[i].box;
    objects.push_back({track->id, static_cast<int>(track->object_class), static_cast<int>(detections[i].vehicle_type),
                       detections[i].confidence, to_scale_255(box.x0, bgr_frame.cols),
                       to_scale_255(box.y0, bgr_frame.rows), to_scale_255(box.x1, bgr_frame.cols),
                       to_scale_255(box.y1, bgr_frame.rows)});
    out.tracks.push_back(record_of(*track, extras));
  }
  if (!objects.empty())
    out.frame = store::ObjectFrameRecord{camera_id_, ts_ms, night, encode_frame_objects(objects)};
  collect_finished(tracker_.take_finished(ts_ms), out);
  return out;
}

CameraObjectsOutput CameraObjects::finish_all() {
  CameraObjectsOutput out;
  collect_finished(tracker_.take_finished(0, true), out);
  extras_.clear();
  return out;
}

void CameraObjects::take_best_sighting(Extras& extras, const detection::Track& track, const cv::Mat& bgr_frame,
                                       detection::Detector& detector, bool night) {
  const auto& box = track.points.back().box;
  extras.thumbnail = thumbnail_jpeg(bgr_frame, box, options_.thumbnail_max_side);
  auto embedding = detection::appearance_embedding(bgr_frame, box, detector.features_at(box));
  extras.embedding.assign(reinterpret_cast<const std::uint8_t*>(embedding.data()),
                          reinterpret_cast<const std::uint8_t*>(embedding.data()) + embedding.size());
  auto rect = pixel_rect(box, bgr_frame);
  extras.top = extras.bottom = extras.vehicle = 0;
  if (night)
    return; // an IR picture has no colours to claim
  if (track.object_class == detection::ObjectClass::person) {
    auto colours = detection::person_colours(bgr_frame, rect);
    extras.top = colours.top;
    extras.bottom = colours.bottom;
  } else if (track.object_class == detection::ObjectClass::vehicle) {
    extras.vehicle = detection::vehicle_colour(bgr_frame, rect);
  }
}

store::ObjectTrackRecord CameraObjects::record_of(const detection::Track& track, const Extras& extras) const {
  store::ObjectTrackRecord record;
  record.camera_id = camera_id_;
  record.track_id = track.id;
  record.object_class = static_cast<int>(track.object_class);
  record.vehicle_type = static_cast<int>(track.vehicle_type);
  record.start_ms = track.first_ms();
  record.end_ms = track.last_ms();
  record.moving = track.moved();
  record.nightmode = extras.night_frames * 2 > extras.frames;
  record.top_colours = extras.top;
  record.bottom_colours = extras.bottom;
  record.vehicle_colours = extras.vehicle;
  const auto& best = track.points[track.best_point];
  record.confidence = best.confidence;
  record.thumbnail_ms = best.ts_ms;
  record.thumbnail = extras.thumbnail;
  record.embedding = extras.embedding;
  return record;
}

void CameraObjects::collect_finished(std::vector<detection::Track> ended, CameraObjectsOutput& out) {
  for (const auto& track : ended) {
    auto found = extras_.find(track.id);
    if (found != extras_.end()) {
      out.finished.push_back(record_of(track, found->second));
      extras_.erase(found);
    }
  }
  // Tentative tracks that ended were dropped by the tracker: forget their extras too.
  std::erase_if(extras_, [this](const auto& entry) { return !tracker_.find(entry.first); });
}

} // namespace argus::objects
