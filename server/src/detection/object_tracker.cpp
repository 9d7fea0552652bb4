#include "detection/object_tracker.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace argus::detection {
namespace {

// Noise of the filters, relative to the box's size s (its larger side): a detector's box edges wobble by ~5 % of s;
// people and vehicles change speed by up to about half their size per second, every second.
constexpr double k_measurement_sd = 0.05;
constexpr double k_acceleration_sd = 0.5;
constexpr double k_initial_velocity_sd = 1.0;

double size_of(const BoxPx& box) {
  return std::max<double>(1.0, std::max(box.width(), box.height()));
}

} // namespace

bool Track::moved(float fraction) const {
  if (points.size() < 2)
    return false;
  float min_x = INFINITY, max_x = -INFINITY, min_y = INFINITY, max_y = -INFINITY, diagonals = 0;
  for (const auto& point : points) {
    float cx = (point.box.x0 + point.box.x1) / 2, cy = (point.box.y0 + point.box.y1) / 2;
    min_x = std::min(min_x, cx), max_x = std::max(max_x, cx);
    min_y = std::min(min_y, cy), max_y = std::max(max_y, cy);
    diagonals += std::hypot(point.box.width(), point.box.height());
  }
  return std::hypot(max_x - min_x, max_y - min_y) > fraction * diagonals / static_cast<float>(points.size());
}

bool Track::still_since_previous(float fraction) const {
  if (points.size() < 2)
    return false;
  const auto& before = points[points.size() - 2].box;
  const auto& now = points.back().box;
  const float dx = (now.x0 + now.x1 - before.x0 - before.x1) / 2, dy = (now.y0 + now.y1 - before.y0 - before.y1) / 2;
  const float diagonal = (std::hypot(now.width(), now.height()) + std::hypot(before.width(), before.height())) / 2;
  return std::hypot(dx, dy) < fraction * diagonal;
}

void ObjectTracker::Axis::predict(double dt_s, double process_noise) {
  position += velocity * dt_s;
  double dt2 = dt_s * dt_s;
  p00 += 2 * dt_s * p01 + dt2 * p11 + process_noise * dt2 * dt_s / 3;
  p01 += dt_s * p11 + process_noise * dt2 / 2;
  p11 += process_noise * dt_s;
}

void ObjectTracker::Axis::correct(double measured, double measurement_noise) {
  double innovation = measured - position;
  double s = p00 + measurement_noise;
  double k0 = p00 / s, k1 = p01 / s;
  position += k0 * innovation;
  velocity += k1 * innovation;
  double q00 = (1 - k0) * p00, q01 = (1 - k0) * p01, q11 = p11 - k1 * p01;
  p00 = q00, p01 = q01, p11 = q11;
}

BoxPx ObjectTracker::LiveTrack::predicted(std::int64_t ts_ms) const {
  double dt_s = static_cast<double>(ts_ms - filtered_ms) / 1000.0;
  double x = cx.position + cx.velocity * dt_s, y = cy.position + cy.velocity * dt_s;
  double half_w = std::max(0.5, (w.position + w.velocity * dt_s) / 2);
  double half_h = std::max(0.5, (h.position + h.velocity * dt_s) / 2);
  return {static_cast<float>(x - half_w), static_cast<float>(y - half_h), static_cast<float>(x + half_w),
          static_cast<float>(y + half_h)};
}

ObjectTracker::ObjectTracker(std::int64_t first_track_id) : ObjectTracker(first_track_id, Options{}) {}

ObjectTracker::ObjectTracker(std::int64_t first_track_id, Options options)
    : options_(options), next_id_(std::max<std::int64_t>(1, first_track_id)), allowed_gap_ms_(options.max_gap_ms) {}

