#include "labelled_set.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <opencv2/videoio.hpp>

#include "detection/colour_attributes.hpp"

namespace argus::detection::testing {
namespace {

using nlohmann::json;

BoxPx box_of(const json& corners) {
  if (!corners.is_array() || corners.size() != 4)
    throw std::runtime_error("a box is [x0, y0, x1, y1], got " + corners.dump());
  BoxPx box{corners[0].get<float>(), corners[1].get<float>(), corners[2].get<float>(), corners[3].get<float>()};
  if (box.area() <= 0)
    throw std::runtime_error("empty box " + corners.dump());
  return box;
}

std::uint32_t colours_of(const json& names) {
  std::uint32_t mask = 0;
  for (const auto& name : names) {
    const auto found = std::find(kColourChoices.begin(), kColourChoices.end(), name.get<std::string>());
    if (found == kColourChoices.end())
      throw std::runtime_error("unknown colour " + name.dump());
    mask |= 1U << (found - kColourChoices.begin());
  }
  return mask;
}

VehicleType vehicle_type_of(const std::string& name) {
  for (auto type : {VehicleType::bike, VehicleType::motorbike, VehicleType::car, VehicleType::truck, VehicleType::bus,
                    VehicleType::other})
    if (vehicle_type_name(type) == name)
      return type;
  throw std::runtime_error("unknown vehicle type " + name);
}

void read_picture(const json& entry, LabelledPicture& picture) {
  for (const auto& person : entry.value("people", json::array())) {
    LabelledObject object{box_of(person.at("box"))};
    object.top = colours_of(person.value("top", json::array()));
    object.bottom = colours_of(person.value("bottom", json::array()));
    picture.people.push_back(object);
  }
  for (const auto& vehicle : entry.value("vehicles", json::array())) {
    LabelledObject object{box_of(vehicle.at("box")), vehicle_type_of(vehicle.at("type").get<std::string>())};
    object.top = colours_of(vehicle.value("colour", json::array()));
    picture.vehicles.push_back(object);
  }
  for (const auto& box : entry.value("ignore", json::array()))
    picture.ignore_people.push_back(box_of(box));
  for (const auto& box : entry.value("ignore_vehicles", json::array()))
    picture.ignore_vehicles.push_back(box_of(box));
}

BoxPx scaled(const BoxPx& box, float factor) {
  return {box.x0 * factor, box.y0 * factor, box.x1 * factor, box.y1 * factor};
}

bool inside_ignore_region(const BoxPx& box, const std::vector<BoxPx>& regions) {
  return std::any_of(regions.begin(), regions.end(), [&](const BoxPx& region) {
    const BoxPx overlap{std::max(box.x0, region.x0), std::max(box.y0, region.y0), std::min(box.x1, region.x1),
                        std::min(box.y1, region.y1)};
    return iou(box, region) >= 0.5F || overlap.area() >= 0.5F * box.area();
  });
}

} // namespace

LabelledSet load_labelled_set(const std::filesystem::path& labels_json) {
  std::ifstream in(labels_json);
  if (!in)
    throw std::runtime_error("cannot read " + labels_json.string());
  const json root = json::parse(in);
  LabelledSet set;
  for (const auto& entry : root.at("clips")) {
    LabelledClip clip;
    clip.clip = entry.at("clip").get<std::string>();
    clip.width = entry.at("size").at(0).get<int>();
    clip.height = entry.at("size").at(1).get<int>();
    LabelledPicture whole_clip; // regions that hold in every frame (parked vehicles cut by the frame edge)
    read_picture(entry.value("every_frame", json::object()), whole_clip);
    for (const auto& frame_entry : entry.at("frames")) {
      LabelledFrame frame;
      frame.index = frame_entry.at("frame").get<int>();
      read_picture(frame_entry, frame);
      frame.ignore_people.insert(frame.ignore_people.end(), whole_clip.ignore_people.begin(),
                                 whole_clip.ignore_people.end());
      frame.ignore_vehicles.insert(frame.ignore_vehicles.end(), whole_clip.ignore_vehicles.begin(),
                                   whole_clip.ignore_vehicles.end());
      if (!clip.frames.empty() && frame.index <= clip.frames.back().index)
        throw std::runtime_error(clip.clip + ": frames must be in increasing order");
      clip.frames.push_back(std::move(frame));
    }
    set.clips.push_back(std::move(clip));
  }
  for (const auto& entry : root.value("stills", json::array())) {
    LabelledStill still;
    still.image = entry.at("image").get<std::string>();
    still.package = entry.at("package").get<std::string>();
    read_picture(entry, still);
    set.stills.push_back(std::move(still));
  }
  return set;
}

std::vector<cv::Mat> read_labelled_frames(const std::filesystem::path& clip_path, const LabelledClip& clip) {
  std::vector<cv::Mat> frames;
  cv::VideoCapture capture(clip_path.string(), cv::CAP_FFMPEG);
  if (!capture.isOpened())
    return frames;
  cv::Mat frame;
  int index = 0;
  for (const LabelledFrame& wanted : clip.frames) {
    for (; index <= wanted.index; ++index)
      if (!capture.read(frame))
        return frames;
    frames.push_back(frame.clone());
  }
  return frames;
}

LabelledPicture scaled(const LabelledPicture& picture, float factor) {
  LabelledPicture out = picture;
  for (auto* objects : {&out.people, &out.vehicles})
    for (LabelledObject& object : *objects)
      object.box = scaled(object.box, factor);
  for (auto* regions : {&out.ignore_people, &out.ignore_vehicles})
    for (BoxPx& region : *regions)
      region = scaled(region, factor);
  return out;
}

double Score::precision() const {
  const int reported = true_positives + false_positives;
  return reported > 0 ? static_cast<double>(true_positives) / reported : 0.0;
}

double Score::recall() const {
  const int labelled = true_positives + false_negatives;
  return labelled > 0 ? static_cast<double>(true_positives) / labelled : 0.0;
}

Score& Score::operator+=(const Score& other) {
  true_positives += other.true_positives;
  false_positives += other.false_positives;
  false_negatives += other.false_negatives;
  ignored += other.ignored;
  return *this;
}

Score score(const std::vector<Detection>& detections, const LabelledPicture& truth, ObjectClass object_class,
            float min_iou) {
  const bool people = object_class == ObjectClass::person;
  const auto& labels = people ? truth.people : truth.vehicles;
  const auto& ignore = people ? truth.ignore_people : truth.ignore_vehicles;
  std::vector<const Detection*> ranked;
  for (const Detection& detection : detections)
    if (detection.object_class == object_class)
      ranked.push_back(&detection);
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const Detection* a, const Detection* b) { return a->confidence > b->confidence; });

  Score out;
  std::vector<bool> matched(labels.size(), false);
  for (const Detection* detection : ranked) {
    int best = -1;
    float best_iou = min_iou;
    for (std::size_t i = 0; i < labels.size(); ++i) {
      const float overlap = iou(detection->box, labels[i].box);
      if (!matched[i] && overlap >= best_iou) {
        best = static_cast<int>(i);
        best_iou = overlap;
      }
    }
    if (best >= 0) {
      matched[static_cast<std::size_t>(best)] = true;
      ++out.true_positives;
    } else if (inside_ignore_region(detection->box, ignore)) {
      ++out.ignored;
    } else {
      ++out.false_positives;
    }
  }
  out.false_negatives = static_cast<int>(std::count(matched.begin(), matched.end(), false));
  return out;
}

void ColourScore::add(std::uint32_t predicted, std::uint32_t labelled) {
  ++crops;
  exact += predicted == labelled;
  overlapping += (predicted & labelled) != 0;
}

} // namespace argus::detection::testing
