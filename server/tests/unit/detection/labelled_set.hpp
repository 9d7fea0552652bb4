#pragma once
// The hand-checked detection set (server/tests/data/detection/labels.json, its README says how it was made): frames
// of the demo footage and a few still pictures with every person and vehicle box, "ignore" regions that count neither
// way, and clothing / vehicle colours. Loading, reading the labelled frames, and scoring a detector's output against
// them (precision and recall at IoU 0.5, greedy matching) for the quality bench and the quality test.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "detection/detection.hpp"

namespace argus::detection::testing {

struct LabelledObject {
  BoxPx box;
  VehicleType vehicle_type = VehicleType::none; // vehicles only
  // Colour bitmasks over kColourChoices (colour_attributes.hpp); 0 = not labelled. People: top and bottom clothing;
  // vehicles: `top` is the body colour.
  std::uint32_t top = 0;
  std::uint32_t bottom = 0;
};

struct LabelledPicture {
  std::vector<LabelledObject> people;
  std::vector<LabelledObject> vehicles;
  std::vector<BoxPx> ignore_people;   // mostly hidden or cut by the frame edge: detections there count neither way
  std::vector<BoxPx> ignore_vehicles; // likewise for vehicles
};

struct LabelledFrame : LabelledPicture {
  int index = 0; // 0-based, in decoding order
};

struct LabelledClip {
  std::string clip; // under build/footage, e.g. "01-vtest_sub.mp4"
  int width = 0;    // the frame size the boxes are in
  int height = 0;
  std::vector<LabelledFrame> frames;
};

struct LabelledStill : LabelledPicture {
  std::filesystem::path image; // an installed Debian package's picture
  std::string package;         // which package installs it
};

struct LabelledSet {
  std::vector<LabelledClip> clips;
  std::vector<LabelledStill> stills;
};

//! The set from labels.json; throws std::runtime_error naming what is wrong with the file.
LabelledSet load_labelled_set(const std::filesystem::path& labels_json);

//! The labelled frames of `clip_path` in the order of `clip.frames` (read front to back, no seeking); fewer when the
//! file is missing or shorter than the labels say.
std::vector<cv::Mat> read_labelled_frames(const std::filesystem::path& clip_path, const LabelledClip& clip);

//! The same labels for a frame `factor` times the size (the 1280x720 main stream of a 640x360 labelled sub-stream).
LabelledPicture scaled(const LabelledPicture& picture, float factor);

struct Score {
  int true_positives = 0;
  int false_positives = 0;
  int false_negatives = 0;
  int ignored = 0; // detections on an ignore region

  double precision() const;
  double recall() const;
  Score& operator+=(const Score& other);
};

//! Matches one picture's detections of `object_class` with its labels: best confidence first, each takes the unmatched
//! label it overlaps most at IoU >= min_iou (a true positive); else it is ignored when it has IoU >= 0.5 with an ignore
//! region or lies at least half inside one, else a false positive. Labels left unmatched are false negatives.
Score score(const std::vector<Detection>& detections, const LabelledPicture& truth, ObjectClass object_class,
            float min_iou = 0.5F);

//! How often a colour bitmask agrees with the labelled one: exactly, and in at least one colour.
struct ColourScore {
  int crops = 0;
  int exact = 0;
  int overlapping = 0;

  void add(std::uint32_t predicted, std::uint32_t labelled);
};

} // namespace argus::detection::testing
