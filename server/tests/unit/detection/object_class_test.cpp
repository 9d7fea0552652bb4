// COCO classes to the spec's object_class and vehicle types (03-exports-search-access.md §3).
#include <gtest/gtest.h>

#include "detection/detection.hpp"
#include "detection/object_class.hpp"

namespace argus::detection {
namespace {

TEST(ObjectClass, PersonAndTheVehicleTypesMapToTheSpecNames) {
  const auto person = kind_of_coco_class(0);
  ASSERT_TRUE(person);
  EXPECT_EQ(person->object_class, ObjectClass::person);
  EXPECT_EQ(static_cast<int>(person->object_class), 0);

  const std::pair<int, std::string_view> vehicles[] = {{1, "bike"},  {2, "car"},   {3, "motorbike"}, {5, "bus"},
                                                       {7, "truck"}, {4, "other"}, {6, "other"},     {8, "other"}};
  for (const auto& [coco_class, type] : vehicles) {
    const auto kind = kind_of_coco_class(coco_class);
    ASSERT_TRUE(kind) << coco_class_name(coco_class);
    EXPECT_EQ(kind->object_class, ObjectClass::vehicle) << coco_class_name(coco_class);
    EXPECT_EQ(static_cast<int>(kind->object_class), 1);
    EXPECT_EQ(vehicle_type_name(kind->vehicle_type), type) << coco_class_name(coco_class);
  }
  EXPECT_EQ(object_class_name(ObjectClass::vehicle), "vehicle");
}

TEST(ObjectClass, OtherClassesAndOutOfRangeIdsHaveNoKind) {
  EXPECT_FALSE(kind_of_coco_class(9));  // traffic light
  EXPECT_FALSE(kind_of_coco_class(16)); // dog
  EXPECT_FALSE(kind_of_coco_class(-1));
  EXPECT_FALSE(kind_of_coco_class(80));
  EXPECT_EQ(coco_class_name(16), "dog");
  EXPECT_EQ(coco_class_name(79), "toothbrush");
  EXPECT_EQ(coco_class_name(80), "unknown");
}

TEST(BoxIou, OverlapEmptyAndDisjoint) {
  EXPECT_FLOAT_EQ(iou({0, 0, 10, 10}, {0, 0, 10, 10}), 1.0F);
  EXPECT_FLOAT_EQ(iou({0, 0, 10, 10}, {5, 0, 15, 10}), 50.0F / 150.0F);
  EXPECT_FLOAT_EQ(iou({0, 0, 10, 10}, {20, 20, 30, 30}), 0.0F);
  EXPECT_FLOAT_EQ(iou({0, 0, 0, 0}, {0, 0, 0, 0}), 0.0F);
}

} // namespace
} // namespace argus::detection