std::vector<std::int64_t> ObjectTracker::update(std::int64_t ts_ms, const std::vector<Detection>& detections) {
  std::vector<std::int64_t> ids(detections.size(), 0);
  if (has_frame_ && ts_ms < last_ms_)
    return ids;
  if (has_frame_)
    allowed_gap_ms_ = std::max(options_.max_gap_ms, (ts_ms - last_ms_) * 5 / 2);
  has_frame_ = true;
  last_ms_ = ts_ms;

  std::vector<BoxPx> predictions;
  predictions.reserve(live_.size());
  for (const auto& live : live_)
    predictions.push_back(live.predicted(ts_ms));
  std::vector<std::tuple<float, std::size_t, std::size_t>> pairs; // (iou, track, detection)
  for (std::size_t t = 0; t < live_.size(); ++t)
    for (std::size_t s = 0; s < detections.size(); ++s) {
      if (live_[t].track.object_class != detections[s].object_class ||
          ts_ms - live_[t].track.last_ms() > allowed_gap_ms_) // ended: take_finished reports it
        continue;
      float overlap = iou(predictions[t], detections[s].box);
      if (overlap >= options_.min_iou)
        pairs.emplace_back(overlap, t, s);
    }
  // Greedy by overlap: with the few objects of a camera's frame it picks what an optimal assignment picks, simply.
  std::sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) { return std::get<0>(a) > std::get<0>(b); });
  std::vector<bool> track_taken(live_.size(), false);
  for (const auto& [overlap, t, s] : pairs) {
    if (track_taken[t] || ids[s] != 0)
      continue;
    track_taken[t] = true;
    add_detection(live_[t], ts_ms, detections[s]);
    ids[s] = live_[t].track.id;
  }
  for (std::size_t s = 0; s < detections.size(); ++s)
    if (ids[s] == 0 && detections[s].box.area() > 0) {
      start_track(ts_ms, detections[s]);
      ids[s] = live_.back().track.id;
    }
  return ids;
}

void ObjectTracker::start_track(std::int64_t ts_ms, const Detection& detection) {
  LiveTrack live;
  live.track.id = next_id_++;
  live.track.object_class = detection.object_class;
  live.track.vehicle_type = detection.vehicle_type;
  double size = size_of(detection.box);
  double position_variance = std::pow(k_measurement_sd * size, 2);
  double velocity_variance = std::pow(k_initial_velocity_sd * size, 2);
  auto axis = [&](double value) {
    Axis a;
    a.position = value;
    a.p00 = position_variance;
    a.p11 = velocity_variance;
    return a;
  };
  const auto& box = detection.box;
  live.cx = axis((box.x0 + box.x1) / 2.0);
  live.cy = axis((box.y0 + box.y1) / 2.0);
  live.w = axis(box.width());
  live.h = axis(box.height());
  live.filtered_ms = ts_ms;
  live.hits = 1;
  live.track.confirmed = options_.min_hits <= 1;
  live.track.points.push_back({ts_ms, box, detection.confidence});
  live_.push_back(std::move(live));
}

void ObjectTracker::add_detection(LiveTrack& live, std::int64_t ts_ms, const Detection& detection) {
  double dt_s = static_cast<double>(ts_ms - live.filtered_ms) / 1000.0;
  double size = size_of(detection.box);
  double process_noise = std::pow(k_acceleration_sd * size, 2);
  double measurement_noise = std::pow(k_measurement_sd * size, 2);
  const auto& box = detection.box;
  std::pair<Axis*, double> measured[] = {{&live.cx, (box.x0 + box.x1) / 2.0},
                                         {&live.cy, (box.y0 + box.y1) / 2.0},
                                         {&live.w, box.width()},
                                         {&live.h, box.height()}};
  for (auto& [axis, value] : measured) {
    axis->predict(dt_s, process_noise);
    axis->correct(value, measurement_noise);
  }
  live.filtered_ms = ts_ms;
  live.track.confirmed = live.track.confirmed || ++live.hits >= options_.min_hits;

  auto& points = live.track.points;
  const auto& best = points[live.track.best_point];
  bool better = detection.confidence > best.confidence + 1e-3f ||
                (std::abs(detection.confidence - best.confidence) <= 1e-3f && box.area() > best.box.area());
  points.push_back({ts_ms, box, detection.confidence});
  if (better) {
    live.track.best_point = points.size() - 1;
    live.track.vehicle_type = detection.vehicle_type;
  }
  if (points.size() > options_.max_points) { // drop the oldest point, keeping the best one
    std::size_t drop = live.track.best_point == 0 ? 1 : 0;
    points.erase(points.begin() + static_cast<std::ptrdiff_t>(drop));
    if (live.track.best_point > drop)
      --live.track.best_point;
  }
}

const Track* ObjectTracker::find(std::int64_t track_id) const {
  for (const auto& live : live_)
    if (live.track.id == track_id)
      return &live.track;
  return nullptr;
}

std::vector<Track> ObjectTracker::take_finished(std::int64_t now_ms, bool everything) {
  std::vector<Track> finished;
  std::vector<LiveTrack> kept;
  for (auto& live : live_) {
    if (!everything && now_ms - live.track.last_ms() <= allowed_gap_ms_)
      kept.push_back(std::move(live));
    else if (live.track.confirmed)
      finished.push_back(std::move(live.track));
  }
  live_ = std::move(kept);
  return finished;
}

} // namespace argus::detection
