// Detector quality (issue 11, docs/design/detection.md "Measured quality"): precision and recall at IoU 0.5 of NanoDet
// (416x416 and 416x256 inputs) and the HOG people fallback on the hand-checked set
// (server/tests/data/detection/labels.json: 100 frames of the demo footage's vtest sub-stream, also run on the main
// stream with the boxes scaled, and a few Debian pictures with vehicles), per class; NanoDet also across score
// thresholds around its default; and how often person_colours() / vehicle_colour() on the labelled boxes give the
// labelled colours (exactly, and in at least one colour).
//
//   argus_bench_detector_quality [--labels PATH] [--model build/models/nanodet.onnx] [--iou 0.5] [--no-main]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "detection/colour_attributes.hpp"
#include "detection/hog_people_detector.hpp"
#include "detection/nanodet_detector.hpp"
#include "labelled_set.hpp" // server/tests/unit/detection

namespace {

using namespace argus::detection;
using testing::ColourScore;
using testing::LabelledPicture;
using testing::Score;

// NanoDet runs once at the lowest threshold; a higher one keeps the same boxes (NMS is greedy by score).
constexpr float k_sweep_floor = 0.35F;
constexpr float k_sweep[] = {0.35F, 0.40F, 0.45F, 0.50F, 0.55F};

cv::Rect rect_of(const BoxPx& box) {
  return {static_cast<int>(box.x0), static_cast<int>(box.y0), static_cast<int>(box.width()),
          static_cast<int>(box.height())};
}

struct Candidate {
  std::string name;
  std::unique_ptr<Detector> detector;
  float default_threshold = 0; // NanoDet's own (DecodeOptions); 0 for HOG, which has none to sweep
};

std::vector<Candidate> candidates(const std::filesystem::path& model) {
  std::vector<Candidate> out;
  for (const auto& [width, height] : {std::pair{416, 416}, std::pair{416, 256}}) {
    NanoDetOptions options;
    options.input_width = width;
    options.input_height = height;
    const float default_threshold = options.decode.score_threshold;
    options.decode.score_threshold = k_sweep_floor;
    std::string error;
    const std::string name = "nanodet " + std::to_string(width) + "x" + std::to_string(height);
    if (auto detector = NanoDetDetector::load(model, error, options))
      out.push_back({name, std::move(detector), default_threshold});
    else
      std::printf("detector quality: %s skipped (%s)\n", name.c_str(), error.c_str());
  }
  out.push_back({"hog", std::make_unique<HogPeopleDetector>(), 0.0F});
  return out;
}

std::vector<Detection> at_least(const std::vector<Detection>& detections, float threshold) {
  std::vector<Detection> kept;
  std::copy_if(detections.begin(), detections.end(), std::back_inserter(kept),
               [&](const Detection& detection) { return detection.confidence >= threshold; });
  return kept;
}

struct Scores {
  Score people;
  Score vehicles;
};

// The scores of one detector over pictures whose detections were kept in `runs`.
Scores score_all(const std::vector<std::vector<Detection>>& runs, const std::vector<LabelledPicture>& truth,
                 float threshold, float min_iou) {
  Scores scores;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto kept = at_least(runs[i], threshold);
    scores.people += testing::score(kept, truth[i], ObjectClass::person, min_iou);
    scores.vehicles += testing::score(kept, truth[i], ObjectClass::vehicle, min_iou);
  }
  return scores;
}

void report(const std::string& what, const Candidate& candidate, const Scores& scores, bool vehicles_labelled) {
  const Score& p = scores.people;
  std::printf("detector quality %s, %s: people precision %.3f recall %.3f (TP %d, FP %d, FN %d, %d on ignore regions)",
              what.c_str(), candidate.name.c_str(), p.precision(), p.recall(), p.true_positives, p.false_positives,
              p.false_negatives, p.ignored);
  const Score& v = scores.vehicles;
  if (vehicles_labelled && candidate.detector->detects_vehicles())
    std::printf("; vehicles precision %.3f recall %.3f (TP %d, FP %d, FN %d)", v.precision(), v.recall(),
                v.true_positives, v.false_positives, v.false_negatives);
  else if (candidate.detector->detects_vehicles())
    std::printf("; no vehicles labelled, %d vehicle detections outside the ignore regions", v.false_positives);
  std::printf("\n");
}

void report_sweep(const std::string& what, const Candidate& candidate, const std::vector<std::vector<Detection>>& runs,
                  const std::vector<LabelledPicture>& truth, float min_iou) {
  std::printf("detector quality %s, %s people by score threshold:", what.c_str(), candidate.name.c_str());
  for (float threshold : k_sweep) {
    const Score people = score_all(runs, truth, threshold, min_iou).people;
    std::printf(" %.2f%s P %.3f R %.3f;", threshold, threshold == candidate.default_threshold ? " (default)" : "",
                people.precision(), people.recall());
  }
  std::printf("\n");
}

void report_colours(const std::string& what, const ColourScore& score) {
  if (score.crops == 0)
    return;
  std::printf("detector quality colours %s: %d crops, exact %.3f, at least one colour right %.3f\n", what.c_str(),
              score.crops, static_cast<double>(score.exact) / score.crops,
              static_cast<double>(score.overlapping) / score.crops);
}

