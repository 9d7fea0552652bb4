#pragma once
// The similarity measurement's footage (docs/design/detection.md "Appearance and similarity"): two cameras made from
// the vtest clip and who is who in them. Camera 0 is the 640x360 sub-stream at frames 0, 3, 6, ... (3.3 frames/s);
// camera 1 is a zoomed crop of the 1280x720 main stream (x 200–1240, y 100–685, scaled to 640x360: people 1.23x
// larger) with another white balance and gamma, at frames 1, 4, 7, ... (100 ms later). The people are the same, seen
// differently. Times are the frame index x 100 ms.
#include <cstdint>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "detection/detection.hpp"

namespace argus::detection::testing {

//! Camera 1's picture from a frame of the main stream.
cv::Mat second_camera_view(const cv::Mat& main_frame);

//! A person seen by a camera at a time: the embedding taken there (a track's best point) is labelled `person`.
struct LabelledSighting {
  int camera = 0;
  std::int64_t ts_ms = 0;
  BoxPx box;
  std::string person;
};

//! The labelled sightings of the measurement's tracks (NanoDet 416x256, ObjectTracker defaults, person boxes only).
const std::vector<LabelledSighting>& vtest_sightings();

//! How two labels relate: 1 the same person, -1 different people, 0 unknown (left out of the ranking). A label is a
//! person ("R") or, for a look-alike not told apart from others of its group by eye, "?group#segment": the same label
//! is the same person, another label of that group (or the plain person the group is named after) unknown.
int same_person(const std::string& a, const std::string& b);

} // namespace argus::detection::testing
