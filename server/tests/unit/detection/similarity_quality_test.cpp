// The issue's similarity quality target on the demo footage: "the same person found again later in the clip or on
// another camera ranks in the top 10 for at least 80 % of labelled queries". NanoDet (416x256) and ObjectTracker run
// over two cameras made from the vtest clip (similarity_footage.hpp); every track gives an embedding at its best
// point, and a track of 4 s or more gives two instead, at the best points of its first and last thirds (the person
// "found again later"). Each labelled embedding is a query against all the others; a query pair counts when the
// other sighting of the same person ranks in the top 10 among the other people's (unknown ones left out). Prints the
// figures for the backbone part alone, the colour part alone and both at several weights
// (docs/design/detection.md "Appearance and similarity").
#include <algorithm>
#include <cstdio>
#include <map>

#include <gtest/gtest.h>
#include <opencv2/videoio.hpp>

#include "detection/appearance.hpp"
#include "detection/nanodet_detector.hpp"
#include "detection/object_tracker.hpp"
#include "detection_test_support.hpp"
#include "similarity_footage.hpp"

namespace argus::detection {
namespace {

constexpr int k_frame_step = 3;            // 10 frames/s -> 3.3 per camera
constexpr std::int64_t k_split_ms = 4'000; // tracks this long give an early and a late embedding
constexpr std::size_t k_top = 10;

struct Sighting {
  int camera = 0;
  std::int64_t ts_ms = 0;
  BoxPx box;
  float confidence = 0;
  std::vector<float> backbone;
  std::vector<float> colour;
};

// The tracks of one camera, each as its sightings in time order.
std::vector<std::vector<Sighting>> run_camera(NanoDetDetector& detector, int camera, std::int64_t first_track_id) {
  cv::VideoCapture capture(testing::footage(camera == 0 ? "01-vtest_sub.mp4" : "01-vtest_main.mp4").string(),
                           cv::CAP_FFMPEG);
  ObjectTracker tracker(first_track_id);
  std::map<std::int64_t, std::vector<Sighting>> sightings_of;
  std::vector<std::vector<Sighting>> tracks;
  auto finish = [&](const std::vector<Track>& finished) {
    for (const Track& track : finished)
      tracks.push_back(std::move(sightings_of[track.id]));
  };
  cv::Mat raw;
  for (int index = 0; capture.read(raw); ++index) {
    if (index % k_frame_step != camera)
      continue;
    const std::int64_t ts_ms = index * 100;
    const cv::Mat frame = camera == 0 ? raw : testing::second_camera_view(raw);
    auto detections = detector.detect(frame);
    std::erase_if(detections, [](const Detection& d) { return d.object_class != ObjectClass::person; });
    const auto ids = tracker.update(ts_ms, detections);
    for (std::size_t i = 0; i < detections.size(); ++i)
      sightings_of[ids[i]].push_back({camera, ts_ms, detections[i].box, detections[i].confidence,
                                      detector.features_at(detections[i].box),
                                      colour_features(frame, detections[i].box)});
    finish(tracker.take_finished(ts_ms));
  }
  finish(tracker.take_finished(0, true));
  return tracks;
}

// The tracker's best point (most confident, larger on ties) among a track's sightings in [from_ms, to_ms].
const Sighting& best_between(const std::vector<Sighting>& track, std::int64_t from_ms, std::int64_t to_ms) {
  const Sighting* best = nullptr;
  for (const Sighting& s : track) {
    if (s.ts_ms < from_ms || s.ts_ms > to_ms)
      continue;
    if (!best || s.confidence > best->confidence + 1e-3F ||
        (std::abs(s.confidence - best->confidence) <= 1e-3F && s.box.area() > best->box.area()))
      best = &s;
  }
  return *best;
}

struct Entry {
  const Sighting* sighting;
  std::string person; // empty: not labelled
};

struct Figures {
  int queries = 0, pairs = 0, top = 0, first = 0, same_camera = 0, same_camera_top = 0;
  std::vector<float> positive_cosines, negative_cosines;
  double percent() const { return 100.0 * top / std::max(pairs, 1); }
};

// The value below which `fraction` of `values` lie.
float percentile(std::vector<float> values, double fraction) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, static_cast<std::size_t>(fraction * static_cast<double>(values.size())))];
}

