// Colour attributes on painted pictures: each of the ten colour choices, a person's top and bottom, a vehicle, mixed
// regions, a night (greyscale) picture and bad regions.
#include "detection/colour_attributes.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <gtest/gtest.h>

namespace argus::detection {
namespace {

cv::Mat frame_of(const cv::Scalar& bgr) {
  return cv::Mat(360, 640, CV_8UC3, bgr);
}

TEST(ColourAttributesTest, EachColourChoiceIsRecognisedOnAPlainPatch) {
  const std::pair<const char*, cv::Scalar> patches[] = {
      {"red", {30, 30, 210}},      {"orange", {20, 140, 245}}, {"yellow", {40, 230, 240}},
      {"green", {50, 170, 40}},    {"blue", {200, 90, 30}},    {"purple", {150, 40, 120}},
      {"pink", {200, 120, 240}},   {"brown", {30, 70, 110}},   {"blackGray", {25, 25, 25}},
      {"whiteGray", {235, 235, 235}}};
  for (const auto& [name, bgr] : patches)
    EXPECT_EQ(colour_names(dominant_colours(frame_of(bgr), {100, 100, 80, 80})), name) << name;
  EXPECT_EQ(colour_names(dominant_colours(frame_of({128, 128, 128}), {0, 0, 10, 10})), "blackGray"); // mid grey
}

TEST(ColourAttributesTest, APersonsTopAndBottomAreTheirOwnColours) {
  auto frame = frame_of({90, 120, 90});
  cv::Rect person{200, 60, 80, 240};
  cv::rectangle(frame, {person.x, person.y + 40, person.width, 90}, cv::Scalar(30, 30, 210), cv::FILLED);   // red top
  cv::rectangle(frame, {person.x, person.y + 135, person.width, 105}, cv::Scalar(200, 90, 30), cv::FILLED); // blue jeans
  auto colours = person_colours(frame, person);
  EXPECT_EQ(colour_names(colours.top), "red");
  EXPECT_EQ(colour_names(colours.bottom), "blue");
}

TEST(ColourAttributesTest, ARegionHalfOneColourHalfAnotherClaimsBoth) {
  auto frame = frame_of({235, 235, 235});
  cv::rectangle(frame, {100, 100, 40, 80}, cv::Scalar(50, 170, 40), cv::FILLED);
  EXPECT_EQ(colour_names(dominant_colours(frame, {100, 100, 80, 80})), "green,whiteGray");
  EXPECT_EQ(colour_names(vehicle_colour(frame_of({30, 30, 210}), {10, 10, 200, 100})), "red");
}

TEST(ColourAttributesTest, ANightPictureIsRecognisedAndAColourPictureIsNot) {
  cv::Mat grey(360, 640, CV_8UC1);
  cv::randu(grey, 0, 255);
  cv::Mat night;
  cv::cvtColor(grey, night, cv::COLOR_GRAY2BGR);
  EXPECT_TRUE(is_night_picture(night));
  auto day = frame_of({90, 120, 90});
  cv::rectangle(day, {0, 0, 320, 360}, cv::Scalar(30, 30, 210), cv::FILLED);
  EXPECT_FALSE(is_night_picture(day));
}

TEST(ColourAttributesTest, EmptyOrOutsideRegionsAndBadFramesGiveNoColour) {
  auto frame = frame_of({30, 30, 210});
  EXPECT_EQ(dominant_colours(frame, {700, 10, 50, 50}), 0u);
  EXPECT_EQ(dominant_colours(frame, {10, 10, 0, 50}), 0u);
  EXPECT_EQ(colour_names(dominant_colours(frame, {620, 340, 50, 50})), "red"); // clipped to the frame
  EXPECT_EQ(dominant_colours(cv::Mat(), {0, 0, 10, 10}), 0u);
  EXPECT_EQ(dominant_colours(cv::Mat(10, 10, CV_8UC1, cv::Scalar(0)), {0, 0, 10, 10}), 0u);
  EXPECT_FALSE(is_night_picture(cv::Mat()));
  EXPECT_EQ(person_colours(frame, {0, 0, 0, 0}).top, 0u);
}

} // namespace
} // namespace argus::detection
