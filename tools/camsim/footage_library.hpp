#pragma once
// The clips of a footage directory: every NAME_main.mp4 that has a NAME_sub.mp4 beside it, sorted by name (the
// names scripts/prepare-footage.sh writes start with a number, so the order is stable). Camera i plays clip
// i % size().
#include <filesystem>
#include <memory>
#include <vector>

namespace argus::camsim {

class FootageClip;

struct CameraFootage {
  std::shared_ptr<const FootageClip> main;
  std::shared_ptr<const FootageClip> sub;
};

class FootageLibrary {
public:
  //! Loads every clip pair into memory. Throws std::runtime_error when the directory is missing or holds no pair.
  explicit FootageLibrary(const std::filesystem::path& directory);

  std::size_t size() const { return clips_.size(); }
  //! The footage camera `camera_index` plays.
  const CameraFootage& for_camera(int camera_index) const { return clips_[camera_index % clips_.size()]; }

private:
  std::vector<CameraFootage> clips_;
};

} // namespace argus::camsim