void add_person_colours(const cv::Mat& picture, const LabelledPicture& truth, ColourScore& tops, ColourScore& bottoms) {
  for (const auto& person : truth.people) {
    const PersonColours colours = person_colours(picture, rect_of(person.box));
    if (person.top)
      tops.add(colours.top, person.top);
    if (person.bottom)
      bottoms.add(colours.bottom, person.bottom);
  }
}

// Runs every candidate over the pictures and reports it (NanoDet at its default threshold, then the sweep).
void evaluate(const std::string& what, std::vector<Candidate>& all, const std::vector<cv::Mat>& pictures,
              const std::vector<LabelledPicture>& truth, bool vehicles_labelled, float min_iou) {
  for (Candidate& candidate : all) {
    std::vector<std::vector<Detection>> runs;
    for (const cv::Mat& picture : pictures)
      runs.push_back(candidate.detector->detect(picture));
    report(what, candidate, score_all(runs, truth, candidate.default_threshold, min_iou), vehicles_labelled);
    if (candidate.default_threshold > 0 && !vehicles_labelled)
      report_sweep(what, candidate, runs, truth, min_iou);
    std::fflush(stdout);
  }
}

} // namespace

int main(int argc, char** argv) {
  std::filesystem::path labels_path = ARGUS_DETECTION_LABELS;
  std::filesystem::path model = ARGUS_NANODET_ONNX;
  float min_iou = 0.5F;
  bool main_stream = true;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--labels") == 0 && i + 1 < argc)
      labels_path = argv[++i];
    else if (std::strcmp(argv[i], "--model") == 0 && i + 1 < argc)
      model = argv[++i];
    else if (std::strcmp(argv[i], "--iou") == 0 && i + 1 < argc)
      min_iou = static_cast<float>(std::atof(argv[++i]));
    else if (std::strcmp(argv[i], "--no-main") == 0)
      main_stream = false;
  }
  const testing::LabelledSet set = testing::load_labelled_set(labels_path);
  auto all = candidates(model);
  if (min_iou != 0.5F)
    std::printf("detector quality: matching at IoU %.2f\n", min_iou);

  ColourScore tops, bottoms, vehicle_colours;
  for (const testing::LabelledClip& clip : set.clips) {
    struct Stream {
      std::string clip;
      float factor; // the stream's frame size over the labelled one
    };
    std::vector<Stream> streams = {{clip.clip, 1.0F}};
    if (const auto sub = clip.clip.find("_sub."); main_stream && sub != std::string::npos)
      streams.push_back({std::string(clip.clip).replace(sub, 5, "_main."), 2.0F});
    for (const Stream& stream : streams) {
      const auto frames = testing::read_labelled_frames(std::filesystem::path(ARGUS_FOOTAGE_DIR) / stream.clip, clip);
      if (frames.size() != clip.frames.size()) {
        std::printf("detector quality: skipped %s (%zu of %zu labelled frames read; build the footage target)\n",
                    stream.clip.c_str(), frames.size(), clip.frames.size());
        continue;
      }
      std::vector<LabelledPicture> truth;
      int people = 0;
      for (const auto& frame : clip.frames) {
        truth.push_back(testing::scaled(frame, stream.factor));
        people += static_cast<int>(frame.people.size());
      }
      evaluate(stream.clip + " (" + std::to_string(frames.size()) + " frames, " + std::to_string(people) + " people)",
               all, frames, truth, false, min_iou);
      if (stream.factor == 1.0F)
        for (std::size_t i = 0; i < frames.size(); ++i)
          add_person_colours(frames[i], truth[i], tops, bottoms);
    }
  }

  std::vector<cv::Mat> stills;
  std::vector<LabelledPicture> still_truth;
  for (const testing::LabelledStill& still : set.stills) {
    const cv::Mat picture = cv::imread(still.image.string(), cv::IMREAD_COLOR);
    if (picture.empty()) {
      std::printf("detector quality: skipped %s (apt-get install %s)\n", still.image.c_str(), still.package.c_str());
      continue;
    }
    stills.push_back(picture);
    still_truth.push_back(still);
    add_person_colours(picture, still, tops, bottoms);
    for (const auto& vehicle : still.vehicles) {
      const std::uint32_t got = vehicle_colour(picture, rect_of(vehicle.box));
      vehicle_colours.add(got, vehicle.top);
      std::printf("detector quality colours %s %s: labelled %s, vehicle_colour() %s\n", still.image.filename().c_str(),
                  std::string(vehicle_type_name(vehicle.vehicle_type)).c_str(), colour_names(vehicle.top).c_str(),
                  got ? colour_names(got).c_str() : "none");
    }
  }
  if (!stills.empty())
    evaluate("stills (" + std::to_string(stills.size()) + " pictures)", all, stills, still_truth, true, min_iou);

  report_colours("person top (labelled boxes)", tops);
  report_colours("person bottom (labelled boxes)", bottoms);
  report_colours("vehicle (labelled boxes)", vehicle_colours);
  return 0;
}