Figures score(const std::vector<Entry>& entries, float backbone_weight) {
  std::vector<std::vector<std::int8_t>> embeddings;
  for (const Entry& entry : entries)
    embeddings.push_back(combine_appearance(entry.sighting->backbone, entry.sighting->colour, backbone_weight));
  Figures figures;
  for (std::size_t query = 0; query < entries.size(); ++query) {
    if (entries[query].person.empty())
      continue;
    ++figures.queries;
    std::vector<std::pair<float, std::size_t>> ranked;
    for (std::size_t other = 0; other < entries.size(); ++other)
      if (other != query && !entries[other].person.empty())
        ranked.emplace_back(cosine_similarity(embeddings[query], embeddings[other]), other);
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::size_t negatives_above = 0;
    for (const auto& [cosine, other] : ranked) {
      const int relation = testing::same_person(entries[query].person, entries[other].person);
      if (relation < 0) {
        ++negatives_above;
        figures.negative_cosines.push_back(cosine);
      } else if (relation > 0) {
        const bool in_top = negatives_above < k_top;
        ++figures.pairs;
        figures.top += in_top;
        figures.first += negatives_above == 0;
        figures.positive_cosines.push_back(cosine);
        if (entries[query].sighting->camera == entries[other].sighting->camera) {
          ++figures.same_camera;
          figures.same_camera_top += in_top;
        }
      }
    }
  }
  return figures;
}

void print(const char* what, const Figures& f) {
  std::printf("%-26s top-10 %5.1f %% of %d query pairs (same camera %5.1f %% of %d, other camera %5.1f %% of %d), "
              "top-1 %5.1f %%; cosine same person p10/p50 %.2f/%.2f, others p50/p90/p99 %.2f/%.2f/%.2f\n",
              what, f.percent(), f.pairs, 100.0 * f.same_camera_top / std::max(f.same_camera, 1), f.same_camera,
              100.0 * (f.top - f.same_camera_top) / std::max(f.pairs - f.same_camera, 1), f.pairs - f.same_camera,
              100.0 * f.first / std::max(f.pairs, 1), percentile(f.positive_cosines, 0.1),
              percentile(f.positive_cosines, 0.5), percentile(f.negative_cosines, 0.5),
              percentile(f.negative_cosines, 0.9), percentile(f.negative_cosines, 0.99));
}

TEST(SimilarityQuality, SamePersonRanksInTheTopTenOnTheDemoFootage) {
  ARGUS_REQUIRE(testing::nanodet_model_missing());
  for (const char* clip : {"01-vtest_sub.mp4", "01-vtest_main.mp4"})
    if (!std::filesystem::exists(testing::footage(clip)))
      GTEST_SKIP() << "no footage at " << testing::footage(clip) << " (the footage target needs ffmpeg)";
  NanoDetOptions options;
  options.input_height = 256;
  std::string error;
  auto detector = NanoDetDetector::load(testing::nanodet_model(), error, options);
  ASSERT_TRUE(detector) << error;

  std::vector<std::vector<Sighting>> tracks = run_camera(*detector, 0, 1);
  for (auto& track : run_camera(*detector, 1, 1'000))
    tracks.push_back(std::move(track));
  std::vector<Entry> entries;
  for (const auto& track : tracks) {
    const std::int64_t first_ms = track.front().ts_ms, last_ms = track.back().ts_ms;
    if (last_ms - first_ms >= k_split_ms) {
      const std::int64_t third_ms = (last_ms - first_ms) / 3;
      entries.push_back({&best_between(track, first_ms, first_ms + third_ms), {}});
      entries.push_back({&best_between(track, last_ms - third_ms, last_ms), {}});
    } else {
      entries.push_back({&best_between(track, first_ms, last_ms), {}});
    }
  }
  std::size_t labelled = 0;
  for (Entry& entry : entries) {
    for (const auto& sighting : testing::vtest_sightings())
      if (sighting.camera == entry.sighting->camera && sighting.ts_ms == entry.sighting->ts_ms &&
          iou(sighting.box, entry.sighting->box) >= 0.5F)
        entry.person = sighting.person;
    labelled += !entry.person.empty();
  }
  std::printf("%zu tracks, %zu embeddings, %zu of them labelled (of %zu labels)\n", tracks.size(), entries.size(),
              labelled, testing::vtest_sightings().size());
  // Fewer means the detector or the tracker changed what they report: relabel (similarity_footage.cpp says how).
  ASSERT_GE(labelled, testing::vtest_sightings().size() * 9 / 10);

  const Figures backbone = score(entries, 1.0F), colour = score(entries, 0.0F);
  std::printf("each query ranks among %.1f other people's embeddings on average\n",
              static_cast<double>(colour.negative_cosines.size()) / colour.queries);
  print("backbone only", backbone);
  print("colour only", colour);
  for (float weight : {0.4F, 0.5F, 0.6F, 0.7F, 0.8F}) {
    char what[48];
    std::snprintf(what, sizeof what, "both, backbone %.1f%s", weight, weight == k_backbone_weight ? " (used)" : "");
    print(what, score(entries, weight));
  }
  const Figures used = score(entries, k_backbone_weight);
  EXPECT_GE(used.pairs, 150);
  EXPECT_GE(used.percent(), 80.0) << "measured 85.1 % (docs/design/detection.md)";
  EXPECT_GT(used.percent(), backbone.percent());
  EXPECT_GE(used.percent(), colour.percent() - 3) << "the backbone part should not make it worse than colour alone";
}

} // namespace
} // namespace argus::detection
