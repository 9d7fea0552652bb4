#include "similarity_footage.hpp"

#include <cmath>

#include <opencv2/imgproc.hpp>

namespace argus::detection::testing {
namespace {

// How the labels were made (once, by a throwaway tool): NanoDet and ObjectTracker over every frame of the main
// stream, each track cut wherever its box touched another one, gives segments that are surely one person each; every
// embedding point of the measurement got the segment its box matched (IoU >= 0.5 in main-stream pixels). The segments
// were then joined into people by eye on crops: R (red and navy jacket, carries a paper), W (blonde, black coat), H
// (white hood, light blue jacket), S (striped jumper), bald (balding, dark jacket, jeans), brown (brown jacket, jeans),
// cone (the traffic cone NanoDet calls a person). The many men in dark jackets could not be told apart reliably by
// eye: they keep their segment ("?coat#23": long dark coat, "?jacket#3": dark jacket and jeans, "?leather#2": leather
// jacket, black trousers); "?S#96" is S or someone else in dark clothes. Points while two people overlapped and points
// of unclear segments are not listed.
const std::vector<LabelledSighting> k_sightings = {
    {0, 600, {404, 77, 429, 139}, "?jacket#3"},
    {0, 4800, {366, 90, 391, 148}, "?coat#12"},
    {0, 300, {227, 119, 259, 192}, "?leather#2"},
    {0, 4800, {311, 90, 335, 153}, "brown"},
    {0, 5400, {136, 96, 149, 112}, "cone"},
    {0, 13500, {500, 40, 519, 91}, "R"},
    {0, 9600, {270, 102, 294, 164}, "?coat#23"},
    {0, 12600, {464, 122, 488, 189}, "?coat#54"},
    {0, 12600, {528, 114, 563, 187}, "H"},
    {0, 14400, {535, 137, 560, 214}, "S"},
    {0, 16200, {27, 21, 41, 57}, "?coat#60"},
    {0, 16800, {536, 41, 554, 99}, "bald"},
    {0, 8100, {311, 90, 335, 155}, "?jacket#26"},
    {0, 17400, {384, 118, 417, 191}, "?jacket#102"},
    {0, 16800, {421, 114, 459, 185}, "?leather#97"},
    {0, 18900, {538, 130, 575, 209}, "?leather#97"},
    {0, 16500, {261, 83, 291, 140}, "H"},
    {0, 20400, {50, 65, 71, 118}, "H"},
    {0, 24300, {554, 45, 572, 90}, "W"},
    {0, 29700, {487, 67, 510, 130}, "R"},
    {0, 5400, {535, 148, 571, 238}, "bald"},
    {0, 22200, {288, 76, 315, 139}, "bald"},
    {0, 18900, {455, 138, 497, 222}, "?jacket#102"},
    {0, 25500, {291, 125, 328, 201}, "?jacket#102"},
    {0, 20400, {156, 93, 186, 159}, "?S#96"},
    {0, 27300, {20, 83, 46, 143}, "?S#96"},
    {0, 23700, {519, 111, 549, 176}, "?coat#110"},
    {0, 29400, {224, 73, 253, 141}, "?jacket#127"},
    {0, 24900, {501, 154, 547, 238}, "?leather#114"},
    {0, 29100, {292, 121, 320, 197}, "?leather#114"},
    {0, 26700, {527, 54, 548, 105}, "W"},
    {0, 29700, {512, 73, 533, 131}, "W"},
    {1, 400, {491, 112, 541, 198}, "?coat#1"},
    {1, 700, {372, 33, 401, 112}, "?jacket#3"},
    {1, 1900, {348, 102, 376, 191}, "?coat#1"},
    {1, 4300, {329, 55, 359, 132}, "?coat#12"},
    {1, 100, {140, 88, 186, 180}, "?leather#2"},
    {1, 4900, {326, 47, 354, 120}, "?coat#12"},
    {1, 5500, {533, 118, 574, 231}, "bald"},
    {1, 10900, {508, 13, 536, 87}, "bald"},
    {1, 9400, {193, 63, 225, 138}, "?coat#23"},
    {1, 12700, {454, 91, 497, 180}, "?coat#54"},
    {1, 13600, {611, 120, 640, 218}, "S"},
    {1, 5200, {260, 50, 287, 129}, "brown"},
    {1, 13900, {272, 52, 300, 137}, "brown"},
    {1, 4300, {474, 96, 511, 190}, "W"},
    {1, 11500, {433, 4, 458, 71}, "R"},
    {1, 14200, {395, 63, 433, 138}, "H"},
    {1, 18100, {78, 33, 109, 100}, "H"},
    {1, 16900, {398, 79, 444, 167}, "?leather#97"},
    {1, 18700, {527, 98, 573, 192}, "?leather#97"},
    {1, 14500, {523, 107, 561, 200}, "S"},
    {1, 19300, {144, 71, 176, 150}, "?S#96"},
    {1, 24700, {557, 1, 581, 51}, "W"},
    {1, 17500, {503, 1, 530, 65}, "bald"},
    {1, 25300, {68, 16, 91, 93}, "bald"},
    {1, 18100, {396, 92, 436, 185}, "?jacket#102"},
    {1, 26500, {191, 75, 225, 164}, "?jacket#102"},
    {1, 29800, {506, 31, 533, 99}, "W"},
    {1, 24100, {495, 71, 524, 149}, "?coat#110"},
    {1, 28900, {191, 29, 215, 96}, "?coat#110"},
    {1, 24400, {529, 135, 570, 246}, "?leather#114"},
    {1, 28600, {257, 91, 300, 185}, "?leather#114"},
    {1, 25300, {525, 1, 548, 54}, "R"},
};

std::string group_of(const std::string& label) {
  if (label.empty() || label[0] != '?')
    return label;
  return label.substr(1, label.find('#') - 1);
}

} // namespace

cv::Mat second_camera_view(const cv::Mat& main_frame) {
  cv::Mat view;
  cv::resize(main_frame(cv::Rect(200, 100, 1040, 585)), view, cv::Size(640, 360), 0, 0, cv::INTER_AREA);
  std::vector<cv::Mat> channels;
  cv::split(view, channels);
  channels[0].convertTo(channels[0], -1, 0.92, 0); // less blue
  channels[2].convertTo(channels[2], -1, 1.06, 4); // more red
  cv::merge(channels, view);
  cv::Mat gamma(1, 256, CV_8U);
  for (int i = 0; i < 256; ++i)
    gamma.at<std::uint8_t>(i) = cv::saturate_cast<std::uint8_t>(255 * std::pow(i / 255.0, 0.85));
  cv::LUT(view, gamma, view);
  return view;
}

const std::vector<LabelledSighting>& vtest_sightings() {
  return k_sightings;
}

int same_person(const std::string& a, const std::string& b) {
  if (a == b)
    return 1;
  const bool uncertain = (!a.empty() && a[0] == '?') || (!b.empty() && b[0] == '?');
  return uncertain && group_of(a) == group_of(b) ? 0 : -1;
}

} // namespace argus::detection::testing
